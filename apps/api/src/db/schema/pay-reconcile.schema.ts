/**
 * Reconciliation with the payment providers (modules/pay/orders/pay-reconcile.job.ts and
 * pay-settlement.service.ts).
 *
 * - `pay_reconcile_check`: per order still waiting for its payment, how often the reconciliation job asked the
 *   provider, when it asks next (its backoff) and what the provider last said; `done_at` once the provider's
 *   answer is final or the order is past the provider's expiry, so it is not asked again.
 * - `pay_settlement_run`: one run of the daily settlement check per provider and day (UTC), with what it found.
 * - `pay_settlement_mismatch`: what a settlement check found that differs between the provider's paid list and our
 *   orders, for staff to resolve (with a note, audited). One open row per provider payment and kind: a repeated
 *   run finds the row it left and adds nothing.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { payOrder } from './pay-order.schema.ts';
import { staffAccount } from './staff.schema.ts';

export const payReconcileCheck = pgTable(
  'pay_reconcile_check',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .primaryKey()
      .references(() => payOrder.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull(),
    /** The provider's last answer: `pending`, `unknown`, `paid`, `declined`, `expired`, or `error`. */
    lastStatus: text('last_status'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('pay_reconcile_check_due_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.doneAt} is null`),
  ],
);

export const paySettlementRun = pgTable(
  'pay_settlement_run',
  {
    provider: text('provider').notNull(),
    /** The UTC day checked, `YYYY-MM-DD`. */
    day: text('day').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
    /** How many paid payments the provider listed for the day. */
    payments: integer('payments').notNull(),
    /** How many new mismatches the run stored. */
    mismatches: integer('mismatches').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.day] })],
);

export const settlementMismatchKinds = [
  /** The provider took the money; our order is not paid (or we have no order for it). */
  'paid_not_here',
  /** The provider took another amount or currency than our order's price. */
  'amount_differs',
  /** The provider refunded the payment; our order is not refunded. */
  'refunded_not_here',
  /** Our order is paid; the provider has no paid payment for it. */
  'paid_not_there',
] as const;
export type SettlementMismatchKind = (typeof settlementMismatchKinds)[number];

export const paySettlementMismatch = pgTable(
  'pay_settlement_mismatch',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    /** The provider's payment number (our `pay_order_no`). */
    providerRef: text('provider_ref').notNull(),
    kind: text('kind', { enum: settlementMismatchKinds }).notNull(),
    /** The settlement day (UTC, `YYYY-MM-DD`) whose check found it. */
    day: text('day').notNull(),
    /** Our order, when there is one for the payment. */
    orderNo: text('order_no'),
    orderState: text('order_state'),
    orderAmount: bigint('order_amount', { mode: 'number' }),
    orderCurrency: text('order_currency'),
    /** What the provider took (minor units of our currency table), when it took anything. */
    providerAmount: bigint('provider_amount', { mode: 'number' }),
    providerCurrency: text('provider_currency'),
    providerRefunded: bigint('provider_refunded', { mode: 'number' }),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull(),
    resolvedBy: integer('resolved_by').references(() => staffAccount.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    uniqueIndex('pay_settlement_mismatch_open_idx')
      .on(t.provider, t.providerRef, t.kind)
      .where(sql`${t.resolvedAt} is null`),
    index('pay_settlement_mismatch_found_idx').on(t.foundAt),
    check(
      'pay_settlement_mismatch_kind',
      sql`${t.kind} in (${sql.raw(settlementMismatchKinds.map((k) => `'${k}'`).join(', '))})`,
    ),
  ],
);
