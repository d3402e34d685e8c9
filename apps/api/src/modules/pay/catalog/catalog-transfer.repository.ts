/**
 * The reads of the catalog transfer (catalog-transfer.service.ts): one game's whole catalog at once - its top-up
 * row in a region, currencies, products with every text, prices, channels with every name - optionally locked
 * for the rest of the transaction (an import's apply), so the state it compares with its dry run cannot change
 * under it. The writes are CatalogRepository's and ChannelAuthoringRepository's, as the editors make them.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { game } from '../../../db/schema/game.schema.ts';
import { media } from '../../../db/schema/media.schema.ts';
import {
  payChannel,
  payChannelI18n,
  payCurrency,
  payGame,
  payProduct,
  payProductI18n,
  payProductPrice,
} from '../../../db/schema/pay.schema.ts';

export class CatalogTransferRepository {
  constructor(private readonly db: Db) {}

  /** The portal game (its id as studios know it); share-locked with `lock`, as the game save does. */
  async game(gameBaseId: number, lock: boolean) {
    const query = this.db
      .select({ gameBaseId: game.gameBaseId, gameId: game.gameId })
      .from(game)
      .where(eq(game.gameBaseId, gameBaseId));
    const [row] = await (lock ? query.for('share') : query);
    return row;
  }

  async payGame(region: number, gameBaseId: number, lock: boolean) {
    const query = this.db
      .select()
      .from(payGame)
      .where(and(eq(payGame.distributionRegion, region), eq(payGame.gameBaseId, gameBaseId)));
    const [row] = await (lock ? query.for('update') : query);
    return row;
  }

  async currencies(gameBaseId: number, lock: boolean) {
    const query = this.db
      .select()
      .from(payCurrency)
      .where(eq(payCurrency.gameBaseId, gameBaseId))
      .orderBy(asc(payCurrency.sort), asc(payCurrency.currency));
    return lock ? query.for('update') : query;
  }

  async products(gameBaseId: number, lock: boolean) {
    const query = this.db
      .select()
      .from(payProduct)
      .where(eq(payProduct.gameBaseId, gameBaseId))
      .orderBy(asc(payProduct.sort), asc(payProduct.id));
    return lock ? query.for('update') : query;
  }

  async productTexts(payProductIds: readonly number[]) {
    if (payProductIds.length === 0) return [];
    return this.db
      .select()
      .from(payProductI18n)
      .where(inArray(payProductI18n.payProductId, [...payProductIds]));
  }

  async prices(payProductIds: readonly number[], lock: boolean) {
    if (payProductIds.length === 0) return [];
    const query = this.db
      .select()
      .from(payProductPrice)
      .where(inArray(payProductPrice.payProductId, [...payProductIds]))
      .orderBy(
        asc(payProductPrice.payProductId),
        asc(payProductPrice.currency),
        asc(payProductPrice.payMode),
      );
    return lock ? query.for('update') : query;
  }

  async channels(gameBaseId: number, lock: boolean) {
    const query = this.db
      .select()
      .from(payChannel)
      .where(eq(payChannel.gameBaseId, gameBaseId))
      .orderBy(asc(payChannel.currency), asc(payChannel.sort), asc(payChannel.id));
    return lock ? query.for('update') : query;
  }

  async channelNames(payChannelIds: readonly number[]) {
    if (payChannelIds.length === 0) return [];
    return this.db
      .select()
      .from(payChannelI18n)
      .where(inArray(payChannelI18n.payChannelId, [...payChannelIds]));
  }

  /** Which of the media ids exist on this site. */
  async existingMedia(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: media.id })
      .from(media)
      .where(inArray(media.id, [...ids]));
    return new Set(rows.map((r) => r.id));
  }
}
