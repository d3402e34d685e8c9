/**
 * Top-up orders, their payment and their delivery (DESIGN section 6 "Pay"), and the built-in sandbox payment
 * provider's own records.
 *
 * - `pay_order`: one order, with everything it shows the player snapshotted when it was made (names in every
 *   language the catalog had, price, currency, channel), its state (modules/pay/orders/order-state.ts) and why it failed.
 * - `pay_order_request`: the idempotency key of an order attempt, reserved before anything else runs, so a double
 *   click or a retried request answers the same order.
 * - `pay_order_event`: every state change of an order, with its cause (the audit trail staff will read).
 * - `pay_notification`: every verified provider notification, keyed by the provider's event id: a repeated one
 *   finds its row and changes nothing.
 * - `pay_delivery_job`: the transactional outbox of credit deliveries, one per paid order, written in the
 *   transaction that marks the order paid and worked off by the delivery worker.
 * - `pay_sandbox_payment`: the sandbox provider's side (what a real provider keeps on its servers).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/**
 * A payment's instructions for our page (providers/payment-provider.ts `PayInstructions`: a QR payload or a
 * virtual account) and the link that opens the wallet's app, as the provider answered them.
 */
export interface StoredPayAction {
  instructions?: { kind: 'qr'; qr: string } | { kind: 'bank_transfer'; bank: string; accountNumber: string };
  appUrl?: string;
}
import { member } from './member.schema.ts';
import { payModeValues } from './pay.schema.ts';

export const payOrderStateValues = [
  'created',
  'awaiting_payment',
  'paid',
  'delivering',
  'delivered',
  'failed',
  'expired',
  'refunded',
] as const;

const inList = (values: readonly (string | number)[]) =>
  sql.raw(values.map((v) => (typeof v === 'number' ? String(v) : `'${v}'`)).join(', '));

/** Which pay family made an order: regional web pay (`/api/komoe/webpay/`) or the second variant. */
export const payOrderVariants = ['webpay', 'pay'] as const;

/** A name per language code, as the catalog had it when the order was made. */
export type LocalizedNames = Record<string, string>;

/** The names an order shows, snapshotted in every language the catalog had (readers fall back to en). */
export interface OrderNames {
  game: LocalizedNames;
  server: LocalizedNames;
  product: LocalizedNames;
  channel: LocalizedNames;
}

export const payOrder = pgTable(
  'pay_order',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** Ours: `GP` + UTC date + 16 random characters; shown to the player, the delivery's idempotency key. */
    orderNo: text('order_no').notNull().unique(),
    mid: integer('mid')
      .notNull()
      .references(() => member.mid),
    variant: text('variant', { enum: payOrderVariants }).notNull(),
    distributionRegion: integer('distribution_region').notNull(),
    /** Second variant: the `region` and free-form `addExtra` the page sent, kept as they came. */
    region: integer('region'),
    addExtra: text('add_extra'),
    /** The page language the order was made in (the checkout page opens in it). */
    lang: text('lang').notNull(),
    gameBaseId: integer('game_base_id').notNull(),
    gameId: text('game_id').notNull(),
    cpServerId: text('cp_server_id').notNull(),
    cpRoleId: text('cp_role_id').notNull(),
    roleName: text('role_name').notNull(),
    productId: text('product_id').notNull(),
    /** Game credit the delivery adds (from the product when the order was made). */
    creditAmount: integer('credit_amount').notNull(),
    /** Minor units of `currency` (ISO 4217 exponent). */
    price: bigint('price', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    payMode: integer('pay_mode').notNull(),
    paymentType: text('payment_type').notNull(),
    names: jsonb('names').$type<OrderNames>().notNull(),
    state: text('state', { enum: payOrderStateValues }).notNull().default('created'),
    /** Why a failed or expired order failed: a code of the pay error domain (15: not paid). */
    reasonCode: integer('reason_code'),
    /** The payment provider (`sandbox`) and its number for the payment, once it was created there. */
    provider: text('provider').notNull(),
    payOrderNo: text('pay_order_no').unique(),
    payUrl: text('pay_url'),
    /** What the player pays with on our page, and the wallet app's link (set with the payment; null: none). */
    payAction: jsonb('pay_action').$type<StoredPayAction>(),
    /** Unpaid after this, the expiry sweep marks the order expired. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the provider says the payment was made (`pay_time`). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Every list reads newest first with `id` breaking ties (created_at desc, id desc), so each index ends in
    // (created_at, id): the page is the index's first 20 entries and the capped count stops after 1,001, with no
    // sort of the filter's matches. A member's orders (the staff search by member and the player's history, the
    // region last so the history filters on it inside the index); without `id`, or with the region before the
    // date, the search by member walked pay_order_created_idx backwards until it met 20 of the member's orders.
    index('pay_order_member_idx').on(t.mid, t.createdAt, t.id, t.distributionRegion),
    // The staff order search (pay-admin) lists newest first, by state, by character and by date range: without
    // these it sorted the whole table for every page (EXPLAIN: Seq Scan + Sort). Searches by order number use the
    // unique indexes.
    index('pay_order_created_idx').on(t.createdAt, t.id),
    index('pay_order_state_created_idx').on(t.state, t.createdAt, t.id),
    index('pay_order_role_created_idx').on(t.cpRoleId, t.createdAt, t.id),
    // A game's orders in a time range (bench:scale: without it the range was read whole).
    index('pay_order_game_created_idx').on(t.gameBaseId, t.createdAt, t.id),
    index('pay_order_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} in ('created', 'awaiting_payment')`),
    check('pay_order_state', sql`${t.state} in (${inList(payOrderStateValues)})`),
    check('pay_order_pay_mode', sql`${t.payMode} in (${inList(payModeValues)})`),
    check('pay_order_price', sql`${t.price} >= 0`),
  ],
);

/**
 * An order attempt's idempotency key (the page makes one per attempt). Reserved first: the request that reserves
 * it makes the order, a concurrent one with the same key waits for that order, a later one answers it. A failed
 * attempt keeps its refusal code for whoever waited on it and may be retried with the same key.
 */
export const payOrderRequest = pgTable(
  'pay_order_request',
  {
    mid: integer('mid')
      .notNull()
      .references(() => member.mid, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed'] }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => payOrder.id),
    /** The refusal of a failed attempt (a pay or common code). */
    errorCode: integer('error_code'),
    errorDomain: text('error_domain'),
    /** When the current attempt took the key: a pending one much older than any attempt is abandoned. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.mid, t.idempotencyKey] })],
);

/** Every state change of an order (from null: the order was made). */
export const payOrderEvent = pgTable(
  'pay_order_event',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => payOrder.id, { onDelete: 'cascade' }),
    fromState: text('from_state', { enum: payOrderStateValues }),
    toState: text('to_state', { enum: payOrderStateValues }).notNull(),
    /** What moved it: `order`, `payment`, `notification:<event id>`, `query`, `sweep`, `worker`. */
    cause: text('cause').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pay_order_event_order_idx').on(t.orderId, t.id)],
);

/** A verified notification of a payment provider, once per event id. */
export const payNotification = pgTable(
  'pay_notification',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    payOrderNo: text('pay_order_no').notNull(),
    /** `paid` or `declined`, as the provider reported it. */
    outcome: text('outcome').notNull(),
    /** What it did: `applied`, `ignored` (the order was past it), `unknown_order`, `mismatch` (amount differs). */
    result: text('result').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    index('pay_notification_pay_order_idx').on(t.payOrderNo),
  ],
);

export const payDeliveryStatusValues = ['pending', 'done', 'dead'] as const;

/**
 * A paid order's credit delivery (transactional outbox). `pending` jobs are claimed by a worker with
 * `FOR UPDATE SKIP LOCKED` and leased until `next_attempt_at` (also the retry time after a failure) under a
 * fresh `lease_token`; `done` has the game server's receipt; `dead` gave up (after `attempts`, or refused for
 * good) and keeps `last_error` for staff: the money was taken, the order stays paid / delivering.
 */
export const payDeliveryJob = pgTable(
  'pay_delivery_job',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .primaryKey()
      .references(() => payOrder.id, { onDelete: 'cascade' }),
    status: text('status', { enum: payDeliveryStatusValues }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseToken: text('lease_token'),
    lastError: text('last_error'),
    /** The game server's receipt number. */
    deliveryId: text('delivery_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pay_delivery_job_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('pay_delivery_job_status', sql`${t.status} in (${inList(payDeliveryStatusValues)})`),
  ],
);

// ---- The built-in sandbox payment provider (a real provider keeps this on its own side) ----

export const paySandboxStatusValues = ['pending', 'paid', 'declined'] as const;

/**
 * A payment at the sandbox provider. The checkout page's action decides it (paid or declined) once; its
 * notification is then sent to the shop at `notify_due_at` (now, or later for "pay, notify late") and retried
 * until the shop accepts it, always with the same event id.
 */
export const paySandboxPayment = pgTable(
  'pay_sandbox_payment',
  {
    payOrderNo: text('pay_order_no').primaryKey(),
    /** The shop's order number: creating the payment again for it answers this one. */
    merchantOrderNo: text('merchant_order_no').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    lang: text('lang').notNull(),
    status: text('status', { enum: paySandboxStatusValues }).notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    eventId: text('event_id'),
    notifyDueAt: timestamp('notify_due_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    notifyAttempts: integer('notify_attempts').notNull().default(0),
    lastNotifyError: text('last_notify_error'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('pay_sandbox_payment_merchant_order').on(t.merchantOrderNo),
    uniqueIndex('pay_sandbox_payment_event_idx').on(t.eventId),
    index('pay_sandbox_payment_notify_idx')
      .on(t.notifyDueAt)
      .where(sql`${t.notifiedAt} is null and ${t.notifyDueAt} is not null`),
    check('pay_sandbox_payment_status', sql`${t.status} in (${inList(paySandboxStatusValues)})`),
  ],
);
