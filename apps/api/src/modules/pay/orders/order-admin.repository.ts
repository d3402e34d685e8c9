/**
 * Orders, their history and their credit deliveries as staff search and repair them (pay-order.schema.ts). The
 * order engine and the delivery worker own these rows; the only write here is putting a dead-lettered delivery
 * back in the worker's queue, guarded on its status so it can never revive a job that is pending or done.
 */
import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import { pageTotalCap } from '@gp/contracts';
import type { OrderState } from '@gp/contracts/pay';
import { countCapped, matching, type CappedTotal } from '../../../db/capped-count.ts';
import { cappedCountColumn, preparedShape, ShapeFilters, totalOfPage } from '../../../db/prepared-shape.ts';
import type { Db } from '../../../db/database.ts';
import {
  payDeliveryJob,
  payNotification,
  payOrder,
  payOrderEvent,
} from '../../../db/schema/pay-order.schema.ts';

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

  /**
   * One page of the matching orders, newest first, and how many match in all (up to the cap): one statement,
   * prepared per set of filters (prepared-shape.ts) - the agents search orders all day.
   */
  async page(search: OrderSearch): Promise<{ rows: OrderWithJob[]; counted: CappedTotal }> {
    const filters = new ShapeFilters()
      .add('orderRef', search.orderRef, (v) => or(eq(payOrder.orderNo, v), eq(payOrder.payOrderNo, v)))
      .add('mid', search.mid, (v) => eq(payOrder.mid, v))
      .add('gameBaseId', search.gameBaseId, (v) => eq(payOrder.gameBaseId, v))
      .add('cpServerId', search.cpServerId, (v) => eq(payOrder.cpServerId, v))
      .add('cpRoleId', search.cpRoleId, (v) => eq(payOrder.cpRoleId, v))
      .add('state', search.state, (v) => eq(payOrder.state, v))
      .add('from', search.from?.toISOString(), (v) => sql`${payOrder.createdAt} >= ${v}`)
      .add('until', search.until?.toISOString(), (v) => sql`${payOrder.createdAt} < ${v}`);
    const query = preparedShape(this.db, `pay-admin.page:${filters.names}`, () => {
      const where = and(...filters.conditions(true));
      return this.db
        .select({
          order: payOrder,
          job: payDeliveryJob,
          total: cappedCountColumn(matching(this.db, payOrder, where), pageTotalCap),
        })
        .from(payOrder)
        .leftJoin(payDeliveryJob, eq(payDeliveryJob.orderId, payOrder.id))
        .where(where)
        .orderBy(desc(payOrder.createdAt), desc(payOrder.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
    });
    const found = await query.execute({ ...filters.values, limit: search.limit, offset: search.offset });
    const rows = found.map(({ order, job }) => ({ order, job }));
    return {
      rows,
      counted: await totalOfPage(found, search.offset, () =>
        countCapped(this.db, matching(this.db, payOrder, and(...filters.conditions(false)))),
      ),
    };
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
