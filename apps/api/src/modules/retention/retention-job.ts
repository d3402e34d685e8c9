/**
 * The retention job (retention.service.ts) on a polling worker (jobs/polling-worker.ts), with a task and no
 * queue, every `retentionPolicy.intervalMs`. Its statements pick rows with SKIP LOCKED and delete or blank what
 * is already dead, so two processes running it side by side only share the work.
 *
 * `createRetentionJob` is what the process's job list (jobs/background-jobs.ts) starts and stops.
 */
import type { Clock } from '../../config/clock.ts';
import type { Db } from '../../db/database.ts';
import { PollingWorker, type WorkerLog } from '../../jobs/polling-worker.ts';
import { retentionPolicy } from './retention.policy.ts';
import { RetentionService, type RetentionCounts } from './retention.service.ts';

export interface RetentionJob {
  start(): void;
  /** Stops the rounds; resolves when the one in flight has finished its current batch. */
  stop(): Promise<void>;
  /** One round now (tests, an operator's script). */
  runOnce(): Promise<RetentionCounts>;
}

export function createRetentionJob(deps: {
  db: Db;
  now: Clock;
  log: Pick<WorkerLog, 'info' | 'error'>;
  intervalMs?: number;
}): RetentionJob {
  const service = new RetentionService(deps.db, { now: deps.now });
  let stopping = false;
  const runOnce = async () => {
    const counts = await service.runOnce(() => stopping);
    const done = Object.values(counts).reduce((a, b) => a + b, 0);
    if (done > 0) deps.log.info({ retention: counts }, 'retention: expired rows purged');
    return counts;
  };
  const intervalMs = deps.intervalMs ?? retentionPolicy.intervalMs;
  const worker = new PollingWorker({
    name: 'retention',
    log: deps.log,
    now: deps.now,
    pollMs: intervalMs,
    firstRoundAfterMs: intervalMs,
    task: async () => Object.values(await runOnce()).reduce((a, b) => a + b, 0),
  });
  return {
    start: () => {
      stopping = false;
      worker.start();
    },
    stop: () => {
      stopping = true;
      return worker.stop();
    },
    runOnce,
  };
}
