/**
 * Reconciliation, one of the background jobs (src/composition/background-jobs.ts): a lost or late
 * notification never leaves a paid order pending or uncredited.
 *
 * Each round (every `pollMs`, under `exclusive`, an advisory lock, so processes never sweep at once) takes a
 * bounded batch of orders still waiting for their payment - created / awaiting_payment, and failed / expired
 * ones the provider may still have taken (order-state.ts `awaitingProvider`) - opened at least `afterMs`
 * (PAY_RECONCILE_AFTER_MS) ago, and asks each order's provider about it (`queryPayment`). The answer is applied
 * by the order engine exactly as a notification is (PayOrderService.askProvider: the guarded transitions, the
 * delivery job in the same transaction), so a paid order is credited once whichever comes first, and a late
 * answer moves nothing it must not (a paid order never becomes expired).
 *
 * Per order, pay_reconcile_check keeps the asks: an order the provider calls pending (or does not know, or a
 * failed call) is asked again after a growing wait (2, 4, 8 ... minutes, at most an hour apart) until the
 * provider's expiry plus a margin (`stopAfterExpiryMs` after the order's deadline: a Stripe Checkout Session
 * stays open at least 30 minutes, so it may outlive a shorter order); a decided answer is final.
 */
import type { Counter } from 'prom-client';
import type { Clock } from '../../../config/clock.ts';
import type { Db, Exclusive } from '../../../db/database.ts';
import { backoff, errorText, PollingWorker, type WorkerLog } from '../../../jobs/polling-worker.ts';
import type { PayOrderService } from './pay-order.service.ts';
import { PayReconcileRepository, type DueOrder } from './pay-reconcile.repository.ts';

export const reconcilePolicy = {
  pollMs: 60_000,
  batchSize: 50,
  /** The wait after the n-th ask that decided nothing. */
  backoffMs: backoff({ firstMs: 2 * 60_000, factor: 2, capMs: 60 * 60_000 }),
  /** Asked until this long after the order's deadline (the provider's own expiry may be later). */
  stopAfterExpiryMs: 2 * 3600_000,
} as const;

export interface ReconcileRoundResult {
  /** Orders asked about. */
  asked: number;
  /** Orders the answer moved (paid, declined or expired here). */
  moved: number;
}

export class PayReconciler {
  private readonly repo: PayReconcileRepository;
  private readonly loop: PollingWorker;

  constructor(
    private readonly deps: {
      db: Db;
      orders: Pick<PayOrderService, 'askProvider'>;
      log: WorkerLog;
      now: Clock;
      /** How long after an order was opened its provider is first asked (PAY_RECONCILE_AFTER_MS). */
      afterMs: number;
      pollMs?: number;
      batchSize?: number;
      exclusive?: Exclusive;
      metrics?: { reconciled: Counter<'outcome'>; asked: Counter<'provider' | 'answer'> };
    },
  ) {
    this.repo = new PayReconcileRepository(deps.db);
    const pollMs = deps.pollMs ?? reconcilePolicy.pollMs;
    this.loop = new PollingWorker({
      name: 'pay reconciliation',
      log: deps.log,
      now: deps.now,
      pollMs,
      firstRoundAfterMs: pollMs,
      task: async () => (await this.runOnce()).asked,
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One round (what a tick does; tests call it). Nothing while another process runs one. */
  async runOnce(): Promise<ReconcileRoundResult> {
    const exclusive = this.deps.exclusive ?? ((_name, work) => work());
    return (await exclusive('pay.reconcile', () => this.sweep())) ?? { asked: 0, moved: 0 };
  }

  private async sweep(): Promise<ReconcileRoundResult> {
    const now = this.deps.now();
    const due = await this.repo.due({
      now,
      openedBefore: new Date(now.getTime() - this.deps.afterMs),
      expiredAfter: new Date(now.getTime() - reconcilePolicy.stopAfterExpiryMs),
      limit: this.deps.batchSize ?? reconcilePolicy.batchSize,
    });
    let moved = 0;
    for (const item of due) if (await this.reconcile(item)) moved += 1;
    if (moved > 0) this.deps.log.info({ asked: due.length, moved }, 'pay reconciliation');
    return { asked: due.length, moved };
  }

  /** Asks about one order and books the ask; answers whether the order moved. */
  private async reconcile({ order, attempts }: DueOrder): Promise<boolean> {
    // `none`: not asked, the order moved on meanwhile (a notification came); `error`: the call failed.
    let answer = 'error';
    let result = 'ignored';
    try {
      const asked = await this.deps.orders.askProvider(order, 'reconcile');
      answer = asked.answer ?? 'none';
      result = asked.result;
    } catch (error) {
      // The provider could not be asked (down, timed out): asked again after the backoff like a pending answer.
      this.deps.log.warn(
        { orderNo: order.orderNo, err: errorText(error) },
        'reconciliation: provider not asked',
      );
    }
    const now = this.deps.now();
    const tries = attempts + 1;
    const decided = answer === 'paid' || answer === 'declined' || answer === 'expired' || answer === 'none';
    const next = new Date(now.getTime() + reconcilePolicy.backoffMs(tries));
    const stopAt = order.expiresAt.getTime() + reconcilePolicy.stopAfterExpiryMs;
    await this.repo.asked(order.id, {
      attempts: tries,
      status: answer,
      next: decided || next.getTime() > stopAt ? null : next,
      now,
    });
    this.deps.metrics?.asked.inc({ provider: order.provider, answer });
    if (result === 'mismatch') {
      this.deps.metrics?.reconciled.inc({ outcome: 'mismatch' });
      this.deps.log.error(
        { orderNo: order.orderNo, payOrderNo: order.payOrderNo },
        'reconciliation: the provider took another amount than the order; not credited (see the settlement check)',
      );
      return false;
    }
    if (result !== 'applied') return false;
    this.deps.metrics?.reconciled.inc({ outcome: answer });
    this.deps.log.warn(
      { orderNo: order.orderNo, payOrderNo: order.payOrderNo, answer },
      "reconciliation applied the provider's answer (its notification was lost or late)",
    );
    return true;
  }
}
