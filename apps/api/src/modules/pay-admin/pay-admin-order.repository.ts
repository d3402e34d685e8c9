/**
 * Orders, their history and their credit deliveries as staff search and repair them (pay-order.schema.ts). The
 * order engine and the delivery worker own these rows; the only write here is putting a dead-lettered delivery
 * back in the worker's queue, guarded on its status so it can never revive a job that is pending or done.
 */
import { and, asc, count, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import type { OrderState } from '@gp/contracts/pay';
import { countCapped, matching, type CappedTotal } from '../../db/capped-count.ts';
import type { Db } from '../../db/database.ts';
import {
  payDeliveryJob,
  payNotification,
  payOrder,
  payOrderEvent,
} from '../../db/schema/pay-order.schema.ts';

export type OrderRow = typeof payOrder.$inferSelect;
export type DeliveryJobRow = typeof payDeliveryJob.$inferSelect;
export type OrderEventRow = typeof payOrderEvent.$inferSelect;
export type NotificationRow = typeof payNotification.$inferSelect;

export interface OrderSearch {
  /** Our order number or the provider's payment number. */
  orderRef?: string;
  mid?: number;
  gameBaseId?: number;
  cpServerId?: string;
  cpRoleId?: string;
  state?: OrderState;
  from?: Date;
  until?: Date;
  offset: number;
  limit: number;
}

/** An order with its delivery job, when it has one. */
export interface OrderWithJob {
  order: OrderRow;
  job: DeliveryJobRow | null;
}

export class PayAdminOrderRepository {
  constructor(private readonly db: Db) {}

  /** One page of the matching orders, newest first, and how many match in all. */
  async page(search: OrderSearch): Promise<{ rows: OrderWithJob[]; counted: CappedTotal }> {
    const conditions: SQL[] = [];
    if (search.orderRef !== undefined) {
      conditions.push(or(eq(payOrder.orderNo, search.orderRef), eq(payOrder.payOrderNo, search.orderRef))!);
    }
    if (search.mid !== undefined) conditions.push(eq(payOrder.mid, search.mid));
    if (search.gameBaseId !== undefined) conditions.push(eq(payOrder.gameBaseId, search.gameBaseId));
    if (search.cpServerId !== undefined) conditions.push(eq(payOrder.cpServerId, search.cpServerId));
    if (search.cpRoleId !== undefined) conditions.push(eq(payOrder.cpRoleId, search.cpRoleId));
    if (search.state !== undefined) conditions.push(eq(payOrder.state, search.state));
    if (search.from) conditions.push(gte(payOrder.createdAt, search.from));
    if (search.until) conditions.push(lt(payOrder.createdAt, search.until));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const rows = await this.db
      .select({ order: payOrder, job: payDeliveryJob })
      .from(payOrder)
      .leftJoin(payDeliveryJob, eq(payDeliveryJob.orderId, payOrder.id))
      .where(where)
      .orderBy(desc(payOrder.createdAt), desc(payOrder.id))
      .offset(search.offset)
      .limit(search.limit);
    return { rows, counted: await countCapped(this.db, matching(this.db, payOrder, where)) };
  }

  /** The order with this number, ours first, else the provider's. */
  async byRef(ref: string): Promise<OrderWithJob | undefined> {
    const rows = await this.db
      .select({ order: payOrder, job: payDeliveryJob })
      .from(payOrder)
      .leftJoin(payDeliveryJob, eq(payDeliveryJob.orderId, payOrder.id))
      .where(or(eq(payOrder.orderNo, ref), eq(payOrder.payOrderNo, ref)));
    return rows.find((r) => r.order.orderNo === ref) ?? rows[0];
  }

  /** The order's state changes, oldest first. */
  async events(orderId: number): Promise<OrderEventRow[]> {
    return this.db
      .select()
      .from(payOrderEvent)
      .where(eq(payOrderEvent.orderId, orderId))
      .orderBy(asc(payOrderEvent.id));
  }

  /** The provider's notifications about a payment, oldest first. */
  async notifications(provider: string, payOrderNo: string): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(payNotification)
      .where(and(eq(payNotification.provider, provider), eq(payNotification.payOrderNo, payOrderNo)))
      .orderBy(asc(payNotification.receivedAt), asc(payNotification.eventId));
  }

  /** Dead-lettered deliveries with their orders, most recently given up first, and how many there are. */
  async deadPage(filter: { gameBaseId?: number; offset: number; limit: number }) {
    const where = and(
      eq(payDeliveryJob.status, 'dead'),
      filter.gameBaseId === undefined ? undefined : eq(payOrder.gameBaseId, filter.gameBaseId),
    );
    const rows = await this.db
      .select({ order: payOrder, job: payDeliveryJob })
      .from(payDeliveryJob)
      .innerJoin(payOrder, eq(payOrder.id, payDeliveryJob.orderId))
      .where(where)
      .orderBy(desc(payDeliveryJob.updatedAt), desc(payDeliveryJob.orderId))
      .offset(filter.offset)
      .limit(filter.limit);
    const [total] = await this.db
      .select({ n: count() })
      .from(payDeliveryJob)
      .innerJoin(payOrder, eq(payOrder.id, payDeliveryJob.orderId))
      .where(where);
    return { rows, total: total?.n ?? 0 };
  }

  /** The order's delivery job, locked until the transaction ends (a worker's claim waits for it). */
  async jobForUpdate(orderId: number): Promise<DeliveryJobRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payDeliveryJob)
      .where(eq(payDeliveryJob.orderId, orderId))
      .for('update');
    return row;
  }

  /**
   * A dead job back in the queue: pending, due at `now`, attempts from 0, no lease. `last_error` stays until the
   * next try replaces it. Answers the job as it now is, or undefined when it was not dead.
   */
  async revive(orderId: number, now: Date): Promise<DeliveryJobRow | undefined> {
    const [row] = await this.db
      .update(payDeliveryJob)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: now, leaseToken: null, updatedAt: now })
      .where(and(eq(payDeliveryJob.orderId, orderId), eq(payDeliveryJob.status, 'dead')))
      .returning();
    return row;
  }
}
