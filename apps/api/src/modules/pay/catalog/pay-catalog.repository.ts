/** Reads of the top-up catalog (pay.schema.ts). Rows come with their texts in the asked languages. */
import { and, asc, eq, exists, inArray, isNotNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
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

export class PayCatalogRepository {
  constructor(private readonly db: Db) {}

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
      .innerJoin(gameI18n, and(eq(gameI18n.gameBaseId, game.gameBaseId), inArray(gameI18n.lang, [...langs])))
      .where(and(eq(payGame.distributionRegion, region), eq(payGame.isOpen, true), eq(game.isOnline, true)))
      .orderBy(asc(payGame.sort), asc(game.sort), asc(game.gameBaseId));
  }

  /** The game when it is open for top-up in the region. */
  async openGame(region: number, ref: GameRef): Promise<{ gameBaseId: number; gameId: string } | undefined> {
    const [row] = await this.db
      .select({ gameBaseId: game.gameBaseId, gameId: game.gameId })
      .from(payGame)
      .innerJoin(game, eq(game.gameBaseId, payGame.gameBaseId))
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

  async currencies(gameBaseId: number): Promise<string[]> {
    const rows = await this.db
      .select({ currency: payCurrency.currency })
      .from(payCurrency)
      .where(eq(payCurrency.gameBaseId, gameBaseId))
      .orderBy(asc(payCurrency.sort), asc(payCurrency.currency));
    return rows.map((r) => r.currency);
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
      .leftJoin(
        payServerI18n,
        and(eq(payServerI18n.payServerId, payServer.id), inArray(payServerI18n.lang, [...langs])),
      )
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
      .innerJoin(
        payCurrency,
        and(
          eq(payCurrency.gameBaseId, payProduct.gameBaseId),
          eq(payCurrency.currency, payProductPrice.currency),
        ),
      )
      .innerJoin(
        payProductI18n,
        and(eq(payProductI18n.payProductId, payProduct.id), inArray(payProductI18n.lang, [...langs])),
      )
      .where(
        and(
          eq(payProduct.gameBaseId, gameBaseId),
          eq(payProduct.isOnSale, true),
          eq(payProductPrice.isOnSale, true),
          inArray(payProductPrice.payMode, [...filter.payModes]),
          filter.currency === undefined ? undefined : eq(payProductPrice.currency, filter.currency),
          filter.payMode === undefined ? undefined : eq(payProductPrice.payMode, filter.payMode),
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
        lang: payChannelI18n.lang,
        name: payChannelI18n.name,
      })
      .from(payChannel)
      .innerJoin(
        payCurrency,
        and(eq(payCurrency.gameBaseId, payChannel.gameBaseId), eq(payCurrency.currency, payChannel.currency)),
      )
      .leftJoin(
        payChannelI18n,
        and(eq(payChannelI18n.payChannelId, payChannel.id), inArray(payChannelI18n.lang, [...langs])),
      )
      .where(
        and(
          eq(payChannel.gameBaseId, gameBaseId),
          eq(payChannel.isOpen, true),
          inArray(payChannel.payMode, [...filter.payModes]),
          filter.currency === undefined ? undefined : eq(payChannel.currency, filter.currency),
          filter.paymentType === undefined ? undefined : eq(payChannel.paymentType, filter.paymentType),
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
        .where(
          and(
            eq(payProductPrice.payProductId, product.id),
            eq(payProductPrice.currency, price.currency),
            eq(payProductPrice.payMode, price.payMode),
          ),
        ),
      this.db
        .select()
        .from(payProductI18n)
        .where(and(eq(payProductI18n.payProductId, product.id), inArray(payProductI18n.lang, [...langs]))),
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
      .innerJoin(
        payCurrency,
        and(eq(payCurrency.gameBaseId, payChannel.gameBaseId), eq(payCurrency.currency, payChannel.currency)),
      )
      .where(
        and(
          eq(payChannel.gameBaseId, offer.gameBaseId),
          eq(payChannel.isOpen, true),
          eq(payChannel.currency, offer.currency),
          eq(payChannel.payMode, offer.payMode),
          eq(payChannel.paymentType, offer.paymentType),
          sql`${payChannel.provider} is not distinct from ${offer.provider}`,
          sql`${payChannel.providerMethods} = ${JSON.stringify(offer.providerMethods)}::jsonb`,
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
}
