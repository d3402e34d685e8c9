/** The delivery jobs of paid orders (pay_delivery_job), as the delivery worker claims and settles them. */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { payDeliveryJob, payOrder } from '../../../db/schema/pay-order.schema.ts';

export type DeliveryJobRow = typeof payDeliveryJob.$inferSelect;

/** A claimed job with what the game server needs to credit its order. */
export interface ClaimedDelivery {
  orderId: number;
  attempts: number;
  leaseToken: string;
  orderNo: string;
  mid: number;
  gameBaseId: number;
  cpServerId: string;
  cpRoleId: string;
  productId: string;
  creditAmount: number;
}

export class PayDeliveryRepository {
  constructor(private readonly db: Db) {}

  /**
   * Takes up to `limit` due pending jobs nobody else holds (FOR UPDATE SKIP LOCKED), counts the attempt and
   * leases them to `leaseToken` until `leaseUntil`: a worker that dies leaves them to be taken again after it.
   */
  async claim(now: Date, leaseUntil: Date, leaseToken: string, limit: number): Promise<ClaimedDelivery[]> {
    const due = this.db.$with('due').as(
      this.db
        .select({ orderId: payDeliveryJob.orderId })
        .from(payDeliveryJob)
        .where(and(eq(payDeliveryJob.status, 'pending'), lte(payDeliveryJob.nextAttemptAt, now)))
        .orderBy(asc(payDeliveryJob.nextAttemptAt), asc(payDeliveryJob.orderId))
        .limit(limit)
        .for('update', { skipLocked: true }),
    );
    const claimed = await this.db
      .with(due)
      .update(payDeliveryJob)
      .set({
        attempts: sql`${payDeliveryJob.attempts} + 1`,
        nextAttemptAt: leaseUntil,
        leaseToken,
        updatedAt: now,
      })
      .from(due)
      .where(eq(payDeliveryJob.orderId, due.orderId))
      .returning({ orderId: payDeliveryJob.orderId, attempts: payDeliveryJob.attempts });
    if (claimed.length === 0) return [];
    const orders = await this.db
      .select({
        id: payOrder.id,
        orderNo: payOrder.orderNo,
        mid: payOrder.mid,
        gameBaseId: payOrder.gameBaseId,
        cpServerId: payOrder.cpServerId,
        cpRoleId: payOrder.cpRoleId,
        productId: payOrder.productId,
        creditAmount: payOrder.creditAmount,
      })
      .from(payOrder)
      .where(
        inArray(
          payOrder.id,
          claimed.map((c) => c.orderId),
        ),
      );
    const byId = new Map(orders.map((o) => [o.id, o]));
    return claimed
      .flatMap((job) => {
        const order = byId.get(job.orderId);
        if (!order) return [];
        const { id: _, ...rest } = order;
        return [{ orderId: job.orderId, attempts: job.attempts, leaseToken, ...rest }];
      })
      .sort((a, b) => a.orderId - b.orderId);
  }

  /** The credit arrived: the job is done with the game server's receipt (whoever holds the lease now). */
  async done(orderId: number, deliveryId: string, now: Date): Promise<void> {
    await this.db
      .update(payDeliveryJob)
      .set({ status: 'done', deliveryId, leaseToken: null, lastError: null, updatedAt: now })
      .where(and(eq(payDeliveryJob.orderId, orderId), eq(payDeliveryJob.status, 'pending')));
  }

  /** A failed try of the lease holder: again at `next`, or dead (given up) when `next` is null. */
  async failed(
    orderId: number,
    leaseToken: string,
    failure: { next: Date | null; error: string; now: Date },
  ): Promise<boolean> {
    const rows = await this.db
      .update(payDeliveryJob)
      .set(
        failure.next
          ? {
              nextAttemptAt: failure.next,
              lastError: failure.error,
              leaseToken: null,
              updatedAt: failure.now,
            }
          : { status: 'dead', lastError: failure.error, leaseToken: null, updatedAt: failure.now },
      )
      .where(
        and(
          eq(payDeliveryJob.orderId, orderId),
          eq(payDeliveryJob.status, 'pending'),
          eq(payDeliveryJob.leaseToken, leaseToken),
        ),
      )
      .returning({ orderId: payDeliveryJob.orderId });
    return rows.length > 0;
  }

  async job(orderId: number): Promise<DeliveryJobRow | undefined> {
    const [row] = await this.db.select().from(payDeliveryJob).where(eq(payDeliveryJob.orderId, orderId));
    return row;
  }

  /** Jobs the worker gave up on, for staff (oldest first). */
  async dead(limit = 100): Promise<DeliveryJobRow[]> {
    return this.db
      .select()
      .from(payDeliveryJob)
      .where(eq(payDeliveryJob.status, 'dead'))
      .orderBy(asc(payDeliveryJob.updatedAt))
      .limit(limit);
  }
}
