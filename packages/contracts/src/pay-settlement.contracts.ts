/**
 * Payment reconciliation for staff: the daily settlement check's mismatches in the console's
 * payment operations, served in the `csmng` group like the other pay calls and, like them, for the `catalog`
 * privilege (the pay privilege: the fixed list has no other).
 *
 * Once a day the API compares each payment provider's paid payments of the previous UTC day with our orders; staff
 * may run it for a day at once ("run now"). A mismatch is one of:
 * - `paid_not_here`: the provider took the money, our order is not paid (or there is no order): ask the provider
 *   again (the order engine applies its answer, so the order is paid and credited once) or refund it there;
 * - `amount_differs`: the provider took another amount or currency than the order's price; the order is not
 *   credited: refund at the provider, or credit by hand and note it;
 * - `refunded_not_here`: the provider refunded a payment our order still counts as paid: check the credit with
 *   the game and mark the order refunded;
 * - `paid_not_there`: our order is paid, the provider has no paid payment for it: find out why before crediting
 *   again (a forged or mistaken notification?).
 *
 * Staff resolve a mismatch with a note (audited as `pay.settlement.resolve`); "ask the provider again"
 * (`pay.settlement.recheck`) applies the provider's answer now, and resolves a `paid_not_here` it credited; "run
 * now" is `pay.settlement.run`.
 */
import { z } from 'zod';
import { pageNum, pageOf } from './define.ts';
import { orderStates } from './pay.contracts.ts';
import { defineStaffCall } from './staff.contracts.ts';

export const settlementKinds = [
  'paid_not_here',
  'amount_differs',
  'refunded_not_here',
  'paid_not_there',
] as const;
export type SettlementKind = (typeof settlementKinds)[number];

const positiveId = z.coerce.number().int().positive();
const utcDay = z.iso.date();

export const settlementItem = z.object({
  id: z.number().int(),
  provider: z.string(),
  /** The provider's payment number. */
  provider_ref: z.string(),
  kind: z.enum(settlementKinds),
  /** The UTC day whose check found it. */
  day: z.string(),
  order_no: z.string().nullable(),
  order_state: z.enum(orderStates).nullable(),
  order_amount: z.number().int().nullable(),
  order_currency: z.string().nullable(),
  provider_amount: z.number().int().nullable(),
  provider_currency: z.string().nullable(),
  provider_refunded: z.number().int().nullable(),
  /** Decimal places of the amounts' currency (order's, else the provider's). */
  exponent: z.number().int(),
  found_at: z.string(),
  resolved_at: z.string().nullable(),
  resolved_by: z.string().nullable(),
  resolution_note: z.string().nullable(),
});
export type SettlementItem = z.infer<typeof settlementItem>;

export const settlementRun = z.object({
  provider: z.string(),
  day: z.string(),
  ran_at: z.string(),
  /** Paid payments the provider listed for the day. */
  payments: z.number().int(),
  /** New mismatches the run found. */
  mismatches: z.number().int(),
});
export type SettlementRun = z.infer<typeof settlementRun>;

export const settlementPage = pageOf(settlementItem).extend({
  /** The latest run per provider. */
  runs: z.array(settlementRun),
});
export type SettlementPage = z.infer<typeof settlementPage>;

/** Mismatches, newest first: `open` (default) or `resolved`. */
export const payAdminSettlementPage = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/pay/settlement/page',
  privilege: 'catalog',
  keepsPublicData: true,
  request: z.object({
    status: z.enum(['open', 'resolved']).default('open'),
    page_num: pageNum,
    page_size: z.coerce.number().int().min(1).max(100).default(20),
  }),
  response: settlementPage,
});

/**
 * "Run now": the settlement check of a UTC day (not a future one: -400 `day` `future`) for every configured
 * provider; a mismatch already open is not added again. Audited as `pay.settlement.run`. Answers the runs.
 */
export const payAdminSettlementRun = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/settlement/run',
  encoding: 'json',
  privilege: 'catalog',
  keepsPublicData: true,
  request: z.object({ day: utcDay }),
  response: z.array(settlementRun),
});

/**
 * "Ask the provider again": the mismatch's order asks its provider now and the answer is applied through the
 * order engine (a paid order is credited once). -404 no such mismatch; -400 `id` `no_order` (no order to ask
 * about). Audited as `pay.settlement.recheck`. `answer`: what the provider said (null: the order is past waiting
 * for its payment, so it was not asked); `result`: `applied`, `ignored`, `mismatch` or `not_asked`.
 */
export const payAdminSettlementRecheck = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/settlement/recheck',
  encoding: 'json',
  privilege: 'catalog',
  keepsPublicData: true,
  request: z.object({ id: positiveId }),
  response: z.object({
    item: settlementItem,
    answer: z.enum(['paid', 'declined', 'expired', 'pending', 'unknown']).nullable(),
    result: z.enum(['applied', 'ignored', 'mismatch', 'not_asked']),
  }),
});

/** Marks a mismatch resolved with what was done. -404 no such mismatch; -400 `id` `not_open`. Audited. */
export const payAdminSettlementResolve = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/settlement/resolve',
  encoding: 'json',
  privilege: 'catalog',
  keepsPublicData: true,
  request: z.object({ id: positiveId, note: z.string().trim().min(1).max(500) }),
  response: settlementItem,
});
