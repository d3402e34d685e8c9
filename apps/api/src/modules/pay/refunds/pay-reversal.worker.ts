/**
 * The reversal worker: takes back the game credit of refunded orders, once. Its queue is the refund rows
 * whose reversal is `pending` (written in the refund's transaction: a transactional outbox), claimed with
 * `FOR UPDATE SKIP LOCKED` and leased like the delivery worker's jobs, so a crash or several workers lose
 * nothing and do nothing twice; the game server's reversal is idempotent per order number too.
 *
 * For each: while the order's delivery is in flight (a worker holds its job) it waits, since that delivery may
 * still credit; a delivery job still waiting for a retry is given up (the order is refunded). Then the game server
 * is asked to reverse the delivery of the order number, and its answer is kept for staff: `reversed`,
 * `not_delivered` (it has no delivery of the order), or `refused` with its reason. When it is unavailable the
 * reversal is tried again with growing backoff (10 s, 20 s, ... up to 30 minutes apart), and after `maxAttempts`
 * it is `failed` with the last error, for staff.
 */
import type { Clock } from '../../../config/clock.ts';
import type { Db } from '../../../db/database.ts';
import { backoff, LoopWorker, PollingWorker, type WorkerLog } from '../../../jobs/polling-worker.ts';
import { gameServerQueue } from '../game-server/game-server-queue.ts';
import { GameServerError, type GameServerAdapter } from '../game-server/game-server.adapter.ts';
import { PayRefundRepository, type ClaimedReversal } from './pay-refund.repository.ts';

export const reversalPolicy = {
  pollMs: 5_000,
  batchSize: 10,
  maxAttempts: 12,
  leaseMs: 60_000,
  backoffMs: backoff({ firstMs: 10_000, factor: 2, capMs: 30 * 60_000 }),
} as const;

export interface ReversalWorkerOptions {
  db: Db;
  gameServer: GameServerAdapter;
  log: WorkerLog;
  now: Clock;
  pollMs?: number;
  maxAttempts?: number;
  backoffMs?: (attempts: number) => number;
}

export class PayReversalWorker extends LoopWorker<ClaimedReversal> {
  private readonly repo: PayRefundRepository;
  protected readonly loop: PollingWorker<ClaimedReversal>;

  constructor(private readonly options: ReversalWorkerOptions) {
    super();
    this.repo = new PayRefundRepository(options.db);
    this.loop = new PollingWorker({
      name: 'pay reversals',
      log: options.log,
      now: options.now,
      pollMs: options.pollMs ?? reversalPolicy.pollMs,
      queue: gameServerQueue({
        store: this.repo,
        policy: {
          batchSize: reversalPolicy.batchSize,
          leaseMs: reversalPolicy.leaseMs,
          maxAttempts: options.maxAttempts ?? reversalPolicy.maxAttempts,
          backoffMs: options.backoffMs ?? reversalPolicy.backoffMs,
        },
        log: options.log,
        handle: (job) => this.reverse(job),
        says: {
          retry: 'credit not reversed; will retry',
          givenUp: 'credit not reversed; given up, for staff',
        },
      }),
    });
  }

  /** One round; answers how many reversals were settled and tried. */
  async runOnce(): Promise<{ settled: number; tried: number }> {
    const round = await this.loop.round();
    return { settled: round.done, tried: round.tried };
  }

  private async reverse(job: ClaimedReversal): Promise<void> {
    const now = this.options.now();
    if ((await this.repo.deliveryJob(job.orderId))?.status === 'pending') {
      await this.repo.cancelDelivery(job.orderId, now);
      // Still pending: a delivery worker holds it and may be crediting right now; settle after it.
      if ((await this.repo.deliveryJob(job.orderId))?.status === 'pending')
        throw new Error('delivery in flight; the reversal waits for it');
    }
    let answer: {
      status: 'reversed' | 'not_delivered' | 'refused';
      reason: string | null;
      reversedAt: Date | null;
    };
    try {
      const record = await this.options.gameServer.reverseDelivery(job.gameBaseId, job.orderNo);
      answer = { status: 'reversed', reason: null, reversedAt: record.reversedAt ?? now };
    } catch (error) {
      if (!(error instanceof GameServerError) || error.retryable) throw error;
      answer =
        error.reason === 'delivery_missing'
          ? { status: 'not_delivered', reason: null, reversedAt: null }
          : { status: 'refused', reason: error.reason, reversedAt: null };
    }
    await this.repo.settle(job.orderId, job.leaseToken, answer, this.options.now());
    this.options.log.info(
      { orderNo: job.orderNo, reversal: answer.status, reason: answer.reason },
      'credit reversal',
    );
  }
}
