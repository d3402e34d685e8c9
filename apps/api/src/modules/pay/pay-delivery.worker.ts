/**
 * The delivery worker (DESIGN section 6 "Pay"): works off the delivery jobs that paying an order wrote in the same
 * transaction (transactional outbox), and expires orders left unpaid past their deadline.
 *
 * Each round it claims a batch of due jobs (`FOR UPDATE SKIP LOCKED`, so several workers never take the same job)
 * and leases them for `leaseMs`; for each, the order moves paid -> delivering, the game server is asked to credit
 * it with the order number as idempotency key, and on success the job is done and the order delivered, in one
 * transaction. A failure the game server calls transient is retried with growing backoff (10 s, 20 s, 40 s, ...);
 * after `maxAttempts`, or at once when the game server refuses for good, the job is `dead` with its last error,
 * for staff - the order stays paid / delivering, never failed: the money was taken. A worker that dies between
 * claim and delivery loses nothing: its lease runs out and another worker takes the job again, and the
 * idempotency key makes a credit that did reach the game server count once.
 *
 * Runs inside the API process (pay-worker.plugin.ts) and alone (src/pay-worker.ts).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { codes } from '@gp/errors';
import { inTransaction, type Db } from '../../db/database.ts';
import { GameServerError, type GameServerAdapter } from './game-server.adapter.ts';
import { PayDeliveryRepository, type ClaimedDelivery } from './pay-delivery.repository.ts';
import { PayOrderRepository } from './pay-order.repository.ts';

export const deliveryPolicy = {
  pollMs: 2_000,
  batchSize: 10,
  maxAttempts: 8,
  /** Longer than a game server call may take, so a live worker never loses its claim. */
  leaseMs: 60_000,
  /** 10 s, 20 s, 40 s, ... 21 minutes of retries over 8 attempts; at most 30 minutes apart. */
  backoffMs: (attempts: number) => Math.min(30 * 60_000, 10_000 * 2 ** Math.max(0, attempts - 1)),
  sweepBatch: 100,
} as const;

export interface DeliveryWorkerOptions {
  db: Db;
  gameServer: GameServerAdapter;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  pollMs?: number;
  batchSize?: number;
  maxAttempts?: number;
  leaseMs?: number;
  backoffMs?: (attempts: number) => number;
  now?: () => Date;
}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 500);

export class PayDeliveryWorker {
  private readonly now: () => Date;
  private readonly jobs: PayDeliveryRepository;
  private readonly orders: PayOrderRepository;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private again = false;
  /** Not polling (never started, or stopped). */
  private stopped = true;
  /** stop() was called: a round in flight ends after its batch. */
  private stopping = false;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.now = options.now ?? (() => new Date());
    this.jobs = new PayDeliveryRepository(options.db);
    this.orders = new PayOrderRepository(options.db);
  }

  private get pollMs() {
    return this.options.pollMs ?? deliveryPolicy.pollMs;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the round in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Runs a round soon (an order was just paid) instead of at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.schedule(0);
  }

  private schedule(delay: number) {
    this.timer = setTimeout(() => {
      this.running = this.runOnce()
        .catch((error: unknown) =>
          this.options.log.error({ err: errorText(error) }, 'pay worker round failed; trying again later'),
        )
        .finally(() => {
          this.running = undefined;
          const soon = this.again;
          this.again = false;
          if (!this.stopped) this.schedule(soon ? 0 : this.pollMs);
        });
    }, delay);
    this.timer.unref();
  }

  /** One round: expire overdue orders, then deliver every due job. */
  async runOnce(): Promise<{ expired: number; delivered: number; tried: number }> {
    const expired = await this.expireOverdue();
    let tried = 0;
    let delivered = 0;
    const batchSize = this.options.batchSize ?? deliveryPolicy.batchSize;
    for (;;) {
      const batch = await this.claim(batchSize);
      for (const job of batch) if (await this.deliver(job)) delivered += 1;
      tried += batch.length;
      if (batch.length < batchSize || this.stopping) break;
    }
    return { expired, delivered, tried };
  }

  /** Orders still unpaid at their deadline become expired (reason 15: not paid). */
  async expireOverdue(): Promise<number> {
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

  /** Claims up to `limit` due jobs under a fresh lease token. */
  claim(limit: number): Promise<ClaimedDelivery[]> {
    const now = this.now();
    const leaseMs = this.options.leaseMs ?? deliveryPolicy.leaseMs;
    return this.jobs.claim(
      now,
      new Date(now.getTime() + leaseMs),
      randomBytes(12).toString('base64url'),
      limit,
    );
  }

  /** Delivers one claimed job; answers whether the credit is now delivered. */
  async deliver(job: ClaimedDelivery): Promise<boolean> {
    const { log } = this.options;
    const context = { orderNo: job.orderNo, attempts: job.attempts };
    await this.orders.transition(job.orderId, 'delivering', { cause: 'worker', now: this.now() });
    const order = await this.orders.byId(job.orderId);
    if (order?.state === 'delivered') {
      await this.jobs.done(job.orderId, '', this.now());
      return true;
    }
    if (!order || order.state !== 'delivering') {
      await this.jobs.failed(job.orderId, job.leaseToken, {
        next: null,
        error: `order is ${order?.state ?? 'gone'}`,
        now: this.now(),
      });
      log.error({ ...context, state: order?.state }, 'delivery job of an order that is not paid; given up');
      return false;
    }

    let receipt;
    try {
      receipt = await this.options.gameServer.deliverCredit({
        idempotencyKey: job.orderNo,
        mid: job.mid,
        gameBaseId: job.gameBaseId,
        cpServerId: job.cpServerId,
        cpRoleId: job.cpRoleId,
        productId: job.productId,
        creditAmount: job.creditAmount,
      });
    } catch (error) {
      const retryable = error instanceof GameServerError ? error.retryable : true;
      const maxAttempts = this.options.maxAttempts ?? deliveryPolicy.maxAttempts;
      const givenUp = !retryable || job.attempts >= maxAttempts;
      const now = this.now();
      const backoff = this.options.backoffMs ?? deliveryPolicy.backoffMs;
      const next = givenUp ? null : new Date(now.getTime() + backoff(job.attempts));
      const lastError = errorText(error);
      await this.jobs.failed(job.orderId, job.leaseToken, { next, error: lastError, now });
      if (givenUp) log.error({ ...context, err: lastError }, 'credit not delivered; dead-lettered for staff');
      else log.warn({ ...context, err: lastError, next }, 'credit not delivered; will retry');
      return false;
    }

    const now = this.now();
    await inTransaction(this.options.db, async (tx) => {
      await new PayDeliveryRepository(tx).done(job.orderId, receipt.deliveryId, now);
      await new PayOrderRepository(tx).transition(job.orderId, 'delivered', {
        cause: 'worker',
        set: { deliveredAt: receipt.deliveredAt },
        now,
      });
    });
    log.info(
      { ...context, deliveryId: receipt.deliveryId, duplicate: receipt.duplicate },
      'credit delivered',
    );
    return true;
  }
}
