/**
 * The top-up catalog (pay.schema.ts, and the region's pay switch in pay_setting), for both its audiences.
 *
 * Players read what is offered: open games online on the site, online servers, products and prices on sale with an
 * open channel, texts in the asked languages. Staff read every row, on sale or not, open or not, and change them;
 * their `...ForUpdate` reads lock the row for the rest of the transaction, so the audit row's `before` is the value
 * the change replaced even when two staff members change the same thing at once. Both read through the same joins
 * (`textsOf`, `currencyOf`), so what staff see is what players are offered once it is open.
 */
import {
  and,
  asc,
  count,
  eq,
  exists,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  max,
  notInArray,
  or,
  sql,
  type Column,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { payGameServerHealth } from '../../../db/schema/pay-game-server.schema.ts';
import { unavailableWhen } from '../game-server/game-server-connection.repository.ts';
import { game, gameI18n } from '../../../db/schema/game.schema.ts';
import { media } from '../../../db/schema/media.schema.ts';
import {
  payChannel,
  payChannelI18n,
  payCurrency,
  payGame,
  payProduct,
  payProductI18n,
  payProductPrice,
  payServer,
  payServerI18n,
} from '../../../db/schema/pay.schema.ts';
import { paySetting } from '../../../db/schema/site.schema.ts';

/** A condition for another repository's statement (the order's insert): see `stillOffered`. */
export type OfferCondition = SQL;

export type GameRef = { gameBaseId: number } | { gameId: string };

export interface ProductFilter {
  /** Only products whose sale window holds this time. */
  at: Date;
  currency?: string;
  payMode?: number;
  /** Only prices whose payment mode is one of these (the web modes). */
  payModes: readonly number[];
}

export type PaySettingRow = typeof paySetting.$inferSelect;
export type PayServerRow = typeof payServer.$inferSelect;
export type PayProductRow = typeof payProduct.$inferSelect;
export type PayPriceRow = typeof payProductPrice.$inferSelect;
export type PayChannelRow = typeof payChannel.$inferSelect;

/** What staff set on a product (its id and game never change). */
export interface ProductValues {
  creditAmount: number;
  imageMediaId: string | null;
  sort: number;
  isOnSale: boolean;
  saleFrom: Date | null;
  saleUntil: Date | null;
}

export interface PriceKey {
  payProductId: number;
  currency: string;
  payMode: number;
}

/** The join (or filter) of a `*_i18n` table: the texts of `owner` in the asked languages. */
const textsOf = (ownerOfText: Column, owner: Column | number, lang: Column, langs: readonly string[]) =>
  and(eq(ownerOfText, owner), inArray(lang, [...langs]));

/** The join of the game's currency row (its display order) to a price's or a channel's currency. */
const currencyOf = (gameBaseId: Column, currency: Column) =>
  and(eq(payCurrency.gameBaseId, gameBaseId), eq(payCurrency.currency, currency));

/** A condition that holds when the filter value is left out. */
const when = <T>(value: T | undefined, condition: (value: T) => SQL) =>
  value === undefined ? undefined : condition(value);

/** The product's sale window holds `at` (sale_from inclusive, sale_until exclusive, null: open that side). */
const inSaleWindow = (at: Date) =>
  and(
    or(isNull(payProduct.saleFrom), lte(payProduct.saleFrom, at)),
    or(isNull(payProduct.saleUntil), gt(payProduct.saleUntil, at)),
  );

const priceWhere = (key: PriceKey) =>
  and(
    eq(payProductPrice.payProductId, key.payProductId),
    eq(payProductPrice.currency, key.currency),
    eq(payProductPrice.payMode, key.payMode),
  );

export class CatalogRepository {
  constructor(private readonly db: Db) {}

  // ---- What players are offered ----

  /** Games open for top-up in the region and online on the site, in display order, named in `langs`. */
  async openGames(region: number, langs: readonly string[]) {
    return this.db
      .select({
        gameBaseId: game.gameBaseId,
        gameId: game.gameId,
        iconMediaId: game.iconMediaId,
        lang: gameI18n.lang,
        name: gameI18n.name,
      })
      .from(payGame)
      .innerJoin(game, eq(game.gameBaseId, payGame.gameBaseId))
      .innerJoin(gameI18n, textsOf(gameI18n.gameBaseId, game.gameBaseId, gameI18n.lang, langs))
      .where(
        and(
          eq(payGame.distributionRegion, region),
          eq(payGame.isOpen, true),
          eq(game.isOnline, true),
          // Hidden like a closed game while its game server failed its last check or is all in maintenance.
          sql`not exists (select 1 from ${payGameServerHealth} where ${payGameServerHealth.gameBaseId} = ${game.gameBaseId} and ${unavailableWhen()})`,
        ),
      )
      .orderBy(asc(payGame.sort), asc(game.sort), asc(game.gameBaseId));
  }

  /** The game when it is open for top-up in the region. */
  async openGame(
    region: number,
    ref: GameRef,
  ): Promise<{ gameBaseId: number; gameId: string; gameServer: GameServerState } | undefined> {
    const [row] = await this.db
      .select({
        gameBaseId: game.gameBaseId,
        gameId: game.gameId,
        gameServer: gameServerStateOf(),
      })
      .from(payGame)
      .innerJoin(game, eq(game.gameBaseId, payGame.gameBaseId))
      .leftJoin(payGameServerHealth, eq(payGameServerHealth.gameBaseId, game.gameBaseId))
      .where(
        and(
          eq(payGame.distributionRegion, region),
          eq(payGame.isOpen, true),
          eq(game.isOnline, true),
          'gameId' in ref ? eq(game.gameId, ref.gameId) : eq(game.gameBaseId, ref.gameBaseId),
        ),
      );
    return row;
  }

  /** The currencies the game sells in, in display order. */
  async currencies(gameBaseId: number): Promise<string[]> {
    return (await this.currenciesOf([gameBaseId])).map((r) => r.currency);
  }

  /** Online servers of the game in display order; `lang`/`name` are null for a server named in none of `langs`. */
  async onlineServers(gameBaseId: number, langs: readonly string[]) {
    return this.db
      .select({
        id: payServer.id,
        cpServerId: payServer.cpServerId,
        isMaintenance: payServer.isMaintenance,
        lang: payServerI18n.lang,
        name: payServerI18n.name,
      })
      .from(payServer)
      .leftJoin(payServerI18n, textsOf(payServerI18n.payServerId, payServer.id, payServerI18n.lang, langs))
      .where(and(eq(payServer.gameBaseId, gameBaseId), eq(payServer.isOnline, true)))
      .orderBy(asc(payServer.sort), asc(payServer.id));
  }

  /**
   * Prices on sale of products on sale, in a currency the game sells in, through a payment mode with an open
   * channel for that currency. Ordered by currency, payment mode, product.
   */
  async productsOnSale(gameBaseId: number, langs: readonly string[], filter: ProductFilter) {
    return this.db
      .select({
        payProductId: payProduct.id,
        productId: payProduct.productId,
        imageMediaId: payProduct.imageMediaId,
        currency: payProductPrice.currency,
        payMode: payProductPrice.payMode,
        price: payProductPrice.price,
        lang: payProductI18n.lang,
        name: payProductI18n.name,
        marketingDesc1: payProductI18n.marketingDesc1,
        marketingDesc2: payProductI18n.marketingDesc2,
      })
      .from(payProduct)
      .innerJoin(payProductPrice, eq(payProductPrice.payProductId, payProduct.id))
      .innerJoin(payCurrency, currencyOf(payProduct.gameBaseId, payProductPrice.currency))
      .innerJoin(
        payProductI18n,
        textsOf(payProductI18n.payProductId, payProduct.id, payProductI18n.lang, langs),
      )
      .where(
        and(
          eq(payProduct.gameBaseId, gameBaseId),
          eq(payProduct.isOnSale, true),
          inSaleWindow(filter.at),
          eq(payProductPrice.isOnSale, true),
          inArray(payProductPrice.payMode, [...filter.payModes]),
          when(filter.currency, (v) => eq(payProductPrice.currency, v)),
          when(filter.payMode, (v) => eq(payProductPrice.payMode, v)),
          exists(
            this.db
              .select({ one: sql`1` })
              .from(payChannel)
              .where(
                and(
                  eq(payChannel.gameBaseId, payProduct.gameBaseId),
                  eq(payChannel.currency, payProductPrice.currency),
                  eq(payChannel.payMode, payProductPrice.payMode),
                  eq(payChannel.isOpen, true),
                ),
              ),
          ),
        ),
      )
      .orderBy(
        asc(payCurrency.sort),
        asc(payProductPrice.currency),
        asc(payProductPrice.payMode),
        asc(payProduct.sort),
        asc(payProduct.id),
      );
  }

  /** Open channels of the game with a mode in `payModes`, in a currency the game sells in; `currency` narrows. */
  async openChannels(
    gameBaseId: number,
    langs: readonly string[],
    filter: { currency?: string; payModes: readonly number[]; paymentType?: string },
  ) {
    return this.db
      .select({
        id: payChannel.id,
        currency: payChannel.currency,
        payMode: payChannel.payMode,
        paymentType: payChannel.paymentType,
        provider: payChannel.provider,
        providerMethods: payChannel.providerMethods,
        minAmount: payChannel.minAmount,
        maxAmount: payChannel.maxAmount,
        lang: payChannelI18n.lang,
        name: payChannelI18n.name,
      })
      .from(payChannel)
      .innerJoin(payCurrency, currencyOf(payChannel.gameBaseId, payChannel.currency))
      .leftJoin(
        payChannelI18n,
        textsOf(payChannelI18n.payChannelId, payChannel.id, payChannelI18n.lang, langs),
      )
      .where(
        and(
          eq(payChannel.gameBaseId, gameBaseId),
          eq(payChannel.isOpen, true),
          inArray(payChannel.payMode, [...filter.payModes]),
          when(filter.currency, (v) => eq(payChannel.currency, v)),
          when(filter.paymentType, (v) => eq(payChannel.paymentType, v)),
        ),
      )
      .orderBy(asc(payCurrency.sort), asc(payChannel.currency), asc(payChannel.sort), asc(payChannel.id));
  }

  /**
   * One product of the game at one price, whatever their sale flags (the caller tells off-sale from missing).
   * `price` is undefined when the product has no price for the currency and mode.
   */
  async offer(
    gameBaseId: number,
    productId: string,
    price: { currency: string; payMode: number },
    langs: readonly string[],
  ) {
    const [product] = await this.db
      .select()
      .from(payProduct)
      .where(and(eq(payProduct.gameBaseId, gameBaseId), eq(payProduct.productId, productId)));
    if (!product) return undefined;
    const [[priceRow], texts] = await Promise.all([
      this.db
        .select()
        .from(payProductPrice)
        .where(priceWhere({ payProductId: product.id, ...price })),
      this.db
        .select()
        .from(payProductI18n)
        .where(textsOf(payProductI18n.payProductId, product.id, payProductI18n.lang, langs)),
    ]);
    return { product, price: priceRow, texts };
  }

  /**
   * A condition for another statement (the order's insert): the pay switch of the region is on, and the game,
   * server, product, price and channel an order was checked against are still open, on sale and priced as it
   * says, as `requireOffer` and `requireRecipient` (the catalog's part) would find them now.
   */
  stillOffered(offer: {
    /** The time the order is made at (the product's sale window must hold it). */
    at: Date;
    region: number;
    gameBaseId: number;
    gameId: string;
    cpServerId: string;
    productId: string;
    creditAmount: number;
    price: number;
    currency: string;
    payMode: number;
    paymentType: string;
    provider: string | null;
    providerMethods: Record<string, string[]>;
    minAmount: number | null;
    maxAmount: number | null;
  }): OfferCondition {
    const product = this.db
      .select({ one: sql`1` })
      .from(payProduct)
      .innerJoin(payProductPrice, eq(payProductPrice.payProductId, payProduct.id))
      .where(
        and(
          eq(payProduct.gameBaseId, offer.gameBaseId),
          eq(payProduct.productId, offer.productId),
          eq(payProduct.isOnSale, true),
          inSaleWindow(offer.at),
          eq(payProduct.creditAmount, offer.creditAmount),
          eq(payProductPrice.currency, offer.currency),
          eq(payProductPrice.payMode, offer.payMode),
          eq(payProductPrice.isOnSale, true),
          eq(payProductPrice.price, offer.price),
        ),
      );
    const channel = this.db
      .select({ one: sql`1` })
      .from(payChannel)
      .innerJoin(payCurrency, currencyOf(payChannel.gameBaseId, payChannel.currency))
      .where(
        and(
          eq(payChannel.gameBaseId, offer.gameBaseId),
          eq(payChannel.isOpen, true),
          eq(payChannel.currency, offer.currency),
          eq(payChannel.payMode, offer.payMode),
          eq(payChannel.paymentType, offer.paymentType),
          sql`${payChannel.provider} is not distinct from ${offer.provider}`,
          sql`${payChannel.providerMethods} = ${JSON.stringify(offer.providerMethods)}::jsonb`,
          sql`${payChannel.minAmount} is not distinct from ${offer.minAmount}::bigint`,
          sql`${payChannel.maxAmount} is not distinct from ${offer.maxAmount}::bigint`,
        ),
      );
    return and(
      exists(
        this.db
          .select({ one: sql`1` })
          .from(paySetting)
          .where(and(eq(paySetting.distributionRegion, offer.region), eq(paySetting.mainSwitchOn, true))),
      ),
      exists(
        this.db
          .select({ one: sql`1` })
          .from(payGame)
          .innerJoin(game, eq(game.gameBaseId, payGame.gameBaseId))
          .where(
            and(
              eq(payGame.distributionRegion, offer.region),
              eq(payGame.isOpen, true),
              eq(game.isOnline, true),
              eq(game.gameBaseId, offer.gameBaseId),
              eq(game.gameId, offer.gameId),
            ),
          ),
      ),
      exists(
        this.db
          .select({ one: sql`1` })
          .from(payServer)
          .where(
            and(
              eq(payServer.gameBaseId, offer.gameBaseId),
              eq(payServer.cpServerId, offer.cpServerId),
              eq(payServer.isOnline, true),
              eq(payServer.isMaintenance, false),
            ),
          ),
      ),
      exists(product),
      exists(channel),
    )!;
  }

  /** Channels (open or closed) naming a payment provider that is not one of `configured` (the start check). */
  async channelsNamingOtherProviders(configured: readonly string[]) {
    return this.db
      .select({
        gameBaseId: payChannel.gameBaseId,
        currency: payChannel.currency,
        payMode: payChannel.payMode,
        paymentType: payChannel.paymentType,
        provider: payChannel.provider,
        isOpen: payChannel.isOpen,
      })
      .from(payChannel)
      .where(
        and(
          isNotNull(payChannel.provider),
          configured.length > 0 ? notInArray(payChannel.provider, [...configured]) : undefined,
        ),
      )
      .orderBy(asc(payChannel.gameBaseId), asc(payChannel.currency), asc(payChannel.paymentType));
  }

  /** The region's pay switch; undefined for a region nobody configured. */
  async mainSwitch(region: number): Promise<boolean | undefined> {
    const [row] = await this.db
      .select({ on: paySetting.mainSwitchOn })
      .from(paySetting)
      .where(eq(paySetting.distributionRegion, region));
    return row?.on;
  }

  // ---- Every row, for staff: the pay switch ----

  async paySetting(region: number): Promise<PaySettingRow | undefined> {
    const [row] = await this.db.select().from(paySetting).where(eq(paySetting.distributionRegion, region));
    return row;
  }

  async paySettingForUpdate(region: number): Promise<PaySettingRow | undefined> {
    const [row] = await this.db
      .select()
      .from(paySetting)
      .where(eq(paySetting.distributionRegion, region))
      .for('update');
    return row;
  }

  /**
   * The region's pay switch, made (off) with its first game: a new region takes no payment until staff turn it on,
   * and staff can, with no SQL.
   */
  async ensurePaySetting(region: number, now: Date): Promise<void> {
    await this.db
      .insert(paySetting)
      .values({ distributionRegion: region, mainSwitchOn: false, updatedAt: now })
      .onConflictDoNothing({ target: paySetting.distributionRegion });
  }

  async setMainSwitch(region: number, on: boolean, now: Date): Promise<PaySettingRow> {
    const [row] = await this.db
      .update(paySetting)
      .set({ mainSwitchOn: on, updatedAt: now })
      .where(eq(paySetting.distributionRegion, region))
      .returning();
    if (!row) throw new Error(`pay_setting of region ${region} vanished`);
    return row;
  }

  // ---- Games ----

  /** The region's catalog games (open or not), named in `langs`; a game named in none of them has null names. */
  async regionGames(region: number, langs: readonly string[], gameBaseId?: number) {
    return this.db
      .select({
        gameBaseId: game.gameBaseId,
        gameId: game.gameId,
        isOnline: game.isOnline,
        isOpen: payGame.isOpen,
        sort: payGame.sort,
        lang: gameI18n.lang,
        name: gameI18n.name,
      })
      .from(payGame)
      .innerJoin(game, eq(game.gameBaseId, payGame.gameBaseId))
      .leftJoin(gameI18n, textsOf(gameI18n.gameBaseId, game.gameBaseId, gameI18n.lang, langs))
      .where(
        and(
          eq(payGame.distributionRegion, region),
          when(gameBaseId, (v) => eq(payGame.gameBaseId, v)),
        ),
      )
      .orderBy(asc(payGame.sort), asc(game.sort), asc(game.gameBaseId));
  }

  /** Whether some region's top-up catalog has the game. */
  async inCatalog(gameBaseId: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: payGame.gameBaseId })
      .from(payGame)
      .where(eq(payGame.gameBaseId, gameBaseId))
      .limit(1);
    return rows.length > 0;
  }

  /** The currencies of the games, in display order. */
  async currenciesOf(gameBaseIds: readonly number[]) {
    if (gameBaseIds.length === 0) return [];
    return this.db
      .select({ gameBaseId: payCurrency.gameBaseId, currency: payCurrency.currency })
      .from(payCurrency)
      .where(inArray(payCurrency.gameBaseId, [...gameBaseIds]))
      .orderBy(asc(payCurrency.gameBaseId), asc(payCurrency.sort), asc(payCurrency.currency));
  }

  async sellsIn(gameBaseId: number, currency: string): Promise<boolean> {
    const rows = await this.db
      .select({ currency: payCurrency.currency })
      .from(payCurrency)
      .where(and(eq(payCurrency.gameBaseId, gameBaseId), eq(payCurrency.currency, currency)));
    return rows.length > 0;
  }

  // ---- Servers ----

  /** Every server of the game in display order, named in `langs` (null names for a server named in none). */
  async servers(gameBaseId: number, langs: readonly string[], cpServerId?: string) {
    return this.db
      .select({
        server: payServer,
        lang: payServerI18n.lang,
        name: payServerI18n.name,
      })
      .from(payServer)
      .leftJoin(payServerI18n, textsOf(payServerI18n.payServerId, payServer.id, payServerI18n.lang, langs))
      .where(
        and(
          eq(payServer.gameBaseId, gameBaseId),
          when(cpServerId, (v) => eq(payServer.cpServerId, v)),
        ),
      )
      .orderBy(asc(payServer.sort), asc(payServer.id));
  }

  async serverForUpdate(gameBaseId: number, cpServerId: string): Promise<PayServerRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payServer)
      .where(and(eq(payServer.gameBaseId, gameBaseId), eq(payServer.cpServerId, cpServerId)))
      .for('update');
    return row;
  }

  async setMaintenance(id: number, on: boolean, now: Date): Promise<void> {
    await this.db.update(payServer).set({ isMaintenance: on, updatedAt: now }).where(eq(payServer.id, id));
  }

  // ---- Products and prices ----

  /** Every product of the game (or the one named) in display order, named in `langs`. */
  async products(gameBaseId: number, langs: readonly string[], productId?: string) {
    return this.db
      .select({ product: payProduct, lang: payProductI18n.lang, name: payProductI18n.name })
      .from(payProduct)
      .leftJoin(
        payProductI18n,
        textsOf(payProductI18n.payProductId, payProduct.id, payProductI18n.lang, langs),
      )
      .where(
        and(
          eq(payProduct.gameBaseId, gameBaseId),
          when(productId, (v) => eq(payProduct.productId, v)),
        ),
      )
      .orderBy(asc(payProduct.sort), asc(payProduct.id));
  }

  /**
   * The prices of the products, ordered by the game's currency order (currencies it no longer sells in last),
   * then payment mode.
   */
  async prices(payProductIds: readonly number[]) {
    if (payProductIds.length === 0) return [];
    return this.db
      .select({ price: payProductPrice, currencySort: payCurrency.sort })
      .from(payProductPrice)
      .innerJoin(payProduct, eq(payProduct.id, payProductPrice.payProductId))
      .leftJoin(payCurrency, currencyOf(payProduct.gameBaseId, payProductPrice.currency))
      .where(inArray(payProductPrice.payProductId, [...payProductIds]))
      .orderBy(
        asc(payProductPrice.payProductId),
        asc(payCurrency.sort),
        asc(payProductPrice.currency),
        asc(payProductPrice.payMode),
      );
  }

  async productForUpdate(gameBaseId: number, productId: string): Promise<PayProductRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payProduct)
      .where(and(eq(payProduct.gameBaseId, gameBaseId), eq(payProduct.productId, productId)))
      .for('update');
    return row;
  }

  async setProductSale(id: number, on: boolean, now: Date): Promise<void> {
    await this.db.update(payProduct).set({ isOnSale: on, updatedAt: now }).where(eq(payProduct.id, id));
  }

  async priceForUpdate(key: PriceKey): Promise<PayPriceRow | undefined> {
    const [row] = await this.db.select().from(payProductPrice).where(priceWhere(key)).for('update');
    return row;
  }

  async setPrice(key: PriceKey, price: number, now: Date): Promise<void> {
    await this.db.update(payProductPrice).set({ price, updatedAt: now }).where(priceWhere(key));
  }

  async setPriceSale(key: PriceKey, on: boolean, now: Date): Promise<void> {
    await this.db.update(payProductPrice).set({ isOnSale: on, updatedAt: now }).where(priceWhere(key));
  }

  // ---- Channels ----

  /**
   * The game's channels (or the one with `id`), of one currency or all, ordered by the game's currency order
   * (currencies it no longer sells in last), then display order; named in `langs`.
   */
  async channels(filter: { gameBaseId?: number; id?: number; currency?: string }, langs: readonly string[]) {
    return this.db
      .select({ channel: payChannel, lang: payChannelI18n.lang, name: payChannelI18n.name })
      .from(payChannel)
      .leftJoin(payCurrency, currencyOf(payChannel.gameBaseId, payChannel.currency))
      .leftJoin(
        payChannelI18n,
        textsOf(payChannelI18n.payChannelId, payChannel.id, payChannelI18n.lang, langs),
      )
      .where(
        and(
          when(filter.gameBaseId, (v) => eq(payChannel.gameBaseId, v)),
          when(filter.id, (v) => eq(payChannel.id, v)),
          when(filter.currency, (v) => eq(payChannel.currency, v)),
        ),
      )
      .orderBy(asc(payCurrency.sort), asc(payChannel.currency), asc(payChannel.sort), asc(payChannel.id));
  }

  async channelForUpdate(id: number): Promise<PayChannelRow | undefined> {
    const [row] = await this.db.select().from(payChannel).where(eq(payChannel.id, id)).for('update');
    return row;
  }

  async setChannelOpen(id: number, open: boolean, now: Date): Promise<void> {
    await this.db.update(payChannel).set({ isOpen: open, updatedAt: now }).where(eq(payChannel.id, id));
  }

  // ---- Authoring (catalog-authoring.service.ts): games, currencies, products, prices ----

  /** Every portal game, named in `langs`, with whether the region's catalog has it; portal order. */
  async portalGames(region: number, langs: readonly string[]) {
    return this.db
      .select({
        gameBaseId: game.gameBaseId,
        gameId: game.gameId,
        isOnline: game.isOnline,
        inCatalog: sql<boolean>`${payGame.gameBaseId} is not null`,
        lang: gameI18n.lang,
        name: gameI18n.name,
      })
      .from(game)
      .leftJoin(gameI18n, textsOf(gameI18n.gameBaseId, game.gameBaseId, gameI18n.lang, langs))
      .leftJoin(payGame, and(eq(payGame.gameBaseId, game.gameBaseId), eq(payGame.distributionRegion, region)))
      .orderBy(asc(game.sort), asc(game.gameBaseId));
  }

  /** The portal game, locked against its deletion until the transaction ends. */
  async gameForShare(gameBaseId: number): Promise<{ gameBaseId: number } | undefined> {
    const [row] = await this.db
      .select({ gameBaseId: game.gameBaseId })
      .from(game)
      .where(eq(game.gameBaseId, gameBaseId))
      .for('share');
    return row;
  }

  async payGameForUpdate(region: number, gameBaseId: number) {
    const [row] = await this.db
      .select()
      .from(payGame)
      .where(and(eq(payGame.distributionRegion, region), eq(payGame.gameBaseId, gameBaseId)))
      .for('update');
    return row;
  }

  async insertPayGame(values: {
    region: number;
    gameBaseId: number;
    isOpen: boolean;
    sort: number;
    now: Date;
  }) {
    await this.db.insert(payGame).values({
      distributionRegion: values.region,
      gameBaseId: values.gameBaseId,
      isOpen: values.isOpen,
      sort: values.sort,
      createdAt: values.now,
      updatedAt: values.now,
    });
  }

  async updatePayGame(values: {
    region: number;
    gameBaseId: number;
    isOpen: boolean;
    sort: number;
    now: Date;
  }) {
    await this.db
      .update(payGame)
      .set({ isOpen: values.isOpen, sort: values.sort, updatedAt: values.now })
      .where(and(eq(payGame.distributionRegion, values.region), eq(payGame.gameBaseId, values.gameBaseId)));
  }

  /** The game's currencies in display order, with how many prices and channels use each. */
  async currencyUse(gameBaseId: number) {
    const prices = this.db
      .select({ n: count() })
      .from(payProductPrice)
      .innerJoin(payProduct, eq(payProduct.id, payProductPrice.payProductId))
      .where(
        and(
          eq(payProduct.gameBaseId, payCurrency.gameBaseId),
          eq(payProductPrice.currency, payCurrency.currency),
        ),
      );
    const channels = this.db
      .select({ n: count() })
      .from(payChannel)
      .where(
        and(eq(payChannel.gameBaseId, payCurrency.gameBaseId), eq(payChannel.currency, payCurrency.currency)),
      );
    return this.db
      .select({
        currency: payCurrency.currency,
        sort: payCurrency.sort,
        prices: sql<number>`(${prices})::int`,
        channels: sql<number>`(${channels})::int`,
      })
      .from(payCurrency)
      .where(eq(payCurrency.gameBaseId, gameBaseId))
      .orderBy(asc(payCurrency.sort), asc(payCurrency.currency));
  }

  /** The game's currency rows, locked: currency writes of one game wait for each other. */
  async currenciesForUpdate(gameBaseId: number) {
    return this.db
      .select()
      .from(payCurrency)
      .where(eq(payCurrency.gameBaseId, gameBaseId))
      .orderBy(asc(payCurrency.sort), asc(payCurrency.currency))
      .for('update');
  }

  /** The currency row, share-locked: a price written in it keeps its removal waiting until the write ends. */
  async currencyForShare(gameBaseId: number, currency: string): Promise<boolean> {
    const rows = await this.db
      .select({ currency: payCurrency.currency })
      .from(payCurrency)
      .where(and(eq(payCurrency.gameBaseId, gameBaseId), eq(payCurrency.currency, currency)))
      .for('share');
    return rows.length > 0;
  }

  /** Adds the currency after the game's last; false when the game sells in it already. */
  async addCurrency(gameBaseId: number, currency: string, now: Date): Promise<boolean> {
    const [last] = await this.db
      .select({ sort: max(payCurrency.sort) })
      .from(payCurrency)
      .where(eq(payCurrency.gameBaseId, gameBaseId));
    const added = await this.db
      .insert(payCurrency)
      .values({ gameBaseId, currency, sort: (last?.sort ?? -1) + 1, createdAt: now })
      .onConflictDoNothing()
      .returning({ currency: payCurrency.currency });
    return added.length > 0;
  }

  async removeCurrency(gameBaseId: number, currency: string): Promise<void> {
    await this.db
      .delete(payCurrency)
      .where(and(eq(payCurrency.gameBaseId, gameBaseId), eq(payCurrency.currency, currency)));
  }

  async setCurrencySort(gameBaseId: number, currency: string, sort: number): Promise<void> {
    await this.db
      .update(payCurrency)
      .set({ sort })
      .where(and(eq(payCurrency.gameBaseId, gameBaseId), eq(payCurrency.currency, currency)));
  }

  /** How many prices of the game's products and channels of the game are in the currency. */
  async currencyUsage(gameBaseId: number, currency: string): Promise<{ prices: number; channels: number }> {
    const [[prices], [channels]] = await Promise.all([
      this.db
        .select({ n: count() })
        .from(payProductPrice)
        .innerJoin(payProduct, eq(payProduct.id, payProductPrice.payProductId))
        .where(and(eq(payProduct.gameBaseId, gameBaseId), eq(payProductPrice.currency, currency))),
      this.db
        .select({ n: count() })
        .from(payChannel)
        .where(and(eq(payChannel.gameBaseId, gameBaseId), eq(payChannel.currency, currency))),
    ]);
    return { prices: prices?.n ?? 0, channels: channels?.n ?? 0 };
  }

  /** Every language's texts of the product. */
  async productTexts(payProductId: number) {
    return this.db.select().from(payProductI18n).where(eq(payProductI18n.payProductId, payProductId));
  }

  async mediaExists(id: string): Promise<boolean> {
    const rows = await this.db.select({ id: media.id }).from(media).where(eq(media.id, id));
    return rows.length > 0;
  }

  /** A new product; undefined when the game has one with this product_id already. */
  async insertProduct(values: ProductValues & { gameBaseId: number; productId: string; now: Date }) {
    const [row] = await this.db
      .insert(payProduct)
      .values({
        gameBaseId: values.gameBaseId,
        productId: values.productId,
        creditAmount: values.creditAmount,
        imageMediaId: values.imageMediaId,
        sort: values.sort,
        isOnSale: values.isOnSale,
        saleFrom: values.saleFrom,
        saleUntil: values.saleUntil,
        createdAt: values.now,
        updatedAt: values.now,
      })
      .onConflictDoNothing()
      .returning();
    return row;
  }

  async updateProduct(id: number, values: ProductValues, now: Date): Promise<void> {
    await this.db
      .update(payProduct)
      .set({ ...values, updatedAt: now })
      .where(eq(payProduct.id, id));
  }

  /** Replaces the product's texts with these (one row per language). */
  async replaceProductTexts(
    payProductId: number,
    texts: readonly { lang: string; name: string; marketingDesc1: string; marketingDesc2: string }[],
  ): Promise<void> {
    await this.db.delete(payProductI18n).where(eq(payProductI18n.payProductId, payProductId));
    if (texts.length > 0)
      await this.db.insert(payProductI18n).values(texts.map((t) => ({ payProductId, ...t })));
  }

  async insertPrice(key: PriceKey, price: number, now: Date): Promise<void> {
    await this.db.insert(payProductPrice).values({ ...key, price, isOnSale: true, updatedAt: now });
  }

  async deletePrice(key: PriceKey): Promise<void> {
    await this.db.delete(payProductPrice).where(priceWhere(key));
  }

  /** The providers the game's channels of the currency and mode name (null: the deployment's), each once. */
  async channelProviders(gameBaseId: number, currency: string, payMode: number): Promise<(string | null)[]> {
    const rows = await this.db
      .selectDistinct({ provider: payChannel.provider })
      .from(payChannel)
      .where(
        and(
          eq(payChannel.gameBaseId, gameBaseId),
          eq(payChannel.currency, currency),
          eq(payChannel.payMode, payMode),
        ),
      );
    return rows.map((r) => r.provider);
  }
}

/** What the game server's last check and sync say about offering the game: `down`, `maintenance` or null (fine). */
export type GameServerState = 'down' | 'maintenance' | null;
const gameServerStateOf = () =>
  sql<GameServerState>`case when coalesce(${payGameServerHealth.checkOk}, true) = false or coalesce(${payGameServerHealth.syncOk}, true) = false then 'down' when ${unavailableWhen()} then 'maintenance' end`;
