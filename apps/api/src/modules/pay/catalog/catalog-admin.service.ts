/**
 * The top-up catalog for staff: the pay switch per region, servers and their maintenance flag, products with
 * their prices and sale flags (channels: channel-authoring.service.ts). Reads show every row whatever its flags; each write locks what it
 * changes, changes it and records the audit row (before / after) in one transaction. A write that would
 * change nothing writes and records nothing.
 *
 * The player side reads the same rows on every call (catalog.repository.ts, pay-character.service.ts), so a
 * change applies to the next page load and the next order; orders already made keep their snapshot.
 */
import { currencyExponent, type PayMode } from '@gp/contracts/pay';
import type {
  PayAdminGameItem,
  PayAdminPriceItem,
  PayAdminProductItem,
  PayAdminServerItem,
  PayAdminSwitchData,
} from '@gp/contracts/pay-admin';
import { codes } from '@gp/errors';
import type { Clock } from '../../../config/clock.ts';
import { inTransaction, type Db } from '../../../db/database.ts';
import { AppError, RequestValidationError } from '../../../http/app-error.ts';
import { languagesFor, pickLanguage } from '../../site/index.ts';
import { audit, type AuthenticatedStaff } from '../../staff/index.ts';
import {
  CatalogRepository,
  type PayPriceRow,
  type PayServerRow,
  type PaySettingRow,
  type PriceKey,
} from './catalog.repository.ts';

export interface PayAdminCatalogDeps {
  db: Db;
  /** The site's distribution region: the region of calls that name none. */
  distributionRegion: number;
  now: Clock;
  /** The public URL of an uploaded image (a product's picture). */
  mediaUrl: (id: string) => string;
}

const bit = (on: boolean) => (on ? (1 as const) : (0 as const));
const notFound = () => new AppError(codes.notFound);
const fieldIssue = (field: string, code: string) => new RequestValidationError([{ field, code }]);

/** Rows of (thing, lang, name) with null names for a thing named in none of the languages asked. */
const named = <R extends { lang: string | null; name: string | null }>(rows: readonly R[]) =>
  rows.map((r) => ({ ...r, lang: r.lang ?? '' }));

function switchData(row: PaySettingRow): PayAdminSwitchData {
  return {
    distribution_region: row.distributionRegion,
    main_switch_status: bit(row.mainSwitchOn),
    updated_at: row.updatedAt.toISOString(),
  };
}

function serverItem(server: PayServerRow, name: string | null): PayAdminServerItem {
  return {
    cp_server_id: server.cpServerId,
    server_name: name ?? server.cpServerId,
    is_maintenance: bit(server.isMaintenance),
    is_online: bit(server.isOnline),
    sort: server.sort,
    updated_at: server.updatedAt.toISOString(),
  };
}

function priceItem(price: PayPriceRow): PayAdminPriceItem {
  return {
    currency: price.currency,
    exponent: currencyExponent(price.currency),
    pay_mode: price.payMode as PayMode,
    product_price: price.price,
    is_on_sale: bit(price.isOnSale),
    updated_at: price.updatedAt.toISOString(),
  };
}

export class PayAdminCatalogService {
  constructor(private readonly d: PayAdminCatalogDeps) {}

  private now(): Date {
    return this.d.now();
  }

  private region(region: number | undefined): number {
    return region ?? this.d.distributionRegion;
  }

  private async requireGame(repo: CatalogRepository, gameBaseId: number): Promise<void> {
    if (!(await repo.inCatalog(gameBaseId))) throw notFound();
  }

  // ---- Pay switch ----

  async switchDetail(region: number | undefined): Promise<PayAdminSwitchData> {
    const row = await new CatalogRepository(this.d.db).paySetting(this.region(region));
    // A region gets its switch (off) with its first game (CatalogAuthoringService.saveGame); turning on a region
    // with no game would open payments nobody set up: refused, not created.
    if (!row) throw fieldIssue('distribution_region', 'unknown_region');
    return switchData(row);
  }

  async setSwitch(
    staff: AuthenticatedStaff,
    input: { distribution_region?: number | undefined; main_switch_status: 0 | 1 },
  ): Promise<PayAdminSwitchData> {
    const region = this.region(input.distribution_region);
    const on = input.main_switch_status === 1;
    return inTransaction(this.d.db, async (tx) => {
      const repo = new CatalogRepository(tx);
      const row = await repo.paySettingForUpdate(region);
      if (!row) throw fieldIssue('distribution_region', 'unknown_region');
      if (row.mainSwitchOn === on) return switchData(row);
      const updated = await repo.setMainSwitch(region, on, this.now());
      await audit.record(tx, {
        actor: staff,
        action: 'pay.switch',
        target: { type: 'pay_setting', id: region },
        before: { main_switch_status: bit(row.mainSwitchOn) },
        after: { main_switch_status: bit(on) },
      });
      return switchData(updated);
    });
  }

  // ---- Games ----

  async games(region: number | undefined, lang: string): Promise<PayAdminGameItem[]> {
    return this.gameItems(new CatalogRepository(this.d.db), this.region(region), lang);
  }

  /** The region's catalog games (or the one named) as the console lists them (also the authoring answer). */
  async gameItems(
    repo: CatalogRepository,
    region: number,
    lang: string,
    gameBaseId?: number,
  ): Promise<PayAdminGameItem[]> {
    const games = pickLanguage(
      named(await repo.regionGames(region, languagesFor(lang), gameBaseId)),
      lang,
      (r) => r.gameBaseId,
    );
    const currencies = await repo.currenciesOf(games.map((g) => g.gameBaseId));
    return games.map((g) => ({
      game_base_id: g.gameBaseId,
      game_id: g.gameId,
      game_name: g.name ?? g.gameId,
      is_open: bit(g.isOpen),
      is_online: bit(g.isOnline),
      currencies: currencies.filter((c) => c.gameBaseId === g.gameBaseId).map((c) => c.currency),
      sort: g.sort,
    }));
  }

  // ---- Servers ----

  private async serverItems(
    repo: CatalogRepository,
    gameBaseId: number,
    lang: string,
    cpServerId?: string,
  ): Promise<PayAdminServerItem[]> {
    const rows = named(await repo.servers(gameBaseId, languagesFor(lang), cpServerId));
    return pickLanguage(rows, lang, (r) => r.server.id).map((r) => serverItem(r.server, r.name));
  }

  async servers(gameBaseId: number, lang: string): Promise<PayAdminServerItem[]> {
    const repo = new CatalogRepository(this.d.db);
    await this.requireGame(repo, gameBaseId);
    return this.serverItems(repo, gameBaseId, lang);
  }

  async setMaintenance(
    staff: AuthenticatedStaff,
    input: { game_base_id: number; cp_server_id: string; is_maintenance: 0 | 1 },
    lang: string,
  ): Promise<PayAdminServerItem> {
    const on = input.is_maintenance === 1;
    return inTransaction(this.d.db, async (tx) => {
      const repo = new CatalogRepository(tx);
      const server = await repo.serverForUpdate(input.game_base_id, input.cp_server_id);
      if (!server) throw notFound();
      if (server.isMaintenance !== on) {
        await repo.setMaintenance(server.id, on, this.now());
        await audit.record(tx, {
          actor: staff,
          action: 'pay.server.maintenance',
          target: { type: 'pay_server', id: `${server.gameBaseId}/${server.cpServerId}` },
          before: { is_maintenance: bit(server.isMaintenance) },
          after: { is_maintenance: bit(on) },
        });
      }
      const [item] = await this.serverItems(repo, input.game_base_id, lang, input.cp_server_id);
      return item!;
    });
  }

  // ---- Products and prices ----

  /** The game's products (or the one named) as the console lists them (also the authoring calls' answer). */
  async productItems(
    repo: CatalogRepository,
    gameBaseId: number,
    lang: string,
    productId?: string,
  ): Promise<PayAdminProductItem[]> {
    const products = pickLanguage(
      named(await repo.products(gameBaseId, languagesFor(lang), productId)),
      lang,
      (r) => r.product.id,
    );
    const prices = await repo.prices(products.map((p) => p.product.id));
    return products.map(({ product, name }) => ({
      product_id: product.productId,
      product_name: name ?? product.productId,
      credit_amount: product.creditAmount,
      is_on_sale: bit(product.isOnSale),
      sort: product.sort,
      image_url: product.imageMediaId ? this.d.mediaUrl(product.imageMediaId) : '',
      sale_from: product.saleFrom?.toISOString() ?? null,
      sale_until: product.saleUntil?.toISOString() ?? null,
      updated_at: product.updatedAt.toISOString(),
      price_list: prices.filter((p) => p.price.payProductId === product.id).map((p) => priceItem(p.price)),
    }));
  }

  async products(gameBaseId: number, lang: string): Promise<PayAdminProductItem[]> {
    const repo = new CatalogRepository(this.d.db);
    await this.requireGame(repo, gameBaseId);
    return this.productItems(repo, gameBaseId, lang);
  }

  /** The locked price of a product of the game: -404 no product, -400 currency not sold / no such price. */
  private async lockedPrice(
    repo: CatalogRepository,
    input: { game_base_id: number; product_id: string; currency: string; pay_mode: number },
  ): Promise<{ key: PriceKey; price: PayPriceRow }> {
    const product = await repo.productForUpdate(input.game_base_id, input.product_id);
    if (!product) throw notFound();
    if (!(await repo.sellsIn(input.game_base_id, input.currency))) throw fieldIssue('currency', 'not_sold');
    const key = { payProductId: product.id, currency: input.currency, payMode: input.pay_mode };
    const price = await repo.priceForUpdate(key);
    if (!price) throw fieldIssue('pay_mode', 'no_price');
    return { key, price };
  }

  /** A new price for new orders; orders made before keep theirs (they snapshot it). */
  async setPrice(
    staff: AuthenticatedStaff,
    input: {
      game_base_id: number;
      product_id: string;
      currency: string;
      pay_mode: number;
      product_price: number;
    },
    lang: string,
  ): Promise<PayAdminProductItem> {
    return inTransaction(this.d.db, async (tx) => {
      const repo = new CatalogRepository(tx);
      const { key, price } = await this.lockedPrice(repo, input);
      if (price.price !== input.product_price) {
        await repo.setPrice(key, input.product_price, this.now());
        const which = { currency: input.currency, pay_mode: input.pay_mode };
        await audit.record(tx, {
          actor: staff,
          action: 'pay.product.price',
          target: { type: 'pay_product', id: `${input.game_base_id}/${input.product_id}` },
          before: { ...which, product_price: price.price },
          after: { ...which, product_price: input.product_price },
        });
      }
      const [item] = await this.productItems(repo, input.game_base_id, lang, input.product_id);
      return item!;
    });
  }

  /** On or off sale: the product, or with `currency` and `pay_mode` one of its prices. */
  async setSale(
    staff: AuthenticatedStaff,
    input: {
      game_base_id: number;
      product_id: string;
      currency?: string | undefined;
      pay_mode?: number | undefined;
      is_on_sale: 0 | 1;
    },
    lang: string,
  ): Promise<PayAdminProductItem> {
    if ((input.currency === undefined) !== (input.pay_mode === undefined)) {
      throw fieldIssue(input.currency === undefined ? 'currency' : 'pay_mode', 'required_with');
    }
    const on = input.is_on_sale === 1;
    const target = { type: 'pay_product', id: `${input.game_base_id}/${input.product_id}` };
    return inTransaction(this.d.db, async (tx) => {
      const repo = new CatalogRepository(tx);
      if (input.currency !== undefined && input.pay_mode !== undefined) {
        const which = { currency: input.currency, pay_mode: input.pay_mode };
        const { key, price } = await this.lockedPrice(repo, { ...input, ...which });
        if (price.isOnSale !== on) {
          await repo.setPriceSale(key, on, this.now());
          await audit.record(tx, {
            actor: staff,
            action: 'pay.product.sale',
            target,
            before: { ...which, is_on_sale: bit(price.isOnSale) },
            after: { ...which, is_on_sale: bit(on) },
          });
        }
      } else {
        const product = await repo.productForUpdate(input.game_base_id, input.product_id);
        if (!product) throw notFound();
        if (product.isOnSale !== on) {
          await repo.setProductSale(product.id, on, this.now());
          await audit.record(tx, {
            actor: staff,
            action: 'pay.product.sale',
            target,
            before: { is_on_sale: bit(product.isOnSale) },
            after: { is_on_sale: bit(on) },
          });
        }
      }
      const [item] = await this.productItems(repo, input.game_base_id, lang, input.product_id);
      return item!;
    });
  }
}
