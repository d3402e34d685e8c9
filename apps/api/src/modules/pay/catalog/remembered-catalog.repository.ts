/**
 * The catalog reads of order creation from memory (they were most of an order's round trips): the same reads
 * as CatalogRepository, each kept by `remember` (the public cache's values:
 * forgotten at every staff write in any process, at most PUBLIC_CACHE_TTL_MS old). They may be stale when
 * rows change behind the app's back, so the order engine uses them only to accept: a refusal is asked again
 * of the database, and an accepted order's insert checks the catalog it was priced from
 * (CatalogRepository.stillOffered).
 */
import type { Db } from '../../../db/database.ts';
import { CatalogRepository, type GameRef } from './catalog.repository.ts';

export type Remember = <T>(key: string, read: () => Promise<T>) => Promise<T>;

const keyOf = (...parts: unknown[]) => `pay-catalog:${JSON.stringify(parts)}`;

export class RememberedCatalogRepository extends CatalogRepository {
  constructor(
    db: Db,
    private readonly remember: Remember,
  ) {
    super(db);
  }

  override mainSwitch(region: number) {
    return this.remember(keyOf('mainSwitch', region), () => super.mainSwitch(region));
  }

  override openGame(region: number, ref: GameRef) {
    return this.remember(keyOf('openGame', region, ref), () => super.openGame(region, ref));
  }

  override onlineServers(gameBaseId: number, langs: readonly string[]) {
    return this.remember(keyOf('onlineServers', gameBaseId, langs), () =>
      super.onlineServers(gameBaseId, langs),
    );
  }

  override openChannels(
    gameBaseId: number,
    langs: readonly string[],
    filter: { currency?: string; payModes: readonly number[]; paymentType?: string },
  ) {
    return this.remember(keyOf('openChannels', gameBaseId, langs, filter), () =>
      super.openChannels(gameBaseId, langs, filter),
    );
  }

  override offer(
    gameBaseId: number,
    productId: string,
    price: { currency: string; payMode: number },
    langs: readonly string[],
  ) {
    return this.remember(keyOf('offer', gameBaseId, productId, price, langs), () =>
      super.offer(gameBaseId, productId, price, langs),
    );
  }
}
