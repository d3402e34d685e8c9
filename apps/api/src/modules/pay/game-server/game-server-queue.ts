/**
 * The queue of a worker that asks the game server for something per order (the credit delivery, the reversal of a
 * refunded order's credit): jobs claimed with a fresh lease token each time, so a failure is recorded only by the
 * claim that still holds the job; retried while the game server calls its failure transient, then given up for
 * staff, with a log line either way.
 */
import { randomBytes } from 'node:crypto';
import type { WorkerLog, WorkQueue } from '../../../jobs/polling-worker.ts';
import { GameServerError } from './game-server.adapter.ts';

export interface OrderJob {
  orderId: number;
  orderNo: string;
  attempts: number;
  leaseToken: string;
}

export interface OrderJobStore<Job extends OrderJob> {
  claim(now: Date, leaseUntil: Date, leaseToken: string, limit: number): Promise<Job[]>;
  failed(
    orderId: number,
    leaseToken: string,
    failure: { next: Date | null; error: string; now: Date },
  ): Promise<unknown>;
}

export function gameServerQueue<Job extends OrderJob>(options: {
  store: OrderJobStore<Job>;
  policy: Pick<WorkQueue<Job>, 'batchSize' | 'concurrency' | 'leaseMs' | 'maxAttempts' | 'backoffMs'>;
  log: WorkerLog;
  handle: (job: Job) => Promise<void>;
  /** The log lines of a failed try: due again, or given up. */
  says: { retry: string; givenUp: string };
}): WorkQueue<Job> {
  const { store, log, says } = options;
  return {
    ...options.policy,
    claim: ({ now, leaseUntil, limit }) =>
      store.claim(now, leaseUntil, randomBytes(12).toString('base64url'), limit),
    attemptsOf: (job) => job.attempts,
    handle: options.handle,
    retryable: (error) => (error instanceof GameServerError ? error.retryable : true),
    failed: async (job, failure) => {
      await store.failed(job.orderId, job.leaseToken, {
        next: failure.retryAt,
        error: failure.message,
        now: failure.now,
      });
      const context = { orderNo: job.orderNo, attempts: job.attempts, err: failure.message };
      if (failure.retryAt) log.warn({ ...context, next: failure.retryAt }, says.retry);
      else log.error(context, says.givenUp);
    },
  };
}
