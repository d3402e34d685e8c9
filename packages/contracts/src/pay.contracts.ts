/**
 * Pay group (spec 7 "Pay switch", "Regional web pay", "Second pay variant"). Two families of paths serve the same
 * catalog and the same order engine:
 * - the regional web pay under `/api/komoe/webpay/`, whose calls name their `distribution_region` (spec 9: 5, the
 *   site's region, when left out);
 * - the second variant under `/api/web/pay/`, which always pays in the site's distribution region.
 *
 * Money is an integer count of the currency's minor unit (ISO 4217): `product_price` 17900 in THB (exponent 2) is
 * 179.00 baht, 119000 in VND (exponent 0) is 119,000 dong. Every price travels with its `currency` and `exponent`
 * so a screen formats it (`formatMoney`, @gp/i18n/format) without knowing the currency.
 *
 * Member calls carry the CSRF token `ct` like every member call (the client adds it).
 */
import { z } from 'zod';
import { defineCall, flag, pageNum, pageOf, pageSize } from './define.ts';
import {
  payModes,
  payModeNames,
  webPayModes,
  isWebPayMode,
  currencyExponent,
  orderStates,
  orderStatuses,
  statusOfState,
  refundReasons,
  staffRefundReasons,
  reversalStatuses,
  orderTimelineSteps,
  timelineStepOf,
  streamEndStates,
  orderStateRank,
  type PayMode,
  type OrderState,
  type OrderStatus,
  type OrderTimelineStep,
  type RefundReason,
  type StaffRefundReason,
  type ReversalStatus,
} from './pay-values.ts';

export {
  refundReasons,
  staffRefundReasons,
  reversalStatuses,
  type RefundReason,
  type StaffRefundReason,
  type ReversalStatus,
  payModes,
  payModeNames,
  webPayModes,
  isWebPayMode,
  currencyExponent,
  orderStates,
  orderStatuses,
  statusOfState,
  orderTimelineSteps,
  timelineStepOf,
  streamEndStates,
  orderStateRank,
  type PayMode,
  type OrderState,
  type OrderStatus,
  type OrderTimelineStep,
};

// ---- Business constants (spec 9) and order states: zod-free in pay-values.ts ----

// ---- Request fields ----

/** Which distribution region's catalog; the site's region (5) when left out. */
const distributionRegion = z.coerce.number().int().positive().max(2_147_483_647).optional();
const gameBaseId = z.coerce.number().int().positive().max(2_147_483_647);
/** The game's id towards game servers and payment (`sfl_sea`). */
const gameId = z.string().trim().min(1).max(64);
/** ISO 4217 code; accepted in any case, answered in upper case. */
const currencyCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/)
  .transform((code) => code.toUpperCase());
/** One of the payment modes of spec 9. */
export const payModeField = z.coerce.number().pipe(z.literal(payModes));

// ---- Answers ----

export const paySwitchData = z.object({ main_switch_status: flag });

/** A game offered on the top-up page. */
export const payGameItem = z.object({
  game_base_id: z.number().int(),
  game_id: z.string(),
  /** In the page language (en when the game has no name in it). */
  game_name: z.string(),
  /** URL of the game's icon; empty when it has none. */
  game_icon: z.string(),
});
export type PayGameItem = z.infer<typeof payGameItem>;

/** A currency a game sells in, in display order. */
export const payCurrencyItem = z.object({
  /** ISO 4217 code (`THB`). */
  currency: z.string(),
  /** Decimal places of the minor unit: prices in this currency are amount * 10^exponent. */
  exponent: z.number().int(),
});
export type PayCurrencyItem = z.infer<typeof payCurrencyItem>;

/** One of the member's characters on a server, as the game server reports it. */
export const payRoleItem = z.object({
  /** The game server's id of the character (send it back as `cp_role_id`). */
  cp_role_id: z.string(),
  /** The character's name in the game. */
  role_name: z.string(),
  level: z.number().int(),
  /** 0: the game server refuses top-ups for this character (an order for it is refused with err5). */
  can_recharge: flag,
});
export type PayRoleItem = z.infer<typeof payRoleItem>;

/** A server of the game with the member's characters on it (possibly none). */
export const payServerItem = z.object({
  /** The game server's id of the server (send it back as `cp_server_id`). */
  cp_server_id: z.string(),
  /** In the page language. */
  server_name: z.string(),
  /** 1: under maintenance; an order for it is refused with err4. */
  is_maintenance: flag,
  role_list: z.array(payRoleItem),
});
export type PayServerItem = z.infer<typeof payServerItem>;

/** A product at its price for one currency and payment mode. */
export const payProductItem = z.object({
  product_id: z.string(),
  /** In the page language. */
  product_name: z.string(),
  /** Integer amount of the currency's minor unit (see `exponent`). */
  product_price: z.number().int(),
  currency: z.string(),
  exponent: z.number().int(),
  pay_mode: z.literal(payModes),
  /** Marketing lines in the page language (a bonus, a "best value" tag); empty when there is none. */
  marketing_desc_1: z.string(),
  marketing_desc_2: z.string(),
  /** The picture staff gave the product (public URL, shown beside its name); empty when it has none. */
  product_image: z.string(),
});
export type PayProductItem = z.infer<typeof payProductItem>;

/** One price of a product (second variant, product_list/v2). */
export const payPriceItem = z.object({
  currency: z.string(),
  exponent: z.number().int(),
  pay_mode: z.literal(payModes),
  product_price: z.number().int(),
});
export type PayPriceItem = z.infer<typeof payPriceItem>;

/** A product with all of its prices (second variant, product_list/v2). */
export const payProductWithPrices = payProductItem
  .pick({
    product_id: true,
    product_name: true,
    marketing_desc_1: true,
    marketing_desc_2: true,
    product_image: true,
  })
  .extend({ price_list: z.array(payPriceItem) });
export type PayProductWithPrices = z.infer<typeof payProductWithPrices>;

/** A way to pay: a payment mode and its method (`promptpay`, `gcash`, `razer_gold`...). */
export const payChannelItem = z.object({
  pay_mode: z.literal(payModes),
  /** The method within the mode; sent back with the order as `payment_type`. */
  payment_type: z.string(),
  /** In the page language (brand names stay as they are). */
  channel_name: z.string(),
  currency: z.string(),
  /**
   * The channel's per-order limits in minor units of `currency` (null: none): the page offers the channel only
   * for a product whose price is within them, and an order outside them is refused (42).
   */
  min_amount: z.number().int().nullable(),
  max_amount: z.number().int().nullable(),
  /**
   * Paid from our page (a QR code, an account number): no provider page opens, so the confirm step opens no
   * window. Left out: paid on the provider's page.
   */
  pays_on_page: z.boolean().optional(),
});
export type PayChannelItem = z.infer<typeof payChannelItem>;

/** A graphic captcha for the top-up form; the order sends `captcha_token` and the typed `captcha_code`. */
export const payCaptchaData = z.object({
  captcha_token: z.string(),
  /** An SVG data URL to show. */
  image: z.string(),
  /** Seconds the captcha can be answered. */
  expires_in: z.number().int(),
});
export type PayCaptchaData = z.infer<typeof payCaptchaData>;

// ---- Pay switch (both variants) ----

export const paySwitch = defineCall({
  group: 'pay',
  method: 'GET',
  path: '/api/web/pay/switch',
  auth: 'public',
  request: z.object({ distribution_region: distributionRegion }),
  response: paySwitchData,
});

// ---- Regional web pay (spec 7, prefix /api/komoe/webpay) ----

export const webpaySwitch = defineCall({
  group: 'pay',
  method: 'GET',
  path: '/api/komoe/webpay/switch',
  auth: 'public',
  request: z.object({ distribution_region: distributionRegion }),
  response: paySwitchData,
});

/** Games open for top-up in the region, in display order. */
export const webpayGameList = defineCall({
  group: 'pay',
  method: 'GET',
  path: '/api/komoe/webpay/game_list',
  auth: 'public',
  request: z.object({ distribution_region: distributionRegion }),
  response: z.array(payGameItem),
});

/** The currencies a game sells in. err3: the game is not open for top-up in the region. */
export const webpayCurrencyList = defineCall({
  group: 'pay',
  method: 'GET',
  path: '/api/komoe/webpay/currency_list',
  auth: 'public',
  request: z.object({ distribution_region: distributionRegion, game_id: gameId }),
  response: z.array(payCurrencyItem),
});

/**
 * The game's servers with the member's characters. Refusals: err3 game not open for top-up, err8 the game server
 * could not list the servers, err12 the game has no server, err10 the game server could not list the characters,
 * 17 the member has no character in the game.
 */
export const webpayRoleList = defineCall({
  group: 'pay',
  method: 'GET',
  path: '/api/komoe/webpay/user/role_list',
  auth: 'member',
  request: z.object({ distribution_region: distributionRegion, game_base_id: gameBaseId }),
  response: z.array(payServerItem),
});

/**
 * Products on sale for a currency and payment mode. err3: the game is not open for top-up; err13: no open channel
 * of this payment mode takes this currency for the game (app-store modes never do on the web).
 */
export const webpayProductList = defineCall({
  group: 'pay',
  method: 'GET',
  path: '/api/komoe/webpay/product_list',
  auth: 'public',
  request: z.object({
    distribution_region: distributionRegion,
    game_id: gameId,
    currency: currencyCode,
    pay_mode: payModeField,
  }),
  response: z.array(payProductItem),
});

/** The web payment channels of a game for a currency (empty for a currency it does not sell in). err3 as above. */
export const webpayChannelList = defineCall({
  group: 'pay',
  method: 'GET',
  path: '/api/komoe/webpay/channel_list',
  auth: 'public',
  request: z.object({
    distribution_region: distributionRegion,
    game_base_id: gameBaseId,
    currency: currencyCode,
  }),
  response: z.array(payChannelItem),
});

// ---- Second pay variant (spec 7, prefix /api/web/pay; the site's distribution region) ----

export const payGameList = defineCall({
  group: 'pay',
  method: 'GET',
  path: '/api/web/pay/game_list',
  auth: 'public',
  request: z.object({}),
  response: z.array(payGameItem),
});

/** As webpayRoleList, in the site's region. */
export const payRoleList = defineCall({
  group: 'pay',
  method: 'GET',
  path: '/api/web/pay/user/role_list',
  auth: 'member',
  request: z.object({ game_base_id: gameBaseId }),
  response: z.array(payServerItem),
});

/**
 * Every product on sale at every web price: one item per product, currency and payment mode whose channel is
 * open, ordered by currency, payment mode, then product. err3: the game is not open for top-up.
 */
export const payProductList = defineCall({
  group: 'pay',
  method: 'GET',
  path: '/api/web/pay/product_list',
  auth: 'public',
  request: z.object({ game_id: gameId }),
  response: z.array(payProductItem),
});

/** The same offer as product_list, one item per product with its prices. err3 as above. */
export const payProductListV2 = defineCall({
  group: 'pay',
  method: 'GET',
  path: '/api/web/pay/product_list/v2',
  auth: 'public',
  request: z.object({ game_id: gameId }),
  response: z.array(payProductWithPrices),
});

/** Every open web payment channel of the game, in every currency it sells in. err3 as above. */
export const payChannelList = defineCall({
  group: 'pay',
  method: 'GET',
  path: '/api/web/pay/channel_list',
  auth: 'public',
  request: z.object({ game_base_id: gameBaseId }),
  response: z.array(payChannelItem),
});

/** A fresh graphic captcha for the top-up form (never cached: a member call). */
export const payGetCaptcha = defineCall({
  group: 'pay',
  method: 'GET',
  path: '/api/web/pay/get_captcha',
  auth: 'member',
  request: z.object({}),
  response: payCaptchaData,
});

// ---- Orders (both variants drive one order engine: DESIGN section 6 "Pay") ----

/** An order as the player sees it; names are snapshots taken when the order was made, in the page language. */
export const payOrderItem = z.object({
  /** Our order number, shown to the player and used as the delivery's idempotency key. */
  order_no: z.string(),
  /** The payment's number at the provider side (query the result with it). */
  pay_order_no: z.string(),
  game_base_id: z.number().int(),
  game_id: z.string(),
  game_name: z.string(),
  cp_server_id: z.string(),
  server_name: z.string(),
  cp_role_id: z.string(),
  role_name: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  /** The price paid, in the currency's minor unit (see `exponent`). */
  product_price: z.number().int(),
  currency: z.string(),
  exponent: z.number().int(),
  pay_mode: z.literal(payModes),
  payment_type: z.string(),
  channel_name: z.string(),
  state: z.enum(orderStates),
  status: z.enum(orderStatuses),
  /**
   * Why a failed order failed, as a top-up error code of the catalogue (domain pay) or null: e.g. 15 when the
   * payment was declined or never made in time. The screens translate it.
   */
  reason_code: z.number().int().nullable(),
  /** ISO 8601 times; `pay_time` null until the provider confirms the payment. */
  created_at: z.string(),
  pay_time: z.string().nullable(),
  delivered_at: z.string().nullable(),
  /**
   * Why a refunded order was refunded (a code the screens translate) and when, so the player sees the refund on
   * the order; null for an order that is not refunded.
   */
  refund_reason: z.enum(refundReasons).nullable(),
  refunded_at: z.string().nullable(),
});
export type PayOrderItem = z.infer<typeof payOrderItem>;

/** One step of an order's timeline and when the order took it (ISO 8601). */
export const orderTimelineEntry = z.object({ step: z.enum(orderTimelineSteps), at: z.string() });
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntry>;

/**
 * A payment the player makes from our page, where the provider has no page of its own: a QR code to scan with a
 * banking or wallet app (`qr_string`: the payload the code encodes, amount included: PromptPay, QRIS, VietQR), or a
 * bank transfer to a virtual account number.
 */
export const payInstructions = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('qr'), qr_string: z.string() }),
  z.object({ kind: z.literal('bank_transfer'), bank: z.string(), account_number: z.string() }),
]);
export type PayInstructions = z.infer<typeof payInstructions>;

/**
 * An order with its timeline, oldest step first, as the order page, the order inside a ticket, the live status
 * and the lookup without login show it. A step taken again (a failed delivery retried) appears again.
 */
export const payOrderTracked = payOrderItem.extend({
  timeline: z.array(orderTimelineEntry),
  /** While the order awaits its payment: what the player pays with from our page (see payOrderCreated). */
  pay_instructions: payInstructions.optional(),
  app_url: z.string().optional(),
  /** While the order awaits its payment: when it stops taking one (ISO 8601), for the page's countdown. */
  expires_at: z.string().optional(),
});
export type PayOrderTracked = z.infer<typeof payOrderTracked>;

export const payOrderPage = pageOf(payOrderItem);
export type PayOrderPage = z.infer<typeof payOrderPage>;

/**
 * What add_order / add_pay_order answer: open `pay_url` in a new window to pay; when it is empty, the order page
 * shows `pay_instructions` (a QR code or an account number) instead.
 */
export const payOrderCreated = z.object({
  order_no: z.string(),
  pay_order_no: z.string(),
  /** The provider's checkout page for this payment; empty when the player pays from our page. */
  pay_url: z.string(),
  pay_instructions: payInstructions.optional(),
  /** On a phone: the link that opens the wallet's app with this payment (GCash, MoMo, DANA). */
  app_url: z.string().optional(),
  /** Seconds left to pay before the order expires. */
  expires_in: z.number().int(),
});
export type PayOrderCreated = z.infer<typeof payOrderCreated>;

const orderNo = z.string().trim().min(1).max(64);

/**
 * The add-order payload of spec 3. Names and prices are checked against the catalog, never trusted: the order
 * takes them from the catalog, and a `product_price` that is not the current price is refused (err7) so nobody
 * pays a price they were not shown. `idempotency_key` (a random value the page makes once per order attempt, e.g.
 * a UUID) makes a double click or a retried request answer the same order instead of making a second one.
 */
const addOrderFields = {
  game_base_id: gameBaseId,
  game_id: gameId,
  cp_server_id: z.string().trim().min(1).max(64),
  cp_role_id: z.string().trim().min(1).max(64),
  product_id: z.string().trim().min(1).max(64),
  product_name: z.string().max(200).optional(),
  marketing_desc_1: z.string().max(500).optional(),
  marketing_desc_2: z.string().max(500).optional(),
  product_price: z.coerce.number().int().min(0),
  currency: currencyCode,
  pay_mode: payModeField,
  payment_type: z.string().trim().min(1).max(64),
  captcha_token: z.string().trim().min(1).max(200),
  captcha_code: z.string().trim().min(1).max(12),
  idempotency_key: z.string().trim().min(16).max(64),
};

/**
 * Makes an order once every rule passes (spec 5, err1..err13): -101 not logged in; err3 pay switch off or game
 * not open; err1 wrong captcha; err12/err8/err9/err4 server; err10/err11/err5 character; err7/err6 product; err13
 * payment method; 16 a Facebook-authorised member (not on the web).
 */
export const webpayAddOrder = defineCall({
  group: 'pay',
  method: 'POST',
  path: '/api/komoe/webpay/add_order',
  auth: 'member',
  request: z.object({ distribution_region: distributionRegion, ...addOrderFields }),
  response: payOrderCreated,
});

/** One of the member's orders with its timeline; 14 when the member has no such order. */
export const webpayOrderDetail = defineCall({
  group: 'pay',
  method: 'GET',
  path: '/api/komoe/webpay/order_detail',
  auth: 'member',
  request: z.object({ distribution_region: distributionRegion, order_no: orderNo }),
  response: payOrderTracked,
});

/** The member's orders, newest first. */
export const webpayOrderHistory = defineCall({
  group: 'pay',
  method: 'GET',
  path: '/api/komoe/webpay/order_history',
  auth: 'member',
  request: z.object({ distribution_region: distributionRegion, page_num: pageNum, page_size: pageSize }),
  response: payOrderPage,
});

/**
 * "Query payment result": asks the provider when the order is not final yet, applies what it says, and answers
 * the order. 14: no such payment of the member ("no result found"); 15: the provider has no payment for it yet
 * ("the order has not been paid yet").
 */
export const webpayOrderResult = defineCall({
  group: 'pay',
  method: 'GET',
  path: '/api/komoe/webpay/order_result',
  auth: 'member',
  request: z.object({ distribution_region: distributionRegion, pay_order_no: orderNo }),
  response: payOrderItem,
});

/** The second variant's order calls: the same engine, with `region` and the free-form `addExtra` (kept as is). */
export const payAddPayOrder = defineCall({
  group: 'pay',
  method: 'POST',
  path: '/api/web/pay/add_pay_order',
  auth: 'member',
  request: z.object({
    ...addOrderFields,
    region: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    addExtra: z.string().max(1000).optional(),
  }),
  response: payOrderCreated,
});

export const payOrderDetail = defineCall({
  group: 'pay',
  method: 'GET',
  path: '/api/web/pay/order_detail',
  auth: 'member',
  request: z.object({ order_no: orderNo, region: z.coerce.number().int().positive().optional() }),
  response: payOrderTracked,
});

export const payOrderHistory = defineCall({
  group: 'pay',
  method: 'GET',
  path: '/api/web/pay/order_history',
  auth: 'member',
  request: z.object({
    page_num: pageNum,
    page_size: pageSize,
    region: z.coerce.number().int().positive().optional(),
  }),
  response: payOrderPage,
});

export const payOrderResult = defineCall({
  group: 'pay',
  method: 'GET',
  path: '/api/web/pay/order_result',
  auth: 'member',
  request: z.object({ pay_order_no: orderNo, region: z.coerce.number().int().positive().optional() }),
  response: payOrderItem,
});

// ---- Live order status (a stream, no polling) and lookup without login (order number plus contact) ----

/**
 * The live status of one of the member's orders, as Server-Sent Events (`text/event-stream`), not an envelope:
 * the session checks of order_detail answer -101 / -110 / 14 as JSON before the stream opens (41 with HTTP 429
 * when too many streams are open). Each `order` event's data is the order as `response` describes it, in the
 * page language, with the id `<state>:<updated_at in ms>`; a reconnect sending `Last-Event-ID` gets the order
 * only when it changed since. Comment lines keep the connection open; the server ends the stream once the order
 * is final (delivered, failed, expired, refunded) or after its longest lifetime, with an `end` event.
 */
export const payOrderStream = defineCall({
  group: 'pay',
  method: 'GET',
  path: '/api/web/pay/order_stream',
  auth: 'member',
  request: z.object({ order_no: orderNo }),
  response: payOrderTracked,
});

/**
 * An order as the lookup without login shows it: what the order page shows, less the payment provider's number
 * and the character's id, and with the character's name partly masked (a stranger holding a leaked order number
 * and the e-mail learns the state, not whom it credited).
 */
export const payOrderLookedUp = payOrderTracked.omit({ pay_order_no: true, cp_role_id: true });
export type PayOrderLookedUp = z.infer<typeof payOrderLookedUp>;

/**
 * Lookup without login (pay host): an order number and the e-mail or phone number of the account that made it.
 * A wrong number and a wrong address answer alike (40); rate limited per client address and per order number
 * (800000, HTTP 429).
 */
export const payOrderLookup = defineCall({
  group: 'pay',
  method: 'POST',
  path: '/api/web/pay/order_lookup',
  auth: 'public',
  request: z.object({ order_no: orderNo, account: z.string().trim().min(3).max(254) }),
  response: payOrderLookedUp,
});
