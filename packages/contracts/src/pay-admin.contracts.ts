/**
 * Top-up catalog and payment operations for staff (the console's pay pages), served in the `csmng` group under
 * `/komoe/mng/pay/...` like the other staff calls (see staff.contracts.ts for sessions, CSRF and privileges).
 *
 * Every call needs the `catalog` privilege, the order search and the delivery retry included: the fixed privilege
 * list (DESIGN section 6) has no separate payments privilege, and whoever runs the catalog is who answers for
 * stuck top-ups. Every write is recorded in the audit log (`pay.*` actions) with what it changed, in the write's
 * transaction; a write that changes nothing (the value was already so) writes and records nothing.
 *
 * The catalog as staff see it: servers, currencies, products and channels belong to a game (the tables have no
 * region), and a distribution region offers a game through the region's game list (`pay/game/list`). The pay
 * switch is per distribution region. When `distribution_region` is left out it is the site's region (5).
 *
 * A price change affects new orders only: an order snapshots its price when it is made, is paid and credited at
 * that price, and an add-order that still sends the old `product_price` is refused (err7).
 *
 * Delivery retry: a dead-lettered delivery job goes back to `pending`, due now, with `attempts` reset to 0 (it
 * gets the worker's whole backoff schedule again; the count it died with and its `last_error` stay in the audit
 * row). Still exactly once: the game server's idempotency key is the order number, so a credit that reached the
 * game server before the job died is answered as a repeat and not credited again.
 *
 * Codes answered here (staff domain): -101 not logged in; -110 CSRF token missing or wrong; -401 the caller lacks
 * `catalog`; -40007 the one-time password must be changed first; -404 no such game (in the top-up catalog),
 * server, product, channel or order; -400 with field issues (`fields: [{ field, code }]`), besides the shape
 * checks of the schemas:
 * - `distribution_region` `unknown_region`: no pay switch is configured for the region (switch calls);
 * - `currency` `not_sold`: the game does not sell in the currency;
 * - `pay_mode` `no_price`: the product has no price in the currency through the payment mode;
 * - `pay_mode` `required_with` / `currency` `required_with`: one named without the other (product sale);
 * - `end_time` `before_start`: the order search's `end_time` is not after `start_time`;
 * - `order_no` `no_delivery`: the order has no delivery job (it was never paid);
 * - `order_no` `not_dead`: the order's delivery is not dead-lettered (still pending, or done), so there is
 *   nothing to retry;
 * - `order_no` `not_owed`: the order was refunded; no credit is owed.
 */
import { z } from 'zod';
import { flag, pageNum, pageOf } from './define.ts';
import {
  orderStates,
  payChannelItem,
  payGameItem,
  payModeField,
  payOrderItem,
  payPriceItem,
  payProductItem,
  payServerItem,
  paySwitchData,
} from './pay.contracts.ts';
import { refundReasons, reversalStatuses, staffRefundReasons } from './pay-values.ts';
import { payChannelSetupFields } from './pay-channel-setup.ts';
import { defineStaffCall } from './staff.contracts.ts';

const positiveId = z.coerce.number().int().positive().max(2_147_483_647);
const distributionRegion = positiveId.optional();
const isoTime = z.iso.datetime({ offset: true });
/** Staff pages are longer than players'. */
const staffPageSize = z.coerce.number().int().min(1).max(100).default(20);
/** ISO 4217 code; accepted in any case, answered in upper case. */
const currencyCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/)
  .transform((code) => code.toUpperCase());
const cpServerId = z.string().trim().min(1).max(64);
const productId = z.string().trim().min(1).max(64);
/** Our order number (`GP...`) or the provider's payment number. */
const orderRef = z.string().trim().min(1).max(64);
/** A price in the currency's minor unit (THB 549.00 is 54900); the catalog refuses 0. */
export const productPriceRule = z.coerce.number().int().positive().max(1_000_000_000_000);

// ---- Answers ----
// Fields the players' answers (pay.contracts.ts) have too are taken from them, in the order staff answers have
// always had (pick keeps the order it is given, extend appends).

export const payAdminSwitchData = z.object({
  distribution_region: z.number().int(),
  /** `main_switch_status` 1: the region takes top-ups; 0: every add-order of the region is refused (err3). */
  ...paySwitchData.shape,
  updated_at: z.string(),
});
export type PayAdminSwitchData = z.infer<typeof payAdminSwitchData>;

/** A game of a region's top-up catalog, open or not; `game_name` in the console's language (else en). */
export const payAdminGameItem = payGameItem.omit({ game_icon: true }).extend({
  /** 0: the region does not offer the game for top-up (err3). */
  is_open: flag,
  /** 0: the game is offline on the site (and so not offered either). */
  is_online: flag,
  /** The currencies the game sells in, in display order. */
  currencies: z.array(z.string()),
  /** Its place in the region's top-up page (smaller first). */
  sort: z.number().int(),
});
export type PayAdminGameItem = z.infer<typeof payAdminGameItem>;

/**
 * A server of a game's top-up catalog: `server_name` in the console's language (the id when it has none);
 * `is_maintenance` 1: staff put it under maintenance, players see it so and its orders are refused (err4).
 */
export const payAdminServerItem = payServerItem.omit({ role_list: true }).extend({
  /** 0: the server is no longer offered for top-up. */
  is_online: flag,
  sort: z.number().int(),
  updated_at: z.string(),
});
export type PayAdminServerItem = z.infer<typeof payAdminServerItem>;

/** A price of a product: `product_price` in minor units of `currency` (`exponent` decimal places). */
export const payAdminPriceItem = payPriceItem.extend({
  /** 0: this price is off sale (orders at it: err6). */
  is_on_sale: flag,
  updated_at: z.string(),
});
export type PayAdminPriceItem = z.infer<typeof payAdminPriceItem>;

/** A product of a game's catalog; `product_name` in the console's language. */
export const payAdminProductItem = payProductItem.pick({ product_id: true, product_name: true }).extend({
  /** Game credit an order of it delivers (bonus included). */
  credit_amount: z.number().int(),
  /** 0: the product is off sale whatever its prices say (orders: err6). */
  is_on_sale: flag,
  sort: z.number().int(),
  /** The product's picture; empty without one. */
  image_url: z.string(),
  /** The sale window (ISO 8601, UTC): offered from `sale_from` until before `sale_until`; null: open that side. */
  sale_from: z.string().nullable(),
  sale_until: z.string().nullable(),
  updated_at: z.string(),
  /** Ordered by currency (the game's order), payment mode. */
  price_list: z.array(payAdminPriceItem),
});
export type PayAdminProductItem = z.infer<typeof payAdminProductItem>;

/** A payment channel of a game; `channel_name` in the console's language (brand names stay as they are). */
export const payAdminChannelItem = z.object({
  pay_channel_id: z.number().int(),
  ...payChannelItem.pick({ currency: true, pay_mode: true, payment_type: true, channel_name: true }).shape,
  /** 0: players are not offered it, and orders through it are refused (err13). */
  is_open: flag,
  sort: z.number().int(),
  updated_at: z.string(),
  // Authoring (pay-channel-authoring.contracts.ts): what the channel editor shows and edits.
  ...payChannelSetupFields,
});
export type PayAdminChannelItem = z.infer<typeof payAdminChannelItem>;

export const deliveryStatuses = ['pending', 'done', 'dead'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * An order as staff see it: the player's order fields (names are the order's snapshots, in the console's
 * language; `pay_order_no` is empty until the payment was created at the provider) without the player's
 * `status`, and what only staff see.
 */
export const payAdminOrderItem = z.object({
  ...payOrderItem.pick({ order_no: true, pay_order_no: true }).shape,
  provider: z.string(),
  /** The member's id (mid). */
  uid: z.number().int(),
  distribution_region: z.number().int(),
  /** Which pay family made it: `webpay` (regional) or `pay` (second variant). */
  variant: z.string(),
  ...payOrderItem.pick({
    game_base_id: true,
    game_id: true,
    game_name: true,
    cp_server_id: true,
    server_name: true,
    cp_role_id: true,
    role_name: true,
    product_id: true,
    product_name: true,
  }).shape,
  credit_amount: z.number().int(),
  /** `product_price`: the price the order was made at (its snapshot); `reason_code` also says why one expired. */
  ...payOrderItem.pick({
    product_price: true,
    currency: true,
    exponent: true,
    pay_mode: true,
    payment_type: true,
    channel_name: true,
    state: true,
    reason_code: true,
  }).shape,
  /** The credit delivery's status; null while the order is not paid. */
  delivery_status: z.enum(deliveryStatuses).nullable(),
  /** ISO 8601 times in UTC. */
  ...payOrderItem.pick({ created_at: true }).shape,
  expires_at: z.string(),
  ...payOrderItem.pick({ pay_time: true, delivered_at: true }).shape,
  updated_at: z.string(),
});
export type PayAdminOrderItem = z.infer<typeof payAdminOrderItem>;

export const payAdminOrderPage = pageOf(payAdminOrderItem);
export type PayAdminOrderPage = z.infer<typeof payAdminOrderPage>;

/** One state change of an order; `from_state` null when the order was made. */
export const payOrderEventItem = z.object({
  from_state: z.enum(orderStates).nullable(),
  to_state: z.enum(orderStates),
  /** What moved it: `order`, `payment`, `notification:<event id>`, `query`, `sweep`, `worker`. */
  cause: z.string(),
  created_at: z.string(),
});
export type PayOrderEventItem = z.infer<typeof payOrderEventItem>;

/** A verified provider notification about the order's payment. */
export const payNotificationItem = z.object({
  provider: z.string(),
  event_id: z.string(),
  /** `paid` or `declined`, as the provider reported it. */
  outcome: z.string(),
  /** What it did: `applied`, `ignored` (the order was past it), `unknown_order`, `mismatch` (amount differs). */
  result: z.string(),
  received_at: z.string(),
});
export type PayNotificationItem = z.infer<typeof payNotificationItem>;

/** The credit delivery of a paid order (the delivery worker's job). */
export const payDeliveryItem = z.object({
  status: z.enum(deliveryStatuses),
  /** Tries since it was made or last retried by staff. */
  attempts: z.number().int(),
  /** Pending: when the worker tries (again); a claimed job's lease end. */
  next_attempt_at: z.string(),
  /** Why the last try failed (kept after a retry until the next try). */
  last_error: z.string().nullable(),
  /** The game server's receipt number once done (empty when it was already delivered). */
  delivery_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PayDeliveryItem = z.infer<typeof payDeliveryItem>;

/**
 * A refunded order's refund: why (a reason code; `provider` when the provider reported it, `dispute_lost` when
 * the payer won a dispute there), staff's
 * note and account (null for the provider's), the provider's refund id, and whether the game server took the credit
 * back: `not_needed` (refunded before delivery), `pending` (being asked; `reversal_reason` holds the last error while
 * it retries), `reversed`, `refused` (with the game server's reason), `not_delivered` (it had no delivery of the
 * order), `failed` (given up after retries; `reversal_reason` says why).
 */
export const payRefundItem = z.object({
  reason: z.enum(refundReasons),
  note: z.string().nullable(),
  staff_account_id: z.string().nullable(),
  refund_ref: z.string().nullable(),
  refunded_at: z.string(),
  reversal_status: z.enum(reversalStatuses),
  reversal_reason: z.string().nullable(),
  reversal_attempts: z.number().int(),
  reversed_at: z.string().nullable(),
});
export type PayRefundItem = z.infer<typeof payRefundItem>;

/** A dispute (chargeback) of the order's payment, as the provider last reported it: a flag, not a state. */
export const payDisputeItem = z.object({
  dispute_ref: z.string(),
  /** The provider's status (Stripe: needs_response, under_review, won, lost, ...). */
  status: z.string(),
  /** The provider's reason (Stripe: fraudulent, product_not_received, ...). */
  reason: z.string(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  updated_at: z.string(),
});
export type PayDisputeItem = z.infer<typeof payDisputeItem>;

export const payAdminOrderDetail = payAdminOrderItem.extend({
  /** Oldest first. */
  events: z.array(payOrderEventItem),
  /** Oldest first. */
  notifications: z.array(payNotificationItem),
  delivery: payDeliveryItem.nullable(),
  refund: payRefundItem.nullable(),
  dispute: payDisputeItem.nullable(),
});
export type PayAdminOrderDetail = z.infer<typeof payAdminOrderDetail>;

/** A dead-lettered delivery with its order. */
export const deadDeliveryItem = z.object({
  order: payAdminOrderItem,
  delivery: payDeliveryItem,
});
export type DeadDeliveryItem = z.infer<typeof deadDeliveryItem>;

export const deadDeliveryPage = pageOf(deadDeliveryItem);
export type DeadDeliveryPage = z.infer<typeof deadDeliveryPage>;

// ---- Pay switch ----

/** A region's pay switch. -400 `distribution_region` `unknown_region`: none is configured for it. */
export const payAdminSwitchDetail = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/pay/switch/detail',
  privilege: 'catalog',
  request: z.object({ distribution_region: distributionRegion }),
  response: payAdminSwitchData,
});

/** Turns a region's top-up on (1) or off (0: add-order answers err3). Audited as `pay.switch`. */
export const payAdminSwitchSet = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/switch/set',
  encoding: 'json',
  privilege: 'catalog',
  request: z.object({ distribution_region: distributionRegion, main_switch_status: flag }),
  response: payAdminSwitchData,
});

// ---- Catalog ----

/** The games of a region's top-up catalog (open or closed), in display order. */
export const payAdminGameList = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/pay/game/list',
  privilege: 'catalog',
  request: z.object({ distribution_region: distributionRegion }),
  response: z.array(payAdminGameItem),
});

/** A game's servers (online or not) with their maintenance flag, in display order. -404: no such game. */
export const payAdminServerList = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/pay/server/list',
  privilege: 'catalog',
  request: z.object({ game_base_id: positiveId }),
  response: z.array(payAdminServerItem),
});

/**
 * Puts a server under maintenance (1: players see it so and add-order answers err4) or takes it out (0; the game
 * server may still report maintenance of its own). Audited as `pay.server.maintenance`. -404: no such server.
 */
export const payAdminServerMaintenance = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/server/maintenance',
  encoding: 'json',
  privilege: 'catalog',
  request: z.object({ game_base_id: positiveId, cp_server_id: cpServerId, is_maintenance: flag }),
  response: payAdminServerItem,
});

/** A game's products (on sale or not) with every price, in display order. -404: no such game. */
export const payAdminProductList = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/pay/product/list',
  privilege: 'catalog',
  request: z.object({ game_base_id: positiveId }),
  response: z.array(payAdminProductItem),
});

/**
 * Changes a product's price in a currency through a payment mode (`productPriceRule`). New orders only: orders
 * made before keep the price they were made at. Audited as `pay.product.price` (before / after the price).
 * -404 no such product; -400 `currency` `not_sold`, `pay_mode` `no_price`.
 */
export const payAdminProductPrice = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/product/price',
  encoding: 'json',
  privilege: 'catalog',
  request: z.object({
    game_base_id: positiveId,
    product_id: productId,
    currency: currencyCode,
    pay_mode: payModeField,
    product_price: productPriceRule,
  }),
  response: payAdminProductItem,
});

/**
 * Puts a product on sale (1) or off sale (0: it is no longer listed and orders answer err6); with `currency` and
 * `pay_mode`, only that one price. Audited as `pay.product.sale`. -404 no such product; -400 `currency`
 * `not_sold`, `pay_mode` `no_price`, `required_with` when one of `currency` / `pay_mode` comes without the other.
 */
export const payAdminProductSale = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/product/sale',
  encoding: 'json',
  privilege: 'catalog',
  request: z.object({
    game_base_id: positiveId,
    product_id: productId,
    currency: currencyCode.optional(),
    pay_mode: payModeField.optional(),
    is_on_sale: flag,
  }),
  response: payAdminProductItem,
});

/** A game's payment channels (open or not), of one currency or all, in display order. -404: no such game. */
export const payAdminChannelList = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/pay/channel/list',
  privilege: 'catalog',
  request: z.object({ game_base_id: positiveId, currency: currencyCode.optional() }),
  response: z.array(payAdminChannelItem),
});

/**
 * Opens (1) or closes (0) a payment channel: a closed one is not offered, and a payment mode with no open channel
 * for a currency drops out of the product list and refuses orders (err13). Audited as `pay.channel`. -404: no
 * such channel.
 */
export const payAdminChannelSwitch = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/channel/switch',
  encoding: 'json',
  privilege: 'catalog',
  request: z.object({ pay_channel_id: positiveId, is_open: flag }),
  response: payAdminChannelItem,
});

// ---- Orders ----

/**
 * The order search's filters, all optional and combined: `order_no` our order number or the provider's
 * payment number (exact); `uid` the member (mid); `cp_role_id` the character (exact; with `game_base_id` /
 * `cp_server_id` to narrow); `state`; `start_time` (inclusive) / `end_time` (exclusive) bound when the order was
 * made (ISO 8601; -400 `end_time` `before_start` when not after the start).
 */
export const payOrderFilters = z.object({
  order_no: orderRef.optional(),
  uid: positiveId.optional(),
  game_base_id: positiveId.optional(),
  cp_server_id: cpServerId.optional(),
  cp_role_id: z.string().trim().min(1).max(64).optional(),
  state: z.enum(orderStates).optional(),
  start_time: isoTime.optional(),
  end_time: isoTime.optional(),
});
export type PayOrderFilters = z.input<typeof payOrderFilters>;

/** Orders matching the filters, newest first, a page at a time. */
export const payAdminOrderPageCall = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/order/page',
  encoding: 'json',
  privilege: 'catalog',
  keepsPublicData: true,
  request: payOrderFilters.extend({ page_num: pageNum, page_size: staffPageSize }),
  response: payAdminOrderPage,
});

/**
 * One order (by our number or the provider's) with its state changes, the provider's notifications and its
 * credit delivery. -404: no such order.
 */
export const payAdminOrderDetailCall = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/pay/order/detail',
  privilege: 'catalog',
  keepsPublicData: true,
  request: z.object({ order_no: orderRef }),
  response: payAdminOrderDetail,
});

// ---- Dead letters ----

/** Deliveries the worker gave up on, most recently given up first; `game_base_id` narrows. */
export const payAdminDeadDeliveryPage = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/pay/delivery/dead_page',
  privilege: 'catalog',
  keepsPublicData: true,
  request: z.object({
    game_base_id: positiveId.optional(),
    page_num: pageNum,
    page_size: staffPageSize,
  }),
  response: deadDeliveryPage,
});

/**
 * "Retry delivery": the order's dead-lettered job goes back to pending, due now, attempts reset to 0 (see the
 * file comment); the worker credits it at its next round, once. Audited as `pay.delivery.retry`. -404 no such
 * order; -400 `order_no` `no_delivery` / `not_dead` / `not_owed`. Answers the order with its delivery as it
 * now is.
 */
export const payAdminDeliveryRetry = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/delivery/retry',
  encoding: 'json',
  privilege: 'catalog',
  keepsPublicData: true,
  request: z.object({ order_no: orderRef }),
  response: payAdminOrderDetail,
});

// ---- Refunds: in full at the provider, and the game server takes the credit back ----

/**
 * Refunds an order in full at its payment provider and moves it to `refunded`; when its credit may have reached
 * the game server, the game server is asked to take it back (the answer shows in `refund.reversal_status`). `reason`
 * is one of the codes players see translated; `note` (shown to staff only) is required with `other`. Idempotent
 * per order at the provider. Audited as `pay.order.refund`. -404 no such order; -40201 the order has no confirmed
 * payment; -40202 already refunded; -40203 the provider refused (`data.detail` says why); -400 `note` `required`.
 */
export const payAdminOrderRefund = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/order/refund',
  encoding: 'json',
  privilege: 'catalog',
  keepsPublicData: true,
  request: z.object({
    order_no: orderRef,
    reason: z.enum(staffRefundReasons),
    note: z.string().trim().max(500).optional(),
  }),
  response: payAdminOrderDetail,
});
