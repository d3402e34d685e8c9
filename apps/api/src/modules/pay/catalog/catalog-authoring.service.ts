/**
 * Top-up catalog authoring for staff (@gp/contracts/pay-catalog-authoring): a portal game turned
 * on for top-up in a region, its currencies, products and prices. Each write locks what it changes, changes it
 * and records its audit row in one transaction; a write that changes nothing writes and records nothing. The
 * players' calls read the same rows on every request (and the order engine's remembered reads are forgotten at
 * every staff write), so a change shows on the next page load in every process.
 *
 * Prices are checked against the charge limits of the payment providers that would take them: the providers the
 * game's channels of that currency and payment mode name, the deployment's where a channel names none or no
 * channel exists yet. A provider this deployment has not configured takes no payment at all, so it sets no limit.
 */
import {
  isKnownCurrency,
  majorToMinor,
  productImagePolicy,
  type PayAuthoringCurrencyItem,
  type PayAuthoringGameOption,
  type PayAuthoringProductDetail,
  type PayPriceLimits,
  type ProductText,
  type ProductTexts,
} from '@gp/contracts/pay-catalog-authoring';
import { editLanguages, type ImageUploadData } from '@gp/contracts/catalog-admin';
import type { PayAdminGameItem, PayAdminProductItem } from '@gp/contracts/pay-admin';
import { currencyExponent, type PayMode } from '@gp/contracts/pay';
import type { UploadBlob } from '@gp/contracts/cs';
import { codes } from '@gp/errors';
import type { Clock } from '../../../config/clock.ts';
import { inTransaction, type Db } from '../../../db/database.ts';
import { AppError, RequestValidationError } from '../../../http/app-error.ts';
import { readImageUpload, storeMedia } from '../../media/index.ts';
import { languagesFor, pickLanguage } from '../../site/index.ts';
import { audit, type AuthenticatedStaff } from '../../staff/index.ts';
import type { ChargeLimits, PaymentProvider } from '../providers/payment-provider.ts';
import { PayAdminCatalogService } from './catalog-admin.service.ts';
import { CatalogRepository, type PayProductRow, type ProductValues } from './catalog.repository.ts';

export interface PayCatalogAuthoringDeps {
  db: Db;
  distributionRegion: number;
  now: Clock;
  mediaUrl: (id: string) => string;
  /** The configured payment providers by name, and the deployment's (PAY_PROVIDER) name. */
  providers: () => { byName: Readonly<Record<string, PaymentProvider>>; deployment: string | undefined };
}

const bit = (on: boolean) => (on ? (1 as const) : (0 as const));
const notFound = () => new AppError(codes.notFound);
const fieldIssue = (field: string, code: string) => new RequestValidationError([{ field, code }]);
/** The widest price the catalog holds at all (the price column's own rule in pay-admin.contracts.ts). */
const catalogMax = 1_000_000_000_000;

/** The product form as the service takes it (the contract's output). */
export interface ProductInput {
  game_base_id: number;
  product_id: string;
  credit_amount: number;
  image_media_id?: string | null | undefined;
  sort: number;
  is_on_sale: 0 | 1;
  sale_from: string | null;
  sale_until: string | null;
  texts: ProductTexts;
}

/** Texts per language as stored, in `editLanguages` order, languages without a text left out. */
function textRows(texts: ProductTexts): TextRow[] {
  return editLanguages.flatMap((lang) => {
    const text: ProductText | undefined = texts[lang];
    return text
      ? [
          {
            lang,
            name: text.name,
            marketingDesc1: text.marketing_desc_1,
            marketingDesc2: text.marketing_desc_2,
          },
        ]
      : [];
  });
}

interface TextRow {
  lang: string;
  name: string;
  marketingDesc1: string;
  marketingDesc2: string;
}

/** A product's saved state as the audit log compares it. */
function auditState(product: ProductValues, texts: readonly TextRow[]): Record<string, unknown> {
  return {
    credit_amount: product.creditAmount,
    image_media_id: product.imageMediaId,
    sort: product.sort,
    is_on_sale: bit(product.isOnSale),
    sale_from: product.saleFrom?.toISOString() ?? null,
    sale_until: product.saleUntil?.toISOString() ?? null,
    texts: Object.fromEntries(
      texts.map((t) => [t.lang, [t.name, t.marketingDesc1, t.marketingDesc2].join(' | ')]),
    ),
  };
}

/** The fields that differ (texts: only the languages that changed, null for a language without a text). */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (key !== 'texts' && before[key] !== after[key]) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  const oldTexts = before.texts as Record<string, string>;
  const newTexts = after.texts as Record<string, string>;
  const textsWas: Record<string, string | null> = {};
  const textsNow: Record<string, string | null> = {};
  for (const lang of editLanguages) {
    if ((oldTexts[lang] ?? null) !== (newTexts[lang] ?? null)) {
      textsWas[lang] = oldTexts[lang] ?? null;
      textsNow[lang] = newTexts[lang] ?? null;
    }
  }
  if (Object.keys(textsNow).length > 0) {
    was.texts = textsWas;
    now.texts = textsNow;
  }
  return { before: was, after: now, changed: Object.keys(now).length > 0 };
}

export class PayCatalogAuthoringService {
  private readonly lists: PayAdminCatalogService;

  constructor(private readonly d: PayCatalogAuthoringDeps) {
    this.lists = new PayAdminCatalogService(d);
  }

  private region(region: number | undefined): number {
    return region ?? this.d.distributionRegion;
  }

  private async requireGame(repo: CatalogRepository, gameBaseId: number): Promise<void> {
    if (!(await repo.inCatalog(gameBaseId))) throw notFound();
  }

  // ---- Games ----

  async gameOptions(region: number | undefined, lang: string): Promise<PayAuthoringGameOption[]> {
    const rows = await new CatalogRepository(this.d.db).portalGames(this.region(region), languagesFor(lang));
    return pickLanguage(
      rows.map((r) => ({ ...r, lang: r.lang ?? '' })),
      lang,
      (r) => r.gameBaseId,
    ).map((r) => ({
      game_base_id: r.gameBaseId,
      game_id: r.gameId,
      game_name: r.name ?? r.gameId,
      is_online: bit(r.isOnline),
      in_catalog: bit(r.inCatalog),
    }));
  }

  async saveGame(
    staff: AuthenticatedStaff,
    input: { distribution_region?: number | undefined; game_base_id: number; is_open: 0 | 1; sort: number },
    lang: string,
  ): Promise<PayAdminGameItem> {
    const region = this.region(input.distribution_region);
    const values = {
      region,
      gameBaseId: input.game_base_id,
      isOpen: input.is_open === 1,
      sort: input.sort,
      now: this.d.now(),
    };
    return inTransaction(this.d.db, async (tx) => {
      const repo = new CatalogRepository(tx);
      // Share-locked: the game cannot be deleted under the new row (its delete counts the catalog).
      if (!(await repo.gameForShare(input.game_base_id))) throw fieldIssue('game_base_id', 'not_found');
      const existing = await repo.payGameForUpdate(region, input.game_base_id);
      const after = { is_open: input.is_open, sort: input.sort };
      if (!existing) {
        await repo.ensurePaySetting(region, values.now);
        await repo.insertPayGame(values);
        await audit.record(tx, {
          actor: staff,
          action: 'pay.game.save',
          target: { type: 'pay_game', id: `${region}/${input.game_base_id}` },
          before: null,
          after,
        });
      } else if (existing.isOpen !== values.isOpen || existing.sort !== values.sort) {
        await repo.updatePayGame(values);
        await audit.record(tx, {
          actor: staff,
          action: 'pay.game.save',
          target: { type: 'pay_game', id: `${region}/${input.game_base_id}` },
          before: { is_open: bit(existing.isOpen), sort: existing.sort },
          after,
        });
      }
      const [item] = await this.lists.gameItems(repo, region, lang, input.game_base_id);
      return item!;
    });
  }

  // ---- Currencies ----

  private async currencyItems(
    repo: CatalogRepository,
    gameBaseId: number,
  ): Promise<PayAuthoringCurrencyItem[]> {
    return (await repo.currencyUse(gameBaseId)).map((r) => ({
      currency: r.currency,
      exponent: currencyExponent(r.currency),
      sort: r.sort,
      price_count: Number(r.prices),
      channel_count: Number(r.channels),
    }));
  }

  async currencies(gameBaseId: number): Promise<PayAuthoringCurrencyItem[]> {
    const repo = new CatalogRepository(this.d.db);
    await this.requireGame(repo, gameBaseId);
    return this.currencyItems(repo, gameBaseId);
  }

  /** The game's currencies locked, run `change`, and the audit row when the list or its order changed. */
  private async changeCurrencies(
    staff: AuthenticatedStaff,
    gameBaseId: number,
    change: (repo: CatalogRepository, current: string[]) => Promise<void>,
  ): Promise<PayAuthoringCurrencyItem[]> {
    return inTransaction(this.d.db, async (tx) => {
      const repo = new CatalogRepository(tx);
      await this.requireGame(repo, gameBaseId);
      const before = (await repo.currenciesForUpdate(gameBaseId)).map((c) => c.currency);
      await change(repo, before);
      const items = await this.currencyItems(repo, gameBaseId);
      const after = items.map((c) => c.currency);
      if (after.join() !== before.join()) {
        await audit.record(tx, {
          actor: staff,
          action: 'pay.currency',
          target: { type: 'pay_currency', id: gameBaseId },
          before: { currencies: before },
          after: { currencies: after },
        });
      }
      return items;
    });
  }

  async addCurrency(
    staff: AuthenticatedStaff,
    input: { game_base_id: number; currency: string },
  ): Promise<PayAuthoringCurrencyItem[]> {
    if (!isKnownCurrency(input.currency)) throw fieldIssue('currency', 'unknown_currency');
    return this.changeCurrencies(staff, input.game_base_id, async (repo) => {
      await repo.addCurrency(input.game_base_id, input.currency, this.d.now());
    });
  }

  async removeCurrency(
    staff: AuthenticatedStaff,
    input: { game_base_id: number; currency: string },
  ): Promise<PayAuthoringCurrencyItem[]> {
    return this.changeCurrencies(staff, input.game_base_id, async (repo, current) => {
      if (!current.includes(input.currency)) return;
      // Prices and channels in a currency the game no longer sells in would be offered nowhere and kept forever.
      const use = await repo.currencyUsage(input.game_base_id, input.currency);
      if (use.prices > 0) throw fieldIssue('currency', 'has_prices');
      if (use.channels > 0) throw fieldIssue('currency', 'has_channels');
      await repo.removeCurrency(input.game_base_id, input.currency);
    });
  }

  async orderCurrencies(
    staff: AuthenticatedStaff,
    input: { game_base_id: number; currencies: string[] },
  ): Promise<PayAuthoringCurrencyItem[]> {
    return this.changeCurrencies(staff, input.game_base_id, async (repo, current) => {
      const asked = input.currencies;
      const same =
        asked.length === current.length &&
        new Set(asked).size === asked.length &&
        asked.every((c) => current.includes(c));
      if (!same) throw fieldIssue('currencies', 'mismatch');
      for (const [sort, currency] of asked.entries()) {
        await repo.setCurrencySort(input.game_base_id, currency, sort);
      }
    });
  }

  // ---- Products ----

  private detailOf(
    product: PayProductRow,
    texts: readonly { lang: string; name: string; marketingDesc1: string; marketingDesc2: string }[],
  ): PayAuthoringProductDetail {
    const byLang = Object.fromEntries(
      texts.map((t) => [
        t.lang,
        { name: t.name, marketing_desc_1: t.marketingDesc1, marketing_desc_2: t.marketingDesc2 },
      ]),
    ) as Record<string, ProductText>;
    return {
      game_base_id: product.gameBaseId,
      product_id: product.productId,
      credit_amount: product.creditAmount,
      image_media_id: product.imageMediaId,
      image_url: product.imageMediaId ? this.d.mediaUrl(product.imageMediaId) : '',
      sort: product.sort,
      is_on_sale: bit(product.isOnSale),
      sale_from: product.saleFrom?.toISOString() ?? null,
      sale_until: product.saleUntil?.toISOString() ?? null,
      // Every product is saved with an en text; one written by hand without it shows its id.
      texts: {
        ...byLang,
        en: byLang.en ?? { name: product.productId, marketing_desc_1: '', marketing_desc_2: '' },
      },
      updated_at: product.updatedAt.toISOString(),
    };
  }

  async productDetail(gameBaseId: number, productId: string): Promise<PayAuthoringProductDetail> {
    const repo = new CatalogRepository(this.d.db);
    const [row] = await repo.products(gameBaseId, ['en'], productId);
    if (!row) throw notFound();
    return this.detailOf(row.product, await repo.productTexts(row.product.id));
  }

  /** The form's values, checked: the window's order, the image's existence. */
  private async productValues(
    repo: CatalogRepository,
    input: ProductInput,
    keptImage: string | null,
  ): Promise<ProductValues> {
    const saleFrom = input.sale_from === null ? null : new Date(input.sale_from);
    const saleUntil = input.sale_until === null ? null : new Date(input.sale_until);
    if (saleFrom && saleUntil && saleUntil.getTime() <= saleFrom.getTime())
      throw fieldIssue('sale_until', 'before_start');
    const imageMediaId = input.image_media_id === undefined ? keptImage : input.image_media_id;
    if (imageMediaId !== null && imageMediaId !== keptImage && !(await repo.mediaExists(imageMediaId)))
      throw fieldIssue('image_media_id', 'not_found');
    return {
      creditAmount: input.credit_amount,
      imageMediaId,
      sort: input.sort,
      isOnSale: input.is_on_sale === 1,
      saleFrom,
      saleUntil,
    };
  }

  async createProduct(
    staff: AuthenticatedStaff,
    input: ProductInput,
    lang: string,
  ): Promise<PayAdminProductItem> {
    return inTransaction(this.d.db, async (tx) => {
      const repo = new CatalogRepository(tx);
      await this.requireGame(repo, input.game_base_id);
      const values = await this.productValues(repo, input, null);
      const created = await repo.insertProduct({
        ...values,
        gameBaseId: input.game_base_id,
        productId: input.product_id,
        now: this.d.now(),
      });
      if (!created) throw fieldIssue('product_id', 'taken');
      const texts = textRows(input.texts);
      await repo.replaceProductTexts(created.id, texts);
      await audit.record(tx, {
        actor: staff,
        action: 'pay.product.save',
        target: { type: 'pay_product', id: `${input.game_base_id}/${input.product_id}` },
        before: null,
        after: auditState(values, texts),
      });
      const [item] = await this.lists.productItems(repo, input.game_base_id, lang, input.product_id);
      return item!;
    });
  }

  async updateProduct(
    staff: AuthenticatedStaff,
    input: ProductInput,
    lang: string,
  ): Promise<PayAdminProductItem> {
    return inTransaction(this.d.db, async (tx) => {
      const repo = new CatalogRepository(tx);
      const product = await repo.productForUpdate(input.game_base_id, input.product_id);
      if (!product) throw notFound();
      const values = await this.productValues(repo, input, product.imageMediaId);
      const texts = textRows(input.texts);
      const diff = changes(
        auditState(product, await repo.productTexts(product.id)),
        auditState(values, texts),
      );
      if (diff.changed) {
        await repo.updateProduct(product.id, values, this.d.now());
        if (diff.after.texts) await repo.replaceProductTexts(product.id, texts);
        await audit.record(tx, {
          actor: staff,
          action: 'pay.product.save',
          target: { type: 'pay_product', id: `${input.game_base_id}/${input.product_id}` },
          before: diff.before,
          after: diff.after,
        });
      }
      const [item] = await this.lists.productItems(repo, input.game_base_id, lang, input.product_id);
      return item!;
    });
  }

  async uploadImage(staff: AuthenticatedStaff, file: UploadBlob): Promise<ImageUploadData> {
    const image = await readImageUpload(file, productImagePolicy);
    const size = { width: image.width, height: image.height };
    const mediaId = await inTransaction(this.d.db, async (tx) => {
      const id = await storeMedia(tx, image.bytes, image.contentType, image.extension, size);
      await audit.record(tx, {
        actor: staff,
        action: 'pay.product.image.upload',
        target: { type: 'media', id },
        after: { content_type: image.contentType, byte_size: image.bytes.length, ...size },
      });
      return id;
    });
    return {
      media_id: mediaId,
      url: this.d.mediaUrl(mediaId),
      content_type: image.contentType,
      byte_size: image.bytes.length,
      ...size,
    };
  }

  // ---- Prices ----

  /** The limits of every provider that would take a price of the game in the currency through the mode. */
  private async limitsOf(
    repo: CatalogRepository,
    gameBaseId: number,
    currency: string,
    payMode: number,
  ): Promise<{ limits: ChargeLimits; providers: string[] }> {
    return this.limitsFor(await repo.channelProviders(gameBaseId, currency, payMode), currency);
  }

  /**
   * The limits of a price in `currency` taken by channels naming these providers (null: the deployment's; none
   * at all: the deployment's too). The catalog import checks its file's channels with it.
   */
  limitsFor(
    named: readonly (string | null)[],
    currency: string,
  ): { limits: ChargeLimits; providers: string[] } {
    const { byName, deployment } = this.d.providers();
    const wanted = named.length === 0 ? [deployment] : named.map((p) => p ?? deployment);
    const providers = [...new Set(wanted)].filter(
      (name): name is string => name !== undefined && byName[name] !== undefined,
    );
    const limits = { min: 1, max: catalogMax };
    for (const name of providers) {
      const own = byName[name]!.chargeLimits?.(currency);
      if (own) {
        limits.min = Math.max(limits.min, own.min);
        limits.max = Math.min(limits.max, own.max);
      }
    }
    return { limits, providers: providers.sort() };
  }

  async priceLimits(input: {
    game_base_id: number;
    currency: string;
    pay_mode: PayMode;
  }): Promise<PayPriceLimits> {
    const repo = new CatalogRepository(this.d.db);
    await this.requireGame(repo, input.game_base_id);
    const { limits, providers } = await this.limitsOf(
      repo,
      input.game_base_id,
      input.currency,
      input.pay_mode,
    );
    return {
      currency: input.currency,
      exponent: currencyExponent(input.currency),
      pay_mode: input.pay_mode,
      min: limits.min,
      max: limits.max,
      providers,
    };
  }

  async savePrice(
    staff: AuthenticatedStaff,
    input: { game_base_id: number; product_id: string; currency: string; pay_mode: PayMode; amount: string },
    lang: string,
  ): Promise<PayAdminProductItem> {
    const read = majorToMinor(input.amount, currencyExponent(input.currency));
    if ('problem' in read)
      throw fieldIssue('amount', read.problem === 'invalid' ? 'invalid_format' : read.problem);
    if (read.minor <= 0) throw fieldIssue('amount', 'not_positive');
    return inTransaction(this.d.db, async (tx) => {
      const repo = new CatalogRepository(tx);
      const product = await repo.productForUpdate(input.game_base_id, input.product_id);
      if (!product) throw notFound();
      // Share-locked: the currency cannot be removed while this price is written in it.
      if (!(await repo.currencyForShare(input.game_base_id, input.currency)))
        throw fieldIssue('currency', 'not_sold');
      const { limits } = await this.limitsOf(repo, input.game_base_id, input.currency, input.pay_mode);
      if (read.minor < limits.min) throw fieldIssue('amount', 'below_minimum');
      if (read.minor > limits.max) throw fieldIssue('amount', 'above_maximum');
      const key = { payProductId: product.id, currency: input.currency, payMode: input.pay_mode };
      const price = await repo.priceForUpdate(key);
      const which = { currency: input.currency, pay_mode: input.pay_mode };
      if (!price || price.price !== read.minor) {
        if (price) await repo.setPrice(key, read.minor, this.d.now());
        else await repo.insertPrice(key, read.minor, this.d.now());
        await audit.record(tx, {
          actor: staff,
          action: 'pay.product.price',
          target: { type: 'pay_product', id: `${input.game_base_id}/${input.product_id}` },
          before: price ? { ...which, product_price: price.price } : null,
          after: { ...which, product_price: read.minor },
        });
      }
      const [item] = await this.lists.productItems(repo, input.game_base_id, lang, input.product_id);
      return item!;
    });
  }

  async removePrice(
    staff: AuthenticatedStaff,
    input: { game_base_id: number; product_id: string; currency: string; pay_mode: PayMode },
    lang: string,
  ): Promise<PayAdminProductItem> {
    return inTransaction(this.d.db, async (tx) => {
      const repo = new CatalogRepository(tx);
      const product = await repo.productForUpdate(input.game_base_id, input.product_id);
      if (!product) throw notFound();
      const key = { payProductId: product.id, currency: input.currency, payMode: input.pay_mode };
      const price = await repo.priceForUpdate(key);
      if (!price) throw fieldIssue('pay_mode', 'no_price');
      await repo.deletePrice(key);
      await audit.record(tx, {
        actor: staff,
        action: 'pay.product.price.remove',
        target: { type: 'pay_product', id: `${input.game_base_id}/${input.product_id}` },
        before: {
          currency: input.currency,
          pay_mode: input.pay_mode,
          product_price: price.price,
          is_on_sale: bit(price.isOnSale),
        },
        after: null,
      });
      const [item] = await this.lists.productItems(repo, input.game_base_id, lang, input.product_id);
      return item!;
    });
  }
}
