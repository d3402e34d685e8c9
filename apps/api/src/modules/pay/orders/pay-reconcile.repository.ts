/**
 * The reconciliation job's bookkeeping (pay_reconcile_check): which orders still waiting for their payment are
 * due to be asked about at their provider, and what the provider last said. The orders themselves only move
 * through PayOrderRepository.transition (the order engine applies the answer).
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { payOrder } from '../../../db/schema/pay-order.schema.ts';
import { payReconcileCheck } from '../../../db/schema/pay-reconcile.schema.ts';
import { awaitingProvider } from './order-state.ts';
import type { PayOrderRow } from './pay-order.repository.ts';

export interface DueOrder {
  order: PayOrderRow;
  /** Times the provider was asked before. */
  attempts: number;
}

export class PayReconcileRepository {
  constructor(private readonly db: Db) {}

  /**
   * Up to `limit` orders to ask about now: waiting for their payment (or failed / expired while the provider may
   * still take it), with a payment at the provider, opened at least `openedBefore` ago, not past
   * `expiredAfter` (the provider's expiry and a margin), and not asked yet or due again; longest waiting first.
   */
  async due(query: {
    now: Date;
    openedBefore: Date;
    expiredAfter: Date;
    limit: number;
  }): Promise<DueOrder[]> {
    const rows = await this.db
      .select({ order: payOrder, attempts: payReconcileCheck.attempts })
      .from(payOrder)
      .leftJoin(payReconcileCheck, eq(payReconcileCheck.orderId, payOrder.id))
      .where(
        and(
          inArray(payOrder.state, [...awaitingProvider]),
          isNotNull(payOrder.payOrderNo),
          lte(payOrder.createdAt, query.openedBefore),
          gt(payOrder.expiresAt, query.expiredAfter),
          or(
            isNull(payReconcileCheck.orderId),
            and(isNull(payReconcileCheck.doneAt), lte(payReconcileCheck.nextCheckAt, query.now)),
          ),
        ),
      )
      .orderBy(asc(sql`coalesce(${payReconcileCheck.nextCheckAt}, ${payOrder.createdAt})`), asc(payOrder.id))
      .limit(query.limit);
    return rows.map((r) => ({ order: r.order, attempts: r.attempts ?? 0 }));
  }

  /** Records an ask: what the provider said, and when to ask next (`next` null: never again). */
  async asked(
    orderId: number,
    check: { attempts: number; status: string; next: Date | null; now: Date },
  ): Promise<void> {
    const values = {
      attempts: check.attempts,
      lastStatus: check.status,
      lastCheckedAt: check.now,
      nextCheckAt: check.next ?? check.now,
      doneAt: check.next ? null : check.now,
    };
    await this.db
      .insert(payReconcileCheck)
      .values({ orderId, ...values })
      .onConflictDoUpdate({ target: payReconcileCheck.orderId, set: values });
  }

  async checkOf(orderId: number) {
    const [row] = await this.db
      .select()
      .from(payReconcileCheck)
      .where(eq(payReconcileCheck.orderId, orderId));
    return row;
  }
}
