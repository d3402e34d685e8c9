/**
 * Refunds, disputes and credit reversals of orders (pay-refund.schema.ts). The refund row is written in the
 * transaction that moves the order to `refunded` and is the reversal's outbox: the reversal worker claims due
 * pending rows (FOR UPDATE SKIP LOCKED, leased under a fresh token) and settles them with the game server's answer.
 */
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { payDeliveryJob, payOrder } from '../../../db/schema/pay-order.schema.ts';
import {
  payOrderDispute,
  payOrderRefund,
  type refundReasonValues,
  type reversalStatusValues,
} from '../../../db/schema/pay-refund.schema.ts';

export type RefundRow = typeof payOrderRefund.$inferSelect;
export type DisputeRow = typeof payOrderDispute.$inferSelect;
export type RefundReason = (typeof refundReasonValues)[number];
export type ReversalStatus = (typeof reversalStatusValues)[number];

/** A claimed reversal with what the game server needs. */
export interface ClaimedReversal {
  orderId: number;
  orderNo: string;
  gameBaseId: number;
  attempts: number;
  leaseToken: string;
}

export class PayRefundRepository {
  constructor(private readonly db: Db) {}

  /** Records an order's refund once; answers false when it had one already. */
  async insertRefund(values: typeof payOrderRefund.$inferInsert): Promise<boolean> {
    const rows = await this.db
      .insert(payOrderRefund)
      .values(values)
      .onConflictDoNothing()
      .returning({ orderId: payOrderRefund.orderId });
    return rows.length > 0;
  }

  /** The refunds of these orders, by order id. */
  async refundsOf(orderIds: number[]): Promise<Map<number, RefundRow>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.db.select().from(payOrderRefund).where(inArray(payOrderRefund.orderId, orderIds));
    return new Map(rows.map((r) => [r.orderId, r]));
  }

  async refund(orderId: number): Promise<RefundRow | undefined> {
    const [row] = await this.db.select().from(payOrderRefund).where(eq(payOrderRefund.orderId, orderId));
    return row;
  }

  /**
   * Staff's refund of an order the provider reported refunded first (their own refund's webhook overtook the
   * answer): the row takes staff's reason, note and name. Answers whether it did. Only a reported refund: a lost
   * dispute's row is not staff's refund and keeps its reason.
   */
  async claimProviderRefund(
    orderId: number,
    staff: {
      reason: RefundReason;
      note: string | null;
      staffId: number;
      staffAccountId: string;
      refundRef: string;
    },
    now: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .update(payOrderRefund)
      .set({ ...staff, updatedAt: now })
      .where(
        and(
          eq(payOrderRefund.orderId, orderId),
          isNull(payOrderRefund.staffId),
          eq(payOrderRefund.reason, 'provider'),
        ),
      )
      .returning({ orderId: payOrderRefund.orderId });
    return rows.length > 0;
  }

  /**
   * The delivery job of an order refunded before delivery is given up, unless a worker holds it this moment
   * (that worker then finds the order refunded and gives up itself, before asking the game server).
   */
  async cancelDelivery(orderId: number, now: Date): Promise<void> {
    await this.db
      .update(payDeliveryJob)
      .set({ status: 'dead', lastError: 'order refunded before delivery', updatedAt: now })
      .where(
        and(
          eq(payDeliveryJob.orderId, orderId),
          eq(payDeliveryJob.status, 'pending'),
          or(isNull(payDeliveryJob.leaseToken), lte(payDeliveryJob.nextAttemptAt, now)),
        ),
      );
  }

  /** The order's delivery job as it stands (reversal waits while one is in flight). */
  async deliveryJob(orderId: number) {
    const [row] = await this.db.select().from(payDeliveryJob).where(eq(payDeliveryJob.orderId, orderId));
    return row;
  }

  /** Takes up to `limit` due pending reversals nobody holds, counts the attempt and leases them. */
  async claim(now: Date, leaseUntil: Date, leaseToken: string, limit: number): Promise<ClaimedReversal[]> {
    const due = this.db.$with('due').as(
      this.db
        .select({ orderId: payOrderRefund.orderId })
        .from(payOrderRefund)
        .where(and(eq(payOrderRefund.reversalStatus, 'pending'), lte(payOrderRefund.reversalNextAt, now)))
        .orderBy(payOrderRefund.reversalNextAt)
        .limit(limit)
        .for('update', { skipLocked: true }),
    );
    const claimed = await this.db
      .with(due)
      .update(payOrderRefund)
      .set({
        reversalAttempts: sql`${payOrderRefund.reversalAttempts} + 1`,
        reversalNextAt: leaseUntil,
        reversalLeaseToken: leaseToken,
        updatedAt: now,
      })
      .from(due)
      .where(eq(payOrderRefund.orderId, due.orderId))
      .returning({ orderId: payOrderRefund.orderId, attempts: payOrderRefund.reversalAttempts });
    const out: ClaimedReversal[] = [];
    for (const job of claimed) {
      const [order] = await this.db
        .select({ orderNo: payOrder.orderNo, gameBaseId: payOrder.gameBaseId })
        .from(payOrder)
        .where(eq(payOrder.id, job.orderId));
      if (order) out.push({ orderId: job.orderId, attempts: job.attempts, leaseToken, ...order });
    }
    return out;
  }

  /** The game server answered: the reversal is settled (by the claim that still holds it). */
  async settle(
    orderId: number,
    leaseToken: string,
    answer: { status: ReversalStatus; reason: string | null; reversedAt: Date | null },
    now: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .update(payOrderRefund)
      .set({
        reversalStatus: answer.status,
        reversalReason: answer.reason,
        reversedAt: answer.reversedAt,
        reversalLeaseToken: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(payOrderRefund.orderId, orderId),
          eq(payOrderRefund.reversalStatus, 'pending'),
          eq(payOrderRefund.reversalLeaseToken, leaseToken),
        ),
      )
      .returning({ orderId: payOrderRefund.orderId });
    return rows.length > 0;
  }

  /** A failed try: again at `next`, or failed for staff when `next` is null. */
  async failed(
    orderId: number,
    leaseToken: string,
    failure: { next: Date | null; error: string; now: Date },
  ): Promise<void> {
    await this.db
      .update(payOrderRefund)
      .set(
        failure.next
          ? {
              reversalNextAt: failure.next,
              reversalReason: failure.error,
              reversalLeaseToken: null,
              updatedAt: failure.now,
            }
          : {
              reversalStatus: 'failed',
              reversalReason: failure.error,
              reversalLeaseToken: null,
              updatedAt: failure.now,
            },
      )
      .where(
        and(
          eq(payOrderRefund.orderId, orderId),
          eq(payOrderRefund.reversalStatus, 'pending'),
          eq(payOrderRefund.reversalLeaseToken, leaseToken),
        ),
      );
  }

  // ---- Disputes ----

  async dispute(orderId: number): Promise<DisputeRow | undefined> {
    const [row] = await this.db.select().from(payOrderDispute).where(eq(payOrderDispute.orderId, orderId));
    return row;
  }

  /**
   * Records what the provider says about the order's dispute, unless an event at least as recent was applied
   * already (out of order: a late `created` after `closed` changes nothing). Answers whether it changed the row.
   */
  async upsertDispute(values: {
    orderId: number;
    disputeRef: string;
    status: string;
    reason: string;
    openedAt: Date;
    eventAt: Date;
    closedAt: Date | null;
    now: Date;
  }): Promise<boolean> {
    const { now, ...row } = values;
    const rows = await this.db
      .insert(payOrderDispute)
      .values({ ...row, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: payOrderDispute.orderId,
        set: {
          disputeRef: row.disputeRef,
          status: row.status,
          reason: row.reason,
          eventAt: row.eventAt,
          closedAt: row.closedAt,
          updatedAt: now,
        },
        // A closed dispute is final for its events; an older event never overwrites a newer one.
        setWhere: sql`${payOrderDispute.eventAt} <= ${row.eventAt} and ${payOrderDispute.closedAt} is null`,
      })
      .returning({ orderId: payOrderDispute.orderId });
    return rows.length > 0;
  }
}
