/**
 * Orders, their idempotency keys, state changes, provider notifications and delivery jobs (pay-order.schema.ts).
 * Every state change goes through `transition`: a guarded `UPDATE ... WHERE state IN (allowed)` plus its event
 * row, in one transaction. Build a repository on a transaction (`new PayOrderRepository(tx)`) to make several of
 * these one unit.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { pageTotalCap } from '@gp/contracts';
import type { OrderState } from '@gp/contracts/pay';
import { unionAll } from 'drizzle-orm/pg-core';
import { countCapped, matching, type CappedTotal } from '../../../db/capped-count.ts';
import { cappedCountColumn, preparedShape, ShapeFilters, totalOfPage } from '../../../db/prepared-shape.ts';
import { rowsOf, type Db } from '../../../db/database.ts';
import { game, gameI18n } from '../../../db/schema/game.schema.ts';
import { member } from '../../../db/schema/member.schema.ts';
import {
  payDeliveryJob,
  payNotification,
  payOrder,
  payOrderEvent,
  payOrderRequest,
  type LocalizedNames,
  type OrderNames,
  type StoredPayAction,
} from '../../../db/schema/pay-order.schema.ts';
import {
  payChannel,
  payChannelI18n,
  payProduct,
  payProductI18n,
  payServer,
  payServerI18n,
} from '../../../db/schema/pay.schema.ts';
import type { CreatedPayment } from '../providers/payment-provider.ts';
import { enteredFrom } from './order-state.ts';

export type { LocalizedNames };
export type PayOrderRow = typeof payOrder.$inferSelect;
/** A new order: everything but what only its life sets (its id, state, reason, payment, payment and delivery times). */
export type NewOrder = Omit<
  PayOrderRow,
  'id' | 'state' | 'reasonCode' | 'payOrderNo' | 'payUrl' | 'payAction' | 'paidAt' | 'deliveredAt'
>;
export type OrderRequestRow = typeof payOrderRequest.$inferSelect;
export type OrderEventRow = typeof payOrderEvent.$inferSelect;
export type DeliveryJobRow = typeof payDeliveryJob.$inferSelect;
export type NotificationRow = typeof payNotification.$inferSelect;

/** The staff's order search (`page`). */
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
  order: PayOrderRow;
  job: DeliveryJobRow | null;
}

export interface TransitionOptions {
  /** What moved it (kept in pay_order_event). */
  cause: string;
  /** Columns to set with the move (paid_at, reason_code, ...). */
  set?: Partial<Pick<PayOrderRow, 'paidAt' | 'deliveredAt' | 'reasonCode'>>;
  now: Date;
  /** The move owes the credit: its delivery job (one per order, due now) is written with it, if it moved. */
  deliveryJob?: boolean;
  /** The notification that asked for the move gets its result with it: `applied` if it moved, else `ignored`. */
  notification?: { provider: string; eventId: string };
}

const byLang = (rows: { lang: string; name: string }[]) =>
  Object.fromEntries(rows.map((r) => [r.lang, r.name])) as Record<string, string>;

export class PayOrderRepository {
  constructor(private readonly db: Db) {}

  // ---- Idempotency keys ----

  /** Reserves an order attempt's key; answers false when somebody holds it already. */
  async reserve(mid: number, idempotencyKey: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .insert(payOrderRequest)
      .values({ mid, idempotencyKey, status: 'pending', claimedAt: now })
      .onConflictDoNothing()
      .returning({ mid: payOrderRequest.mid });
    return rows.length > 0;
  }

  async request(mid: number, idempotencyKey: string): Promise<OrderRequestRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payOrderRequest)
      .where(and(eq(payOrderRequest.mid, mid), eq(payOrderRequest.idempotencyKey, idempotencyKey)));
    return row;
  }

  /**
   * Takes a key over for a new attempt: after a refused attempt, or from an attempt abandoned mid-way (pending
   * since before `staleBefore`). Answers whether this caller got it.
   */
  async takeOver(mid: number, idempotencyKey: string, now: Date, staleBefore: Date): Promise<boolean> {
    const rows = await this.db
      .update(payOrderRequest)
      .set({ status: 'pending', claimedAt: now, errorCode: null, errorDomain: null })
      .where(
        and(
          eq(payOrderRequest.mid, mid),
          eq(payOrderRequest.idempotencyKey, idempotencyKey),
          isNull(payOrderRequest.orderId),
          or(
            eq(payOrderRequest.status, 'failed'),
            and(eq(payOrderRequest.status, 'pending'), lt(payOrderRequest.claimedAt, staleBefore)),
          ),
        ),
      )
      .returning({ mid: payOrderRequest.mid });
    return rows.length > 0;
  }

  /** The attempt holding the key was refused with this code. */
  async failRequest(mid: number, idempotencyKey: string, code: number, domain: string): Promise<void> {
    await this.db
      .update(payOrderRequest)
      .set({ status: 'failed', errorCode: code, errorDomain: domain })
      .where(
        and(
          eq(payOrderRequest.mid, mid),
          eq(payOrderRequest.idempotencyKey, idempotencyKey),
          eq(payOrderRequest.status, 'pending'),
        ),
      );
  }

  /** The attempt holding the key broke unexpectedly: free the key for a retry. */
  async releaseRequest(mid: number, idempotencyKey: string): Promise<void> {
    await this.db
      .delete(payOrderRequest)
      .where(
        and(
          eq(payOrderRequest.mid, mid),
          eq(payOrderRequest.idempotencyKey, idempotencyKey),
          eq(payOrderRequest.status, 'pending'),
          isNull(payOrderRequest.orderId),
        ),
      );
  }

  // ---- Orders ----

  /**
   * Makes the order of a reserved key: the order, its first event and the key's link, in one statement (it
   * was a transaction of five round trips). Answers the order as stored.
   */
  async insertOrder(values: NewOrder, idempotencyKey: string): Promise<PayOrderRow>;
  /** The same, only if `onlyIf` holds when the statement runs; undefined when it did not (nothing is written). */
  async insertOrder(values: NewOrder, idempotencyKey: string, onlyIf: SQL): Promise<PayOrderRow | undefined>;
  async insertOrder(
    values: NewOrder,
    idempotencyKey: string,
    onlyIf?: SQL,
  ): Promise<PayOrderRow | undefined> {
    const columns = getTableColumns(payOrder);
    const given = Object.entries(values) as [keyof NewOrder, unknown][];
    // Each value typed as its column, encoded as the query builder encodes it (jsonb, timestamps).
    const names = sql.join(
      given.map(([key]) => sql.identifier(columns[key].name)),
      sql`, `,
    );
    const params = sql.join(
      given.map(
        ([key, value]) => sql`${sql.param(value, columns[key])}::${sql.raw(columns[key].getSQLType())}`,
      ),
      sql`, `,
    );
    const result = await this.db.execute<{ id: string | number; state: OrderState }>(sql`
      with inserted as (
        insert into ${payOrder} (${names}) select ${params} ${onlyIf ? sql`where ${onlyIf}` : sql``}
        returning ${payOrder.id}, ${payOrder.state}
      ), event as (
        insert into ${payOrderEvent} (order_id, from_state, to_state, cause)
        select id, null, state, 'order' from inserted
      ), request as (
        update ${payOrderRequest} set status = 'done', order_id = inserted.id
        from inserted
        where ${payOrderRequest.mid} = ${values.mid} and ${payOrderRequest.idempotencyKey} = ${idempotencyKey}
      )
      select id, state from inserted`);
    const [row] = rowsOf<{ id: string | number; state: OrderState }>(result);
    if (!row) {
      if (onlyIf) return undefined;
      throw new Error('order not inserted');
    }
    return {
      ...values,
      id: Number(row.id),
      state: row.state,
      reasonCode: null,
      payOrderNo: null,
      payUrl: null,
      payAction: null,
      paidAt: null,
      deliveredAt: null,
    };
  }

  async byId(id: number): Promise<PayOrderRow | undefined> {
    const [row] = await this.db.select().from(payOrder).where(eq(payOrder.id, id));
    return row;
  }

  async byOrderNo(orderNo: string): Promise<PayOrderRow | undefined> {
    const [row] = await this.db.select().from(payOrder).where(eq(payOrder.orderNo, orderNo));
    return row;
  }

  /**
   * The state and last change of these orders (the live status's shared poller, one query a second for every
   * watched order of the process): the primary key's index, whatever the number of orders.
   */
  async watchStates(ids: readonly number[]): Promise<{ id: number; state: OrderState; updatedAt: Date }[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: payOrder.id, state: payOrder.state, updatedAt: payOrder.updatedAt })
      .from(payOrder)
      .where(inArray(payOrder.id, [...ids]));
  }

  /**
   * The order with this number when the account that made it has this e-mail (lower-cased) or phone number
   * (the lookup without login). One statement either way, so a wrong number and a wrong address take alike.
   */
  async byOrderNoAndContact(
    orderNo: string,
    contact: { email: string } | { phone: string },
  ): Promise<PayOrderRow | undefined> {
    const [row] = await this.db
      .select({ order: payOrder })
      .from(payOrder)
      .innerJoin(member, eq(member.mid, payOrder.mid))
      .where(
        and(
          eq(payOrder.orderNo, orderNo),
          'email' in contact ? eq(member.email, contact.email) : eq(member.phone, contact.phone),
        ),
      );
    return row?.order;
  }

  async byPayOrderNo(provider: string, payOrderNo: string): Promise<PayOrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payOrder)
      .where(and(eq(payOrder.provider, provider), eq(payOrder.payOrderNo, payOrderNo)));
    return row;
  }

  /** Saves the provider's payment on an order that has none yet; answers whether it did. */
  async linkPayment(id: number, payment: CreatedPayment, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(payOrder)
      .set({ payOrderNo: payment.payOrderNo, payUrl: payment.payUrl, updatedAt: now })
      .where(and(eq(payOrder.id, id), isNull(payOrder.payOrderNo)))
      .returning({ id: payOrder.id });
    return rows.length > 0;
  }

  /**
   * `linkPayment` and then `transition(id, 'awaiting_payment', { cause: 'payment' })` in one statement (two
   * round trips of every order): the payment is saved when the order has none yet, the order moves when it
   * may (from `created`), each independently of the other, with the move's event. Answers whether it linked.
   */
  async linkPaymentAndAwait(id: number, payment: CreatedPayment, now: Date): Promise<boolean> {
    const from = sql.join(
      enteredFrom.awaiting_payment.map((state) => sql`${state}`),
      sql`, `,
    );
    const stored: StoredPayAction = {
      ...(payment.instructions ? { instructions: payment.instructions } : {}),
      ...(payment.appUrl ? { appUrl: payment.appUrl } : {}),
    };
    const action = Object.keys(stored).length > 0 ? JSON.stringify(stored) : null;
    // The row is locked first, as `transition` does; the SET reads the row version it updates.
    const result = await this.db.execute<{ linked: boolean }>(sql`
      with current_row as (
        select ${payOrder.id}, ${payOrder.state}, ${payOrder.payOrderNo}
        from ${payOrder} where ${payOrder.id} = ${id} for update
      ), changed as (
        update ${payOrder} set
          pay_order_no = coalesce(${payOrder.payOrderNo}, ${payment.payOrderNo}),
          pay_url = case when ${payOrder.payOrderNo} is null then ${payment.payUrl} else ${payOrder.payUrl} end,
          pay_action = case when ${payOrder.payOrderNo} is null then ${action}::jsonb else ${payOrder.payAction} end,
          state = case when ${payOrder.state} in (${from}) then 'awaiting_payment' else ${payOrder.state} end,
          updated_at = ${now}
        from current_row
        where ${payOrder.id} = current_row.id
          and (${payOrder.payOrderNo} is null or ${payOrder.state} in (${from}))
        returning current_row.pay_order_no is null as linked, current_row.state in (${from}) as moved,
          current_row.state as from_state
      ), event as (
        insert into ${payOrderEvent} (order_id, from_state, to_state, cause, created_at)
        select ${id}, from_state, 'awaiting_payment', 'payment', ${now} from changed where moved
      )
      select linked from changed`);
    return rowsOf<{ linked: boolean }>(result)[0]?.linked === true;
  }

  /**
   * Moves an order to `to` when it is in one of the states `to` may be entered from (order-state.ts), never
   * otherwise: the guard is in the UPDATE's WHERE, so of two racing moves only one applies. Answers the state it
   * came from, or undefined when it did not move.
   */
  async transition(id: number, to: OrderState, options: TransitionOptions): Promise<OrderState | undefined> {
    const from = enteredFrom[to];
    if (from.length === 0) return undefined;
    const now = options.now;
    const set = options.set ?? {};
    const assignments = [
      sql`${sql.identifier(payOrder.state.name)} = ${to}`,
      sql`${sql.identifier(payOrder.updatedAt.name)} = ${now}`,
      ...(set.paidAt !== undefined ? [sql`${sql.identifier(payOrder.paidAt.name)} = ${set.paidAt}`] : []),
      ...(set.deliveredAt !== undefined
        ? [sql`${sql.identifier(payOrder.deliveredAt.name)} = ${set.deliveredAt}`]
        : []),
      ...(set.reasonCode !== undefined
        ? [sql`${sql.identifier(payOrder.reasonCode.name)} = ${set.reasonCode}`]
        : []),
    ];
    // What the caller would write next in its transaction, written by the same statement (a round trip fewer
    // per order).
    const { notification } = options;
    const followUps = sql.join(
      [
        ...(options.deliveryJob
          ? [
              sql`, job as (
        insert into ${payDeliveryJob} (order_id, next_attempt_at) select ${id}, ${now} from moved
        on conflict do nothing
      )`,
            ]
          : []),
        ...(notification
          ? [
              sql`, result as (
        update ${payNotification}
        set result = case when exists (select 1 from moved) then 'applied' else 'ignored' end
        where ${payNotification.provider} = ${notification.provider}
          and ${payNotification.eventId} = ${notification.eventId}
      )`,
            ]
          : []),
      ],
      sql``,
    );
    // One statement instead of begin / select for update / update / insert / commit (an order made five round
    // trips per move). The sub-select locks the row and reads the state it leaves; the guard stays in the
    // UPDATE's WHERE, re-checked on the latest row version if another move committed meanwhile, so of two
    // racing moves only one applies, and the event row is written by the same statement or not at all.
    const result = await this.db.execute<{ from_state: OrderState }>(sql`
      with current_row as (
        select ${payOrder.id}, ${payOrder.state} from ${payOrder} where ${payOrder.id} = ${id} for update
      ), moved as (
        update ${payOrder} set ${sql.join(assignments, sql`, `)}
        from current_row
        where ${payOrder.id} = current_row.id
          and ${payOrder.state} in (${sql.join(
            from.map((state) => sql`${state}`),
            sql`, `,
          )})
        returning current_row.state as from_state
      ), event as (
        insert into ${payOrderEvent} (order_id, from_state, to_state, cause, created_at)
        select ${id}, from_state, ${to}, ${options.cause}, ${now} from moved
      )${followUps}
      select from_state from moved`);
    return rowsOf<{ from_state: OrderState }>(result)[0]?.from_state;
  }

  /** A member's orders in a distribution region, newest first, and how many there are (`pageOf`). */
  async history(mid: number, region: number, page: { offset: number; limit: number }) {
    const filters = new ShapeFilters()
      .add('mid', mid, (v) => eq(payOrder.mid, v))
      .add('region', region, (v) => eq(payOrder.distributionRegion, v));
    const { rows, counted } = await this.pageOf('pay.history', filters, page);
    return { list: rows.map((r) => r.order), counted };
  }

  /** The staff's order search: matching orders with their delivery jobs, newest first (`pageOf`). */
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
    return this.pageOf('pay-admin.page', filters, search);
  }

  /**
   * One page of the matching orders with their delivery jobs, newest first, and how many match in all - counted
   * only up to the cap (a member who buys every day for years would otherwise be counted whole on every page), in
   * the page's own statement, prepared once per set of filters (prepared-shape.ts): players read their history
   * and agents search orders all day.
   */
  private async pageOf(
    name: string,
    filters: ShapeFilters,
    page: { offset: number; limit: number },
  ): Promise<{ rows: OrderWithJob[]; counted: CappedTotal }> {
    const query = preparedShape(this.db, `${name}:${filters.names}`, () => {
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
    const found = await query.execute({ ...filters.values, limit: page.limit, offset: page.offset });
    return {
      rows: found.map(({ order, job }) => ({ order, job })),
      counted: await totalOfPage(found, page.offset, () =>
        countCapped(this.db, matching(this.db, payOrder, and(...filters.conditions(false)))),
      ),
    };
  }

  async events(orderId: number): Promise<OrderEventRow[]> {
    return this.db
      .select()
      .from(payOrderEvent)
      .where(eq(payOrderEvent.orderId, orderId))
      .orderBy(asc(payOrderEvent.id));
  }

  /** Orders still waiting for their payment after their deadline, oldest first (the expiry sweep). */
  async overdue(now: Date, limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: payOrder.id })
      .from(payOrder)
      .where(and(inArray(payOrder.state, ['created', 'awaiting_payment']), lte(payOrder.expiresAt, now)))
      .orderBy(asc(payOrder.expiresAt))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  // ---- Notifications and delivery jobs ----

  /** Records a verified notification once per event id; answers false for one seen before. */
  async recordNotification(values: typeof payNotification.$inferInsert): Promise<boolean> {
    const rows = await this.db
      .insert(payNotification)
      .values(values)
      .onConflictDoNothing()
      .returning({ eventId: payNotification.eventId });
    return rows.length > 0;
  }

  /**
   * `recordNotification`, and when it is new, the order of the payment it is about (`byPayOrderNo`), in one
   * statement: a round trip fewer on every notification.
   */
  async recordNotificationOfOrder(
    values: typeof payNotification.$inferInsert,
  ): Promise<{ fresh: boolean; order: PayOrderRow | undefined }> {
    const recorded = this.db
      .$with('recorded', { eventId: payNotification.eventId })
      .as(
        this.db
          .insert(payNotification)
          .values(values)
          .onConflictDoNothing()
          .returning({ eventId: payNotification.eventId })
          .getSQL(),
      );
    const fresh = sql<boolean>`exists (select 1 from ${recorded})`;
    const [row] = await this.db
      .with(recorded)
      .select({ fresh: fresh.mapWith(Boolean), order: payOrder })
      .from(sql`(select 1) as one`)
      .leftJoin(
        payOrder,
        and(eq(payOrder.provider, values.provider), eq(payOrder.payOrderNo, values.payOrderNo), fresh),
      );
    return { fresh: row?.fresh === true, order: row?.order ?? undefined };
  }

  async setNotificationResult(provider: string, eventId: string, result: string): Promise<void> {
    await this.db
      .update(payNotification)
      .set({ result })
      .where(and(eq(payNotification.provider, provider), eq(payNotification.eventId, eventId)));
  }

  // ---- Snapshots ----

  /** The names an order shows, in every language the catalog has them in. */
  async catalogNames(ref: {
    gameBaseId: number;
    cpServerId: string;
    productId: string;
    currency: string;
    payMode: number;
    paymentType: string;
  }): Promise<OrderNames> {
    // One statement for the four name lists (each was a round trip of its own on every order).
    const kind = (name: keyof OrderNames) => sql<keyof OrderNames>`${name}::text`.as('kind');
    const rows = await unionAll(
      this.db
        .select({ kind: kind('game'), lang: gameI18n.lang, name: gameI18n.name })
        .from(gameI18n)
        .innerJoin(game, eq(game.gameBaseId, gameI18n.gameBaseId))
        .where(eq(game.gameBaseId, ref.gameBaseId)),
      this.db
        .select({ kind: kind('server'), lang: payServerI18n.lang, name: payServerI18n.name })
        .from(payServerI18n)
        .innerJoin(payServer, eq(payServer.id, payServerI18n.payServerId))
        .where(and(eq(payServer.gameBaseId, ref.gameBaseId), eq(payServer.cpServerId, ref.cpServerId))),
      this.db
        .select({ kind: kind('product'), lang: payProductI18n.lang, name: payProductI18n.name })
        .from(payProductI18n)
        .innerJoin(payProduct, eq(payProduct.id, payProductI18n.payProductId))
        .where(and(eq(payProduct.gameBaseId, ref.gameBaseId), eq(payProduct.productId, ref.productId))),
      this.db
        .select({ kind: kind('channel'), lang: payChannelI18n.lang, name: payChannelI18n.name })
        .from(payChannelI18n)
        .innerJoin(payChannel, eq(payChannel.id, payChannelI18n.payChannelId))
        .where(
          and(
            eq(payChannel.gameBaseId, ref.gameBaseId),
            eq(payChannel.currency, ref.currency),
            eq(payChannel.payMode, ref.payMode),
            eq(payChannel.paymentType, ref.paymentType),
          ),
        ),
    );
    const of = (k: keyof OrderNames) => byLang(rows.filter((r) => r.kind === k));
    return { game: of('game'), server: of('server'), product: of('product'), channel: of('channel') };
  }

  // ---- For staff: finding an order, its story, dead letters ----

  /** The order with this number, ours first, else the provider's. */
  async byRef(ref: string): Promise<OrderWithJob | undefined> {
    const rows = await this.db
      .select({ order: payOrder, job: payDeliveryJob })
      .from(payOrder)
      .leftJoin(payDeliveryJob, eq(payDeliveryJob.orderId, payOrder.id))
      .where(or(eq(payOrder.orderNo, ref), eq(payOrder.payOrderNo, ref)));
    return rows.find((r) => r.order.orderNo === ref) ?? rows[0];
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
