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
  eq,
  exists,
  inArray,
  isNotNull,
  notInArray,
  sql,
  type Column,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { payGameServerHealth } from '../../../db/schema/pay-game-server.schema.ts';
import { unavailableWhen } from '../game-server/game-server-connection.repository.ts';
import { game, gameI18n } from '../../../db/schema/game.schema.ts';
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
  async regionGames(region: number, langs: readonly string[]) {
    return this.db
      .select({
        gameBaseId: game.gameBaseId,
        gameId: game.gameId,
        isOnline: game.isOnline,
        isOpen: payGame.isOpen,
        lang: gameI18n.lang,
        name: gameI18n.name,
      })
      .from(payGame)
      .innerJoin(game, eq(game.gameBaseId, payGame.gameBaseId))
      .leftJoin(gameI18n, textsOf(gameI18n.gameBaseId, game.gameBaseId, gameI18n.lang, langs))
      .where(eq(payGame.distributionRegion, region))
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
}

/** What the game server's last check and sync say about offering the game: `down`, `maintenance` or null (fine). */
export type GameServerState = 'down' | 'maintenance' | null;
const gameServerStateOf = () =>
  sql<GameServerState>`case when coalesce(${payGameServerHealth.checkOk}, true) = false or coalesce(${payGameServerHealth.syncOk}, true) = false then 'down' when ${unavailableWhen()} then 'maintenance' end`;
