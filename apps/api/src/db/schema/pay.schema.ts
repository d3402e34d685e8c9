/**
 * The top-up catalog (spec 3, DESIGN section 6 "Pay") and the state of the built-in game-server simulator.
 *
 * Catalog: which games a distribution region offers, each game's servers, currencies, products with their prices
 * per currency and payment mode, and payment channels per currency. Money is an integer count of the currency's
 * minor unit (ISO 4217 exponent, `currencyExponent` in @gp/contracts/pay).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { game } from './game.schema.ts';
import { media } from './media.schema.ts';

/** Spec 9 payment modes; the same list as `payModes` of @gp/contracts/pay (pay.schema.test.ts keeps them equal). */
export const payModeValues = [12, 14, 15, 20, 105, 106, 107, 108] as const;
const payModeCheck = (column: AnyPgColumn) => sql`${column} in (${sql.raw(payModeValues.join(', '))})`;
const currencyCheck = (column: AnyPgColumn) => sql`${column} ~ '^[A-Z]{3}$'`;

/** A game on the top-up page of a distribution region; a closed one is hidden and refuses top-ups (err3). */
export const payGame = pgTable(
  'pay_game',
  {
    distributionRegion: integer('distribution_region').notNull(),
    gameBaseId: integer('game_base_id')
      .notNull()
      .references(() => game.gameBaseId, { onDelete: 'cascade' }),
    isOpen: boolean('is_open').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.distributionRegion, t.gameBaseId] })],
);

/**
 * A game server the publisher lists for top-up. `cp_server_id` is the game server's own id. Staff mark a server
 * under maintenance here; the game server can report maintenance too (either refuses orders with err4). An
 * offline server is no longer offered (an order naming it: err9).
 */
export const payServer = pgTable(
  'pay_server',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    gameBaseId: integer('game_base_id')
      .notNull()
      .references(() => game.gameBaseId, { onDelete: 'cascade' }),
    cpServerId: text('cp_server_id').notNull(),
    isMaintenance: boolean('is_maintenance').notNull().default(false),
    isOnline: boolean('is_online').notNull().default(true),
    /** Maintenance as the game server last reported it (server sync); the staff's own flag is is_maintenance. */
    reportedMaintenance: boolean('reported_maintenance').notNull().default(false),
    /** When the game server's server list last named it (server sync); null: never synced. */
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('pay_server_game_cp_server').on(t.gameBaseId, t.cpServerId)],
);

/** A server's name per language; readers fall back to en. */
export const payServerI18n = pgTable(
  'pay_server_i18n',
  {
    payServerId: integer('pay_server_id')
      .notNull()
      .references(() => payServer.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.payServerId, t.lang] })],
);

/** A currency a game sells in (ISO 4217 code), in display order. */
export const payCurrency = pgTable(
  'pay_currency',
  {
    gameBaseId: integer('game_base_id')
      .notNull()
      .references(() => game.gameBaseId, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.gameBaseId, t.currency] }),
    check('pay_currency_code', currencyCheck(t.currency)),
  ],
);

/**
 * A product of a game (spec: product_id). `credit_amount` is the game credit the game server receives for it
 * (bonus included). A product off sale is not listed and refuses orders (err6), whatever its prices say; so is
 * one outside its sale window (`sale_from` inclusive, `sale_until` exclusive, either open when null).
 */
export const payProduct = pgTable(
  'pay_product',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    gameBaseId: integer('game_base_id')
      .notNull()
      .references(() => game.gameBaseId, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    creditAmount: integer('credit_amount').notNull(),
    isOnSale: boolean('is_on_sale').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    /**
     * The product's picture (a public image uploaded by staff); null: none. Deleting the media file clears it
     * rather than being refused: the product stays on sale without its picture.
     */
    imageMediaId: text('image_media_id').references(() => media.id, { onDelete: 'set null' }),
    saleFrom: timestamp('sale_from', { withTimezone: true }),
    saleUntil: timestamp('sale_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('pay_product_game_product').on(t.gameBaseId, t.productId),
    check('pay_product_credit_positive', sql`${t.creditAmount} > 0`),
    check(
      'pay_product_sale_window',
      sql`${t.saleFrom} is null or ${t.saleUntil} is null or ${t.saleFrom} < ${t.saleUntil}`,
    ),
  ],
);

/** A product's name and marketing lines per language; readers fall back to en. */
export const payProductI18n = pgTable(
  'pay_product_i18n',
  {
    payProductId: integer('pay_product_id')
      .notNull()
      .references(() => payProduct.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    name: text('name').notNull(),
    marketingDesc1: text('marketing_desc_1').notNull().default(''),
    marketingDesc2: text('marketing_desc_2').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.payProductId, t.lang] })],
);

/** What a product costs in one currency through one payment mode, in minor units. */
export const payProductPrice = pgTable(
  'pay_product_price',
  {
    payProductId: integer('pay_product_id')
      .notNull()
      .references(() => payProduct.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    payMode: integer('pay_mode').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    isOnSale: boolean('is_on_sale').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.payProductId, t.currency, t.payMode] }),
    check('pay_product_price_positive', sql`${t.price} > 0`),
    check('pay_product_price_pay_mode', payModeCheck(t.payMode)),
    check('pay_product_price_currency', currencyCheck(t.currency)),
  ],
);

/** A way to pay for a game in a currency: a payment mode (spec 9) and a method within it (`payment_type`). */
export const payChannel = pgTable(
  'pay_channel',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    gameBaseId: integer('game_base_id')
      .notNull()
      .references(() => game.gameBaseId, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    payMode: integer('pay_mode').notNull(),
    paymentType: text('payment_type').notNull(),
    /** The payment provider that takes this channel's payments (`stripe`); null: the deployment's PAY_PROVIDER. */
    provider: text('provider'),
    /**
     * Per provider, the provider's payment methods for this channel (`{ "stripe": ["promptpay"] }`): which of
     * its methods the provider's page offers is configuration, not code.
     */
    providerMethods: jsonb('provider_methods').$type<Record<string, string[]>>().notNull().default({}),
    /**
     * Per-order limits in minor units of `currency` (null: no limit): a price outside them is not offered through
     * the channel and an order at it is refused (pay code 42). Providers and wallets cap a single payment.
     */
    minAmount: bigint('min_amount', { mode: 'number' }),
    maxAmount: bigint('max_amount', { mode: 'number' }),
    isOpen: boolean('is_open').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('pay_channel_game_currency_method').on(t.gameBaseId, t.currency, t.payMode, t.paymentType),
    check('pay_channel_pay_mode', payModeCheck(t.payMode)),
    check('pay_channel_currency', currencyCheck(t.currency)),
    check('pay_channel_min_amount', sql`${t.minAmount} is null or ${t.minAmount} > 0`),
    check(
      'pay_channel_limits_order',
      sql`${t.minAmount} is null or ${t.maxAmount} is null or ${t.maxAmount} >= ${t.minAmount}`,
    ),
  ],
);

/** A channel's display name per language; brand names are stored in en only and fall back. */
export const payChannelI18n = pgTable(
  'pay_channel_i18n',
  {
    payChannelId: integer('pay_channel_id')
      .notNull()
      .references(() => payChannel.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.payChannelId, t.lang] })],
);

// ---- The built-in game-server simulator (the game operators' side; a real adapter keeps none of this) ----

/**
 * What a switch makes the simulated game server do. Scope columns narrow it: '' / 0 match every server, member or
 * character of the game.
 */
export const gameSimSwitchKinds = [
  /** listServers fails (the game server is unreachable). */
  'servers_unavailable',
  /** listServers answers no server. */
  'no_servers',
  /** The server reports maintenance. */
  'server_maintenance',
  /** The server is no longer reported (merged or closed). */
  'server_missing',
  /** listCharacters fails. */
  'characters_unavailable',
  /** The member has no character in the game (or on the server). */
  'no_character',
  /** The character is no longer reported (deleted, renamed away). */
  'character_missing',
  /** The character may not receive top-ups (banned, under age limit, in a locked state). */
  'cannot_recharge',
  /** deliverCredit fails; `remaining` counts the failures left (null: until cleared). */
  'delivery_fails',
] as const;
export type GameSimSwitchKind = (typeof gameSimSwitchKinds)[number];

export const gameSimSwitch = pgTable(
  'game_sim_switch',
  {
    kind: text('kind', { enum: gameSimSwitchKinds }).notNull(),
    gameBaseId: integer('game_base_id').notNull(),
    cpServerId: text('cp_server_id').notNull().default(''),
    mid: integer('mid').notNull().default(0),
    cpRoleId: text('cp_role_id').notNull().default(''),
    remaining: integer('remaining'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.gameBaseId, t.cpServerId, t.mid, t.cpRoleId] })],
);

/**
 * Credit the simulated game server received, one row per idempotency key (the order number): a repeated delivery
 * finds its row and credits nothing.
 */
export const gameSimDelivery = pgTable(
  'game_sim_delivery',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    /** The simulator's own receipt number. */
    deliveryId: text('delivery_id').notNull().unique(),
    gameBaseId: integer('game_base_id').notNull(),
    cpServerId: text('cp_server_id').notNull(),
    cpRoleId: text('cp_role_id').notNull(),
    mid: integer('mid').notNull(),
    productId: text('product_id').notNull(),
    creditAmount: integer('credit_amount').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the delivery was reversed (protocol: reverse a delivery); the credit is taken back once. */
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
  },
  (t) => [index('game_sim_delivery_role_idx').on(t.gameBaseId, t.cpServerId, t.cpRoleId)],
);
