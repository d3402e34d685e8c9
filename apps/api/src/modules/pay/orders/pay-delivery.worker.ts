/**
 * The delivery worker (DESIGN section 6 "Pay"): works off the delivery jobs that paying an order wrote in the same
 * transaction (transactional outbox), and expires orders left unpaid past their deadline.
 *
 * Each round it claims a batch of due jobs (`FOR UPDATE SKIP LOCKED`, so several workers never take the same job)
 * and leases them for `leaseMs`; it works `concurrency` of them at once, and for each, the order moves paid -> delivering, the game server is asked to credit
 * it with the order number as idempotency key, and on success the job is done and the order delivered, in one
 * transaction. A failure the game server calls transient is retried with growing backoff (10 s, 20 s, 40 s, ...);
 * after `maxAttempts`, or at once when the game server refuses for good, the job is `dead` with its last error,
 * for staff - the order stays paid / delivering, never failed: the money was taken. A worker that dies between
 * claim and delivery loses nothing: its lease runs out and another worker takes the job again, and the
 * idempotency key makes a credit that did reach the game server count once.
 *
 * A polling worker (jobs/polling-worker.ts), one of the background jobs (src/composition/background-jobs.ts): it runs in
 * the API process (RUN_JOBS) or in src/worker.ts, and any number of either share the work. The expiry sweep runs
 * under `exclusive` (an advisory lock), so two processes never sweep at once.
 */
import { codes } from '@gp/errors';
import type { Clock } from '../../../config/clock.ts';
import { inTransaction, type Db, type Exclusive } from '../../../db/database.ts';
import { backoff, GiveUp, LoopWorker, PollingWorker, type WorkerLog } from '../../../jobs/polling-worker.ts';
import { gameServerQueue } from '../game-server/game-server-queue.ts';
import type { GameServerAdapter } from '../game-server/game-server.adapter.ts';
import { PayDeliveryRepository, type ClaimedDelivery } from './pay-delivery.repository.ts';
import { PayOrderRepository } from './pay-order.repository.ts';

export const deliveryPolicy = {
  pollMs: 2_000,
  batchSize: 10,
  /**
   * Credits asked of game servers at once: a call mostly waits on the game server, so after an outage the backlog
   * of paid orders clears several times faster than one by one, while no studio's server gets more than this many
   * of our calls at a time from one worker.
   */
  concurrency: 5,
  maxAttempts: 8,
  /** Longer than a game server call may take, so a live worker never loses its claim. */
  leaseMs: 60_000,
  /** 10 s, 20 s, 40 s, ... 21 minutes of retries over 8 attempts; at most 30 minutes apart. */
  backoffMs: backoff({ firstMs: 10_000, factor: 2, capMs: 30 * 60_000 }),
  sweepBatch: 100,
} as const;

export interface DeliveryWorkerOptions {
  db: Db;
  gameServer: GameServerAdapter;
  log: WorkerLog;
  now: Clock;
  pollMs?: number;
  /** See `PollingWorkerOptions.keepProcessAlive`. */
  keepProcessAlive?: boolean;
  /** Runs the expiry sweep unless another process is sweeping (`database.exclusive`). Default: always runs. */
  exclusive?: Exclusive;
  batchSize?: number;
  concurrency?: number;
  maxAttempts?: number;
  leaseMs?: number;
  backoffMs?: (attempts: number) => number;
}

export class PayDeliveryWorker extends LoopWorker<ClaimedDelivery> {
  private readonly now: Clock;
  private readonly jobs: PayDeliveryRepository;
  private readonly orders: PayOrderRepository;
  protected readonly loop: PollingWorker<ClaimedDelivery>;

  constructor(private readonly options: DeliveryWorkerOptions) {
    super();
    this.now = options.now;
    this.jobs = new PayDeliveryRepository(options.db);
    this.orders = new PayOrderRepository(options.db);
    this.loop = new PollingWorker({
      name: 'pay worker',
      log: options.log,
      now: options.now,
      pollMs: options.pollMs ?? deliveryPolicy.pollMs,
      keepProcessAlive: options.keepProcessAlive ?? false,
      task: () => this.expireOverdue(),
      queue: gameServerQueue({
        store: this.jobs,
        policy: {
          batchSize: options.batchSize ?? deliveryPolicy.batchSize,
          concurrency: options.concurrency ?? deliveryPolicy.concurrency,
          leaseMs: options.leaseMs ?? deliveryPolicy.leaseMs,
          maxAttempts: options.maxAttempts ?? deliveryPolicy.maxAttempts,
          backoffMs: options.backoffMs ?? deliveryPolicy.backoffMs,
        },
        log: options.log,
        handle: (job) => this.deliver(job),
        says: {
          retry: 'credit not delivered; will retry',
          givenUp: 'credit not delivered; dead-lettered for staff',
        },
      }),
    });
  }

  /** One round: expire overdue orders, then deliver every due job. */
  async runOnce(): Promise<{ expired: number; delivered: number; tried: number }> {
    const round = await this.loop.round();
    return { expired: round.task, delivered: round.done, tried: round.tried };
  }

  /**
   * Orders still unpaid at their deadline become expired (reason 15: not paid); answers how many. Answers 0 at
   * once while another process is sweeping: each order's move is guarded by its state anyway, and the lock keeps
   * two sweeps from even trying the same orders.
   */
  async expireOverdue(): Promise<number> {
    const exclusive = this.options.exclusive ?? ((_name, work) => work());
    return (await exclusive('pay.order-expiry', () => this.sweepOverdue())) ?? 0;
  }

  private async sweepOverdue(): Promise<number> {
    let expired = 0;
    for (;;) {
      const now = this.now();
      const ids = await this.orders.overdue(now, deliveryPolicy.sweepBatch);
      for (const id of ids) {
        const moved = await this.orders.transition(id, 'expired', {
          cause: 'sweep',
          set: { reasonCode: codes.payOrderNotPaid },
          now,
        });
        if (moved) expired += 1;
      }
      if (ids.length < deliveryPolicy.sweepBatch) return expired;
    }
  }

  /**
   * Delivers one claimed job: the credit is delivered when it resolves. A game server's refusal throws (retried
   * when it is transient); a job whose order is not owed a credit is given up at once.
   */
  private async deliver(job: ClaimedDelivery): Promise<void> {
    await this.orders.transition(job.orderId, 'delivering', { cause: 'worker', now: this.now() });
    const order = await this.orders.byId(job.orderId);
    if (order?.state === 'delivered') {
      await this.jobs.done(job.orderId, '', this.now());
      return;
    }
    if (!order || order.state !== 'delivering') throw new GiveUp(`order is ${order?.state ?? 'gone'}`);

    const receipt = await this.options.gameServer.deliverCredit({
      idempotencyKey: job.orderNo,
      mid: job.mid,
      gameBaseId: job.gameBaseId,
      cpServerId: job.cpServerId,
      cpRoleId: job.cpRoleId,
      productId: job.productId,
      creditAmount: job.creditAmount,
    });
    const now = this.now();
    await inTransaction(this.options.db, async (tx) => {
      await new PayDeliveryRepository(tx).done(job.orderId, receipt.deliveryId, now);
      await new PayOrderRepository(tx).transition(job.orderId, 'delivered', {
        cause: 'worker',
        set: { deliveredAt: receipt.deliveredAt },
        now,
      });
    });
    this.options.log.info(
      {
        orderNo: job.orderNo,
        attempts: job.attempts,
        deliveryId: receipt.deliveryId,
        duplicate: receipt.duplicate,
      },
      'credit delivered',
    );
  }
}
