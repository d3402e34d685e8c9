/**
 * The top-up catalog as staff read and change it (pay.schema.ts, pay_setting): every row, on sale or not, open or
 * not. The `...ForUpdate` reads lock the row for the rest of the transaction, so the audit row's `before` is the
 * value the change replaced even when two staff members change the same thing at once.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
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

const priceWhere = (key: PriceKey) =>
  and(
    eq(payProductPrice.payProductId, key.payProductId),
    eq(payProductPrice.currency, key.currency),
    eq(payProductPrice.payMode, key.payMode),
  );

export class PayAdminCatalogRepository {
  constructor(private readonly db: Db) {}

  // ---- Pay switch ----

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
      .leftJoin(gameI18n, and(eq(gameI18n.gameBaseId, game.gameBaseId), inArray(gameI18n.lang, [...langs])))
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
  async currencies(gameBaseIds: readonly number[]) {
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
      .leftJoin(
        payServerI18n,
        and(eq(payServerI18n.payServerId, payServer.id), inArray(payServerI18n.lang, [...langs])),
      )
      .where(
        and(
          eq(payServer.gameBaseId, gameBaseId),
          cpServerId === undefined ? undefined : eq(payServer.cpServerId, cpServerId),
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
        and(eq(payProductI18n.payProductId, payProduct.id), inArray(payProductI18n.lang, [...langs])),
      )
      .where(
        and(
          eq(payProduct.gameBaseId, gameBaseId),
          productId === undefined ? undefined : eq(payProduct.productId, productId),
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
      .leftJoin(
        payCurrency,
        and(
          eq(payCurrency.gameBaseId, payProduct.gameBaseId),
          eq(payCurrency.currency, payProductPrice.currency),
        ),
      )
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
      .leftJoin(
        payCurrency,
        and(eq(payCurrency.gameBaseId, payChannel.gameBaseId), eq(payCurrency.currency, payChannel.currency)),
      )
      .leftJoin(
        payChannelI18n,
        and(eq(payChannelI18n.payChannelId, payChannel.id), inArray(payChannelI18n.lang, [...langs])),
      )
      .where(
        and(
          filter.gameBaseId === undefined ? undefined : eq(payChannel.gameBaseId, filter.gameBaseId),
          filter.id === undefined ? undefined : eq(payChannel.id, filter.id),
          filter.currency === undefined ? undefined : eq(payChannel.currency, filter.currency),
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
