/**
 * Top-up catalog authoring for staff (a publisher's first day): turning top-up on for a portal game in a distribution
 * region, the currencies it sells in, its products (texts in the five languages, credit, image, order, sale and
 * sale window) and their prices. Served in the `csmng` group under `/komoe/mng/pay/...` beside the re-pricing and
 * switching calls of pay-admin.contracts.ts, behind the same `catalog` privilege; every write is audited in its
 * transaction and empties the public cache of every process (a staff write), so players see it on their next load.
 * A write that changes nothing writes and records nothing.
 *
 * Currencies are ISO 4217 codes whose minor-unit exponent this file knows (`iso4217Exponents`); the players'
 * calls and the order engine read the same exponent (`currencyExponent` of pay.contracts.ts).
 *
 * Prices are stored in minor units; the price call takes the amount as staff type it, in the currency's major
 * units (`"35.00"` THB, `"119000"` VND), and refuses more decimals than the currency has. Each price is checked
 * against the minimum and maximum charge of the payment providers that would take it: the providers of the game's
 * channels for that currency and payment mode (the deployment's provider where a channel names none, or when the
 * game has no such channel yet). `price/limits` answers those limits, so the console shows them before sending.
 *
 * A product is offered to players only while it is on sale, inside its sale window (`sale_from` inclusive,
 * `sale_until` exclusive, null: open on that side) and priced in the chosen currency; outside the window an order
 * is refused as off sale (err6).
 *
 * Codes answered here (staff domain): -101, -110, -401 (no `catalog`), -40007 as every staff call; -404 no such
 * game (in the region's top-up catalog, for currency and product calls), product; -400 with field issues besides
 * the shape checks of the schemas:
 * - `game_base_id` `not_found`: no portal game has this id (game save);
 * - `currency` `unknown_currency`: not an ISO 4217 code this file knows the exponent of;
 * - `currency` `has_prices` / `has_channels`: a currency still priced or with payment channels cannot be removed;
 * - `currencies` `mismatch`: an order naming other currencies than the game sells in;
 * - `currency` `not_sold`: a price in a currency the game does not sell in;
 * - `product_id` `taken`: another product of the game has this id (create);
 * - `image_media_id` `not_found`: no uploaded image has this id;
 * - `sale_until` `before_start`: the window ends before (or when) it starts;
 * - `amount` `too_many_decimals` (more decimals than the currency has), `not_positive`, `below_minimum` /
 *   `above_maximum` (a provider's charge limits, see `price/limits`);
 * - `pay_mode` `no_price`: removing a price that does not exist;
 * - image upload, field `file`: `too_large`, `type_not_allowed`, `too_big_dimensions` (as the game icon upload).
 */
import { z } from 'zod';
import type { UploadBlob } from './cs.contracts.ts';
import { imageUploadData, sortRule } from './catalog-admin.contracts.ts';
import { flag } from './define.ts';
import { payAdminGameItem, payAdminProductItem } from './pay-admin.contracts.ts';
import { payModeField } from './pay.contracts.ts';
import { payModes } from './pay-values.ts';
import { defineStaffCall } from './staff.contracts.ts';

// ---- Currencies ----

/**
 * The minor-unit exponent of every active ISO 4217 currency (2025 list, funds and metals left out). A currency
 * not named here cannot be added to a game: its exponent would be a guess, and a guessed exponent puts the
 * decimal point of every price in the wrong place. `currencyExponent` answers the same for each (a test keeps
 * them equal).
 */
const zeroDecimal = [
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
];
const zeroDecimalCfa = ['XAF', 'XOF', 'XPF'];
const threeDecimal = ['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'];
const twoDecimal = [
  'AED', 'AFN', 'ALL', 'AMD', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN', 'BMD', 'BND', 'BOB',
  'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHF', 'CNY', 'COP', 'CRC', 'CUP', 'CVE', 'CZK', 'DKK',
  'DOP', 'DZD', 'EGP', 'ERN', 'ETB', 'EUR', 'FJD', 'FKP', 'GBP', 'GEL', 'GHS', 'GIP', 'GMD', 'GTQ', 'GYD', 'HKD',
  'HNL', 'HTG', 'HUF', 'IDR', 'ILS', 'INR', 'IRR', 'JMD', 'KES', 'KGS', 'KHR', 'KPW', 'KYD', 'KZT', 'LAK', 'LBP',
  'LKR', 'LRD', 'LSL', 'MAD', 'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MRU', 'MUR', 'MVR', 'MWK', 'MXN', 'MYR',
  'MZN', 'NAD', 'NGN', 'NIO', 'NOK', 'NPR', 'NZD', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN', 'QAR', 'RON', 'RSD',
  'RUB', 'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD', 'SHP', 'SLE', 'SOS', 'SRD', 'SSP', 'STN', 'SVC', 'SYP', 'SZL',
  'THB', 'TJS', 'TMT', 'TOP', 'TRY', 'TTD', 'TWD', 'TZS', 'UAH', 'USD', 'UYU', 'UZS', 'VES', 'WST', 'XCD', 'XCG',
  'YER', 'ZAR', 'ZMW', 'ZWG',
]; // prettier-ignore

export const iso4217Exponents: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries([
    ...zeroDecimal.map((c) => [c, 0] as const),
    ...zeroDecimalCfa.map((c) => [c, 0] as const),
    ...twoDecimal.map((c) => [c, 2] as const),
    ...threeDecimal.map((c) => [c, 3] as const),
  ]),
);

/** Whether a game may sell in the currency (an ISO 4217 code of `iso4217Exponents`, upper case). */
export function isKnownCurrency(code: string): boolean {
  return Object.hasOwn(iso4217Exponents, code);
}

/** The codes a game may sell in, sorted. */
export const knownCurrencies: readonly string[] = Object.freeze(Object.keys(iso4217Exponents).sort());

/**
 * An amount typed in a currency's major units (`"35.00"`, `"35"`, `"119000"`) as minor units, read by its digits
 * (never through a float): `too_many_decimals` when it has more decimals than the currency, `invalid` when it is
 * no plain non-negative amount or too large to count exactly.
 */
export function majorToMinor(
  amount: string,
  exponent: number,
): { minor: number } | { problem: 'invalid' | 'too_many_decimals' } {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(amount.trim());
  if (!match) return { problem: 'invalid' };
  // Zeros after the last allowed decimal say nothing ("35.000" THB is 35.00).
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > exponent) return { problem: 'too_many_decimals' };
  const minor = Number(`${match[1]}${fraction.padEnd(exponent, '0')}`);
  return Number.isSafeInteger(minor) ? { minor } : { problem: 'invalid' };
}

// ---- Shared rules ----

const positiveId = z.coerce.number().int().positive().max(2_147_483_647);
const distributionRegion = positiveId.optional();
const isoTime = z.iso.datetime({ offset: true });
/** ISO 4217 code; accepted in any case, answered in upper case (known or not: the service says which). */
const currencyCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/)
  .transform((code) => code.toUpperCase());
/** One line: no control characters at all. */
// eslint-disable-next-line no-control-regex
const oneLine = /^[^\u0000-\u001F\u007F]*$/;

/**
 * A product's id as the game server knows it (sent back with every order and delivery): letters, digits and
 * `.` `_` `-`, 1-64 characters. It cannot change once the product exists: orders and deliveries name it.
 */
export const productIdRule = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/);
/** The game credit an order of the product delivers: a whole number above 0. */
export const creditAmountRule = z.coerce.number().int().positive().max(2_147_483_647);
/** A product's name in one language: 1-100 characters, one line. */
export const productNameRule = z.string().trim().min(1).max(100).regex(oneLine);
/** A marketing line (a bonus, a "best value" tag): up to 100 characters, one line; empty for none. */
export const marketingLineRule = z.string().trim().max(100).regex(oneLine);

export const productText = z.object({
  name: productNameRule,
  marketing_desc_1: marketingLineRule.default(''),
  marketing_desc_2: marketingLineRule.default(''),
});
export type ProductText = z.output<typeof productText>;

/** An optional language: left out, null, or a blank name means no text (players see en). */
const optionalProductText = z
  .union([
    z.object({
      name: z.literal(''),
      marketing_desc_1: z.string().optional(),
      marketing_desc_2: z.string().optional(),
    }),
    productText,
  ])
  .nullish()
  .transform((v): ProductText | undefined => (v && v.name !== '' ? (v as ProductText) : undefined));

/** A product's texts per language: en required (players see it where their language has none). */
export const productTexts = z.object({
  en: productText,
  th: optionalProductText,
  cn: optionalProductText,
  vi: optionalProductText,
  zh: optionalProductText,
});
export type ProductTexts = z.output<typeof productTexts>;

/** The product picture's limits (as the game icon's). */
export const productImagePolicy = {
  maxBytes: 1024 * 1024,
  maxSide: 2048,
  /** For `<input type="file" accept>`. */
  accept: '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp',
} as const;

// ---- Answers ----

/** A portal game as the "turn top-up on" choice lists it: whether the region's catalog has it already. */
export const payAuthoringGameOption = z.object({
  game_base_id: z.number().int(),
  game_id: z.string(),
  game_name: z.string(),
  /** 0: the game is offline on the portal (players see neither it nor its top-up until it is online). */
  is_online: flag,
  /** 1: the region's top-up catalog has the game (open or closed). */
  in_catalog: flag,
});
export type PayAuthoringGameOption = z.infer<typeof payAuthoringGameOption>;

/** A currency a game sells in, in display order, with what still uses it. */
export const payAuthoringCurrencyItem = z.object({
  currency: z.string(),
  exponent: z.number().int(),
  sort: z.number().int(),
  /** Prices of the game's products in this currency (any payment mode, on sale or not). */
  price_count: z.number().int(),
  /** Payment channels of the game in this currency (open or not). */
  channel_count: z.number().int(),
});
export type PayAuthoringCurrencyItem = z.infer<typeof payAuthoringCurrencyItem>;

/** A product as its editor loads it: every language's texts, the picture and the sale window. */
export const payAuthoringProductDetail = z.object({
  game_base_id: z.number().int(),
  product_id: z.string(),
  credit_amount: z.number().int(),
  image_media_id: z.string().nullable(),
  /** The picture's URL; empty without one. */
  image_url: z.string(),
  sort: z.number().int(),
  is_on_sale: flag,
  sale_from: z.string().nullable(),
  sale_until: z.string().nullable(),
  /** The languages it has texts in; en always. */
  texts: z.object({
    en: productText,
    th: productText.optional(),
    cn: productText.optional(),
    vi: productText.optional(),
    zh: productText.optional(),
  }),
  updated_at: z.string(),
});
export type PayAuthoringProductDetail = z.infer<typeof payAuthoringProductDetail>;

/** The charge limits of one currency and payment mode: what a price there may be, in minor units. */
export const payPriceLimits = z.object({
  currency: z.string(),
  exponent: z.number().int(),
  pay_mode: z.literal(payModes),
  /** The smallest price every provider that would take it accepts. */
  min: z.number().int(),
  /** The largest. */
  max: z.number().int(),
  /** The providers checked (the channels' or the deployment's); empty when none is configured. */
  providers: z.array(z.string()),
});
export type PayPriceLimits = z.infer<typeof payPriceLimits>;

// ---- Requests ----

/**
 * Turning top-up on (or editing it) for a portal game in a region: `is_open` 0 keeps it hidden from players
 * while staff prepare it. Audited as `pay.game.save`.
 */
export const payGameSaveRequest = z.object({
  distribution_region: distributionRegion,
  game_base_id: positiveId,
  is_open: flag,
  sort: sortRule.default(0),
});
export type PayGameSaveRequest = z.input<typeof payGameSaveRequest>;

/**
 * The product form. Create takes every field; update takes the same without changing `product_id` (it names
 * the product). `image_media_id`: an id from the image upload; null: no picture; left out on update: it stays.
 */
export const payProductForm = z.object({
  game_base_id: positiveId,
  product_id: productIdRule,
  credit_amount: creditAmountRule,
  image_media_id: z.string().trim().min(1).max(200).nullable().optional(),
  sort: sortRule.default(0),
  is_on_sale: flag.default(1),
  sale_from: isoTime.nullish().transform((v) => v ?? null),
  sale_until: isoTime.nullish().transform((v) => v ?? null),
  texts: productTexts,
});
export type PayProductForm = z.input<typeof payProductForm>;

/** A price as staff type it: `amount` in the currency's major units. */
export const payPriceSaveRequest = z.object({
  game_base_id: positiveId,
  product_id: productIdRule,
  currency: currencyCode,
  pay_mode: payModeField,
  amount: z.string().trim().min(1).max(32),
});
export type PayPriceSaveRequest = z.input<typeof payPriceSaveRequest>;

const blobClass = (globalThis as { Blob?: abstract new (...args: never[]) => UploadBlob }).Blob;
const imageBlob = z.custom<UploadBlob>((v) => blobClass !== undefined && v instanceof blobClass);

// ---- Calls ----

/** The region's candidates for top-up: every portal game, online or not, saying which the catalog has. */
export const payAuthoringGameOptions = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/pay/game/options',
  privilege: 'catalog',
  request: z.object({ distribution_region: distributionRegion }),
  response: z.array(payAuthoringGameOption),
});

/**
 * Adds the game to the region's top-up catalog or changes its open flag and order. Audited as `pay.game.save`
 * (before null when added). -400 `game_base_id` `not_found`.
 */
export const payAuthoringGameSave = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/game/save',
  encoding: 'json',
  privilege: 'catalog',
  request: payGameSaveRequest,
  response: payAdminGameItem,
});

/** The currencies a game sells in, in display order, with their use. -404: the game is in no catalog. */
export const payAuthoringCurrencyList = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/pay/currency/list',
  privilege: 'catalog',
  request: z.object({ game_base_id: positiveId }),
  response: z.array(payAuthoringCurrencyItem),
});

/** Adds a currency at the end of the game's list. Audited as `pay.currency`. -400 `currency` `unknown_currency`. */
export const payAuthoringCurrencyAdd = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/currency/add',
  encoding: 'json',
  privilege: 'catalog',
  request: z.object({ game_base_id: positiveId, currency: currencyCode }),
  response: z.array(payAuthoringCurrencyItem),
});

/**
 * Removes a currency the game no longer sells in. Refused while prices or channels use it (-400 `currency`
 * `has_prices` / `has_channels`): remove those first. Audited as `pay.currency`.
 */
export const payAuthoringCurrencyRemove = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/currency/remove',
  encoding: 'json',
  privilege: 'catalog',
  request: z.object({ game_base_id: positiveId, currency: currencyCode }),
  response: z.array(payAuthoringCurrencyItem),
});

/**
 * Puts the game's currencies in this order (players see them so). Every currency it sells in, each once: -400
 * `currencies` `mismatch` otherwise. Audited as `pay.currency`.
 */
export const payAuthoringCurrencyOrder = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/currency/order',
  encoding: 'json',
  privilege: 'catalog',
  request: z.object({ game_base_id: positiveId, currencies: z.array(currencyCode).min(1).max(200) }),
  response: z.array(payAuthoringCurrencyItem),
});

/** A product with every language's texts, for its editor. -404: no such product. */
export const payAuthoringProductDetailCall = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/pay/product/detail',
  privilege: 'catalog',
  request: z.object({ game_base_id: positiveId, product_id: productIdRule }),
  response: payAuthoringProductDetail,
});

/**
 * Creates a product (no prices yet: players are offered it once it has one). Audited as `pay.product.save`.
 * -404 the game is in no catalog; -400 `product_id` `taken`, `image_media_id` `not_found`, `sale_until`
 * `before_start`.
 */
export const payAuthoringProductCreate = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/product/create',
  encoding: 'json',
  privilege: 'catalog',
  request: payProductForm,
  response: payAdminProductItem,
});

/**
 * Changes a product (never its `product_id`); its texts are replaced by the set sent. New orders only: an order
 * keeps the names and credit it was made with. Audited as `pay.product.save` with the fields that changed.
 */
export const payAuthoringProductUpdate = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/product/update',
  encoding: 'json',
  privilege: 'catalog',
  request: payProductForm,
  response: payAdminProductItem,
});

/** Uploads a product picture (multipart `file`), as the game icon upload. Audited as `pay.product.image.upload`. */
export const payAuthoringProductImageUpload = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/product/image/upload',
  encoding: 'multipart',
  privilege: 'catalog',
  request: z.object({ file: imageBlob }),
  response: imageUploadData,
});

/** What a price of the game in a currency through a payment mode may be (see the file comment). */
export const payAuthoringPriceLimits = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/pay/price/limits',
  privilege: 'catalog',
  request: z.object({ game_base_id: positiveId, currency: currencyCode, pay_mode: payModeField }),
  response: payPriceLimits,
});

/**
 * Adds or changes a product's price in a currency through a payment mode (new orders only). Audited as
 * `pay.product.price` (before null when added). -400 `currency` `not_sold`, `amount` problems (file comment).
 */
export const payAuthoringPriceSave = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/product/price/save',
  encoding: 'json',
  privilege: 'catalog',
  request: payPriceSaveRequest,
  response: payAdminProductItem,
});

/**
 * Removes a price: players are no longer offered the product in that currency through that mode. Orders made at
 * it keep their snapshot. Audited as `pay.product.price.remove`. -400 `pay_mode` `no_price`.
 */
export const payAuthoringPriceRemove = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/product/price/remove',
  encoding: 'json',
  privilege: 'catalog',
  request: z.object({
    game_base_id: positiveId,
    product_id: productIdRule,
    currency: currencyCode,
    pay_mode: payModeField,
  }),
  response: payAdminProductItem,
});
