/**
 * The erasure job (one of the process's jobs, composition/background-jobs.ts): every `privacyPolicy.intervalMs` it erases
 * the members whose deletion's grace period is over. A round runs under `exclusive` (an advisory lock across
 * processes), and each member is erased in its own transaction that first locks the request and checks it is
 * still pending, so a round cut short is simply continued by the next, and nothing is erased twice.
 */
import type { Clock } from '../../config/clock.ts';
import type { Db, Exclusive } from '../../db/database.ts';
import { periodicJob, type PeriodicJob } from '../../jobs/periodic-job.ts';
import type { WorkerLog } from '../../jobs/polling-worker.ts';
import { privacyPolicy } from './privacy.policy.ts';
import { PrivacyService } from './privacy.service.ts';

/** `runOnce` answers how many members the round erased. */
export type PrivacyJob = PeriodicJob<number>;

export function createPrivacyJob(deps: {
  db: Db;
  now: Clock;
  log: Pick<WorkerLog, 'info' | 'error'>;
  graceDays: number;
  /** Runs a round unless another process is running one (`database.exclusive`). Default: always runs. */
  exclusive?: Exclusive;
  intervalMs?: number;
}): PrivacyJob {
  const service = new PrivacyService({ db: deps.db, now: deps.now, graceDays: deps.graceDays });
  const exclusive = deps.exclusive ?? ((_name, work) => work());
  return periodicJob({
    name: 'privacy erasure',
    log: deps.log,
    now: deps.now,
    intervalMs: deps.intervalMs ?? privacyPolicy.intervalMs,
    round: async (stopping) => {
      const erased = (await exclusive('privacy.erasure', () => service.eraseDue(stopping))) ?? 0;
      if (erased > 0) deps.log.info({ erased }, 'privacy: accounts erased after their grace period');
      return erased;
    },
    done: (erased) => erased,
  });
}
