/**
 * The retention job (retention.service.ts): a periodic job (jobs/periodic-job.ts) every
 * `retentionPolicy.intervalMs`. Its statements pick rows with SKIP LOCKED and delete or blank what
 * is already dead, so two processes running it side by side only share the work.
 *
 * `createRetentionJob` is what the process's job list (composition/background-jobs.ts) starts and stops.
 */
import type { Clock } from '../../config/clock.ts';
import type { Db } from '../../db/database.ts';
import { periodicJob, type PeriodicJob } from '../../jobs/periodic-job.ts';
import type { WorkerLog } from '../../jobs/polling-worker.ts';
import { retentionPolicy } from './retention.policy.ts';
import { RetentionService, type RetentionCounts } from './retention.service.ts';

export type RetentionJob = PeriodicJob<RetentionCounts>;

const total = (counts: RetentionCounts) => Object.values(counts).reduce((a, b) => a + b, 0);

export function createRetentionJob(deps: {
  db: Db;
  now: Clock;
  log: Pick<WorkerLog, 'info' | 'error'>;
  intervalMs?: number;
}): RetentionJob {
  const service = new RetentionService(deps.db, { now: deps.now });
  return periodicJob({
    name: 'retention',
    log: deps.log,
    now: deps.now,
    intervalMs: deps.intervalMs ?? retentionPolicy.intervalMs,
    round: async (stopping) => {
      const counts = await service.runOnce(stopping);
      if (total(counts) > 0) deps.log.info({ retention: counts }, 'retention: expired rows purged');
      return counts;
    },
    done: total,
  });
}
