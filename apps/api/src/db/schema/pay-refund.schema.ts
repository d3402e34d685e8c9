/**
 * Refunds and disputes of top-up orders, beside the orders (pay-order.schema.ts).
 *
 * - `pay_order_refund`: the refund of an order, one per order (a full refund), written in the transaction that
 *   moves the order to `refunded`, by staff (with a reason code and note) or by the provider's notification (a
 *   refund made at the provider, or a dispute lost there). It is
 *   also the outbox of the credit's reversal: when the credit may have reached the game server, `reversal_status`
 *   is `pending` and the reversal worker asks the game server to take it back, with retries, and keeps its answer.
 * - `pay_order_dispute`: a dispute (chargeback) the provider reported on an order's payment: a flag on the order,
 *   not a state, with the dispute's status, reason and time.
 * - `pay_sandbox_refund`: the sandbox provider's record of a refund (what a real provider keeps on its side).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { payOrder } from './pay-order.schema.ts';

/**
 * Why an order was refunded: staff's code; `provider`: the refund was reported by the payment provider;
 * `dispute_lost`: the provider reported a dispute lost (the money went back to the payer without a refund).
 */
export const refundReasonValues = [
  'player_request',
  'duplicate',
  'not_delivered',
  'other',
  'provider',
  'dispute_lost',
] as const;

/**
 * The reversal of the credit: `not_needed` (refunded before any delivery reached the game server), `pending`
 * (the worker will ask), `reversed`, `refused` (the game server said no, with its reason), `not_delivered` (the
 * game server has no delivery of the order), `failed` (the worker gave up after its retries; staff look).
 */
export const reversalStatusValues = [
  'not_needed',
  'pending',
  'reversed',
  'refused',
  'not_delivered',
  'failed',
] as const;

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const payOrderRefund = pgTable(
  'pay_order_refund',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .primaryKey()
      .references(() => payOrder.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: refundReasonValues }).notNull(),
    /** Staff's note, as typed (shown to staff only). */
    note: text('note'),
    /** The staff member who refunded it; null when the provider reported it. */
    staffId: integer('staff_id'),
    staffAccountId: text('staff_account_id'),
    /** The provider's refund id, when known. */
    refundRef: text('refund_ref'),
    /** What moved the order: `staff` or `notification:<event id>`. */
    source: text('source').notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }).notNull(),
    reversalStatus: text('reversal_status', { enum: reversalStatusValues }).notNull(),
    /** The game server's reason for a refused reversal, or the worker's last error. */
    reversalReason: text('reversal_reason'),
    reversalAttempts: integer('reversal_attempts').notNull().default(0),
    /** Pending: when the worker tries (again), or until when a claim holds it. */
    reversalNextAt: timestamp('reversal_next_at', { withTimezone: true }).notNull().defaultNow(),
    reversalLeaseToken: text('reversal_lease_token'),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pay_order_refund_reversal_due_idx')
      .on(t.reversalNextAt)
      .where(sql`${t.reversalStatus} = 'pending'`),
    check('pay_order_refund_reason', sql`${t.reason} in (${inList(refundReasonValues)})`),
    check('pay_order_refund_reversal_status', sql`${t.reversalStatus} in (${inList(reversalStatusValues)})`),
  ],
);

export const payOrderDispute = pgTable('pay_order_dispute', {
  orderId: bigint('order_id', { mode: 'number' })
    .primaryKey()
    .references(() => payOrder.id, { onDelete: 'cascade' }),
  /** The provider's dispute id. */
  disputeRef: text('dispute_ref').notNull(),
  /** The provider's status (Stripe: needs_response, under_review, won, lost, ...). */
  status: text('status').notNull(),
  /** The provider's reason (Stripe: fraudulent, product_not_received, ...). */
  reason: text('reason').notNull(),
  openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
  /** The provider's time of the event last applied: an older one arriving late changes nothing. */
  eventAt: timestamp('event_at', { withTimezone: true }).notNull(),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const paySandboxRefund = pgTable('pay_sandbox_refund', {
  /** The shop's order number: refunding it again answers this refund. */
  merchantOrderNo: text('merchant_order_no').primaryKey(),
  refundId: text('refund_id').notNull().unique(),
  payOrderNo: text('pay_order_no').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});
