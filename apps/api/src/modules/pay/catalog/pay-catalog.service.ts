/**
 * The top-up catalog as players see it (spec 7 "Regional web pay", "Second pay variant"): games open for top-up,
 * their currencies, products and payment channels, in the page language with en as the fallback. Web top-up only
 * offers the web payment modes (`webPayModes`). `requireOffer` is the catalog's check for order creation.
 */
import {
  currencyExponent,
  isWebPayMode,
  webPayModes,
  type PayChannelItem,
  type PayCurrencyItem,
  type PayGameItem,
  type PayMode,
  type PayProductItem,
  type PayProductWithPrices,
} from '@gp/contracts/pay';
import { codes } from '@gp/errors';
import type { Clock } from '../../../config/clock.ts';
import { AppError } from '../../../http/app-error.ts';
import { languagesFor, pickLanguage } from '../../site/index.ts';
import type { GameRef, OfferCondition, CatalogRepository } from './catalog.repository.ts';
import { started } from '../orders/started.ts';
import {
  paysOnPage,
  providerKind,
  unpayableReason,
  withinLimits,
  type ConfiguredProviders,
} from '../providers/provider-catalog.ts';

export const payError = (code: number) => new AppError(code, { domain: 'pay' });

export interface OpenGame {
  gameBaseId: number;
  gameId: string;
}

/** What an order snapshots of its product: the price and texts as they were when it was created. */
export interface OfferSnapshot {
  gameBaseId: number;
  gameId: string;
  productId: string;
  productName: string;
  marketingDesc1: string;
  marketingDesc2: string;
  /** Minor units of `currency`. */
  price: number;
  currency: string;
  exponent: number;
  payMode: PayMode;
  paymentType: string;
  /** Game credit the order delivers. */
  creditAmount: number;
  /** The provider the channel names; null: the deployment's PAY_PROVIDER. */
  provider: string | null;
  /** Per provider, its payment methods for the channel (pay_channel.provider_methods). */
  providerMethods: Record<string, string[]>;
  /** The channel's per-order limits the order was checked against (minor units; null: none). */
  minAmount: number | null;
  maxAmount: number | null;
}

export interface OfferRequest {
  region?: number | undefined;
  gameId: string;
  productId: string;
  currency: string;
  payMode: number;
  paymentType: string;
  lang: string;
}

type OpenChannel = Awaited<ReturnType<CatalogRepository['openChannels']>>[number];
/** Whether the product's sale window holds `at`: from `saleFrom` (inclusive) until before `saleUntil`. */
export function inSaleWindow(product: { saleFrom: Date | null; saleUntil: Date | null }, at: Date): boolean {
  return (
    (product.saleFrom === null || product.saleFrom.getTime() <= at.getTime()) &&
    (product.saleUntil === null || at.getTime() < product.saleUntil.getTime())
  );
}

export class PayCatalogService {
  constructor(
    private readonly repo: CatalogRepository,
    private readonly options: {
      distributionRegion: number;
      mediaUrl: (id: string) => string;
      /**
       * The providers configured here (provider-catalog.ts): a channel none of them can pay is never offered,
       * whatever its row says (rows can predate a change of the deployment's settings). Left out: every open
       * channel is offered (catalog tests that are not about providers).
       */
      providers?: ConfiguredProviders | undefined;
      now: Clock;
    },
  ) {}

  private region(region: number | undefined): number {
    return region ?? this.options.distributionRegion;
  }

  /** The open channels of the game that can be paid here: their provider is configured and takes the currency. */
  private async payableChannels(
    ...args: Parameters<CatalogRepository['openChannels']>
  ): Promise<OpenChannel[]> {
    const rows = await this.repo.openChannels(...args);
    const setup = this.options.providers;
    return setup ? rows.filter((r) => unpayableReason(r, setup) === null) : rows;
  }

  async games(region: number | undefined, lang: string): Promise<PayGameItem[]> {
    const rows = await this.repo.openGames(this.region(region), languagesFor(lang));
    return pickLanguage(rows, lang, (r) => r.gameBaseId).map((r) => ({
      game_base_id: r.gameBaseId,
      game_id: r.gameId,
      game_name: r.name,
      game_icon: r.iconMediaId ? this.options.mediaUrl(r.iconMediaId) : '',
    }));
  }

  /**
   * The game open for top-up in the region, or err3 (unknown, closed, or offline: nobody can top it up now; or its
   * game server failed its last check), err4 (its game server reported every server under maintenance).
   */
  async requireGame(region: number | undefined, ref: GameRef): Promise<OpenGame> {
    const found = await this.repo.openGame(this.region(region), ref);
    if (!found || found.gameServer === 'down') throw payError(codes.payRechargeUnavailable);
    if (found.gameServer === 'maintenance') throw payError(codes.payServerMaintenance);
    return { gameBaseId: found.gameBaseId, gameId: found.gameId };
  }

  async currencies(region: number | undefined, gameId: string): Promise<PayCurrencyItem[]> {
    const { gameBaseId } = await this.requireGame(region, { gameId });
    return (await this.repo.currencies(gameBaseId)).map((currency) => ({
      currency,
      exponent: currencyExponent(currency),
    }));
  }

  /**
   * Products on sale for one currency and payment mode (regional variant). err13 when the mode is not a web mode
   * or no open channel of the mode takes the currency for this game.
   */
  async productsFor(
    input: { region?: number | undefined; gameId: string; currency: string; payMode: PayMode },
    lang: string,
  ): Promise<PayProductItem[]> {
    const { gameBaseId } = await this.requireGame(input.region, { gameId: input.gameId });
    const channels = isWebPayMode(input.payMode)
      ? await this.payableChannels(gameBaseId, ['en'], {
          currency: input.currency,
          payModes: [input.payMode],
        })
      : [];
    if (channels.length === 0) throw payError(codes.payPaymentMethodUnsupported);
    return this.products(gameBaseId, lang, { currency: input.currency, payMode: input.payMode });
  }

  /** Every web price of every product on sale (second variant product_list). */
  async allProducts(gameId: string, lang: string): Promise<PayProductItem[]> {
    const { gameBaseId } = await this.requireGame(undefined, { gameId });
    return this.products(gameBaseId, lang, {});
  }

  /** The same offer grouped per product (second variant product_list/v2), in product order. */
  async productsWithPrices(gameId: string, lang: string): Promise<PayProductWithPrices[]> {
    const items = await this.allProducts(gameId, lang);
    const grouped = new Map<string, PayProductWithPrices>();
    for (const item of items) {
      const entry = grouped.get(item.product_id) ?? {
        product_id: item.product_id,
        product_name: item.product_name,
        marketing_desc_1: item.marketing_desc_1,
        marketing_desc_2: item.marketing_desc_2,
        product_image: item.product_image,
        price_list: [],
      };
      entry.price_list.push({
        currency: item.currency,
        exponent: item.exponent,
        pay_mode: item.pay_mode,
        product_price: item.product_price,
      });
      grouped.set(item.product_id, entry);
    }
    return [...grouped.values()];
  }

  /**
   * Prices on sale whose currency and mode have a channel that can be paid here and takes the price within its
   * per-order limits: nothing is offered that no channel can take.
   */
  private async products(
    gameBaseId: number,
    lang: string,
    filter: { currency?: string; payMode?: number },
  ): Promise<PayProductItem[]> {
    const [rows, channels] = await Promise.all([
      this.repo.productsOnSale(gameBaseId, languagesFor(lang), {
        ...filter,
        at: this.options.now(),
        payModes: webPayModes,
      }),
      this.payableChannels(gameBaseId, ['en'], {
        ...(filter.currency === undefined ? {} : { currency: filter.currency }),
        payModes: filter.payMode === undefined ? webPayModes : [filter.payMode],
      }),
    ]);
    const payable = rows.filter((r) =>
      channels.some((c) => c.currency === r.currency && c.payMode === r.payMode && withinLimits(r.price, c)),
    );
    return pickLanguage(payable, lang, (r) => `${r.payProductId}/${r.currency}/${r.payMode}`).map((r) => ({
      product_id: r.productId,
      product_name: r.name,
      product_price: r.price,
      currency: r.currency,
      exponent: currencyExponent(r.currency),
      pay_mode: r.payMode as PayMode,
      marketing_desc_1: r.marketingDesc1,
      marketing_desc_2: r.marketingDesc2,
      product_image: r.imageMediaId ? this.options.mediaUrl(r.imageMediaId) : '',
    }));
  }

  /**
   * Open web channels of the game: of one currency (regional variant; none for a currency the game does not sell
   * in) or of all its currencies (second variant).
   */
  async channels(
    region: number | undefined,
    gameBaseId: number,
    currency: string | undefined,
    lang: string,
  ): Promise<PayChannelItem[]> {
    await this.requireGame(region, { gameBaseId });
    const rows = await this.payableChannels(gameBaseId, languagesFor(lang), {
      ...(currency === undefined ? {} : { currency }),
      payModes: webPayModes,
    });
    return pickLanguage(
      rows.map((r) => ({ ...r, lang: r.lang ?? '' })),
      lang,
      (r) => r.id,
    ).map((r) => ({
      pay_mode: r.payMode as PayMode,
      payment_type: r.paymentType,
      channel_name: r.name ?? r.paymentType,
      currency: r.currency,
      min_amount: r.minAmount,
      max_amount: r.maxAmount,
      ...(this.options.providers && paysOnPage(r, this.options.providers) ? { pays_on_page: true } : {}),
    }));
  }

  /**
   * For order creation: the product at its price through an open web channel, snapshotted in the page language.
   * In this order: err3 game not open for top-up; err13 not a web payment mode; err7 no such product (or no
   * price in this currency and mode); err6 product or price off sale, or the product outside its sale window;
   * err13 no open channel of the game for the currency, mode and method that can be paid here (its provider
   * configured for the currency); 42 the price is outside the channel's per-order limits. The window is decided
   * here on the row read (remembered or not), at the app clock's time, so a remembered product still leaves sale
   * on time.
   */
  async requireOffer(request: OfferRequest): Promise<OfferSnapshot> {
    const game = await this.requireGame(request.region, { gameId: request.gameId });
    if (!isWebPayMode(request.payMode)) throw payError(codes.payPaymentMethodUnsupported);
    // The product and the channel are read at once; the product's refusals still come first.
    const channels = started(
      this.payableChannels(game.gameBaseId, ['en'], {
        currency: request.currency,
        payModes: [request.payMode],
        paymentType: request.paymentType,
      }),
    );
    const found = await this.repo.offer(
      game.gameBaseId,
      request.productId,
      { currency: request.currency, payMode: request.payMode },
      languagesFor(request.lang),
    );
    if (!found || !found.price) throw payError(codes.payProductNotFound);
    if (!found.product.isOnSale || !found.price.isOnSale || !inSaleWindow(found.product, this.options.now()))
      throw payError(codes.payProductOffSale);
    const channel = await channels;
    if (channel.length === 0) throw payError(codes.payPaymentMethodUnsupported);
    if (!withinLimits(found.price.price, channel[0]!)) throw payError(codes.payAmountOutsideChannelLimits);
    const [text] = pickLanguage(found.texts, request.lang, (t) => t.payProductId);
    return {
      gameBaseId: game.gameBaseId,
      gameId: game.gameId,
      productId: found.product.productId,
      productName: text?.name ?? found.product.productId,
      marketingDesc1: text?.marketingDesc1 ?? '',
      marketingDesc2: text?.marketingDesc2 ?? '',
      price: found.price.price,
      currency: found.price.currency,
      exponent: currencyExponent(found.price.currency),
      payMode: request.payMode as PayMode,
      paymentType: request.paymentType,
      creditAmount: found.product.creditAmount,
      provider: channel[0]!.provider,
      providerMethods: channel[0]!.providerMethods,
      minAmount: channel[0]!.minAmount,
      maxAmount: channel[0]!.maxAmount,
    };
  }

  /**
   * For the insert of an order checked against a remembered catalog: the condition that the database's catalog
   * still offers what it was checked against (CatalogRepository.stillOffered).
   */
  stillOffered(offer: Omit<Parameters<CatalogRepository['stillOffered']>[0], 'at'>): OfferCondition {
    return this.repo.stillOffered({ ...offer, at: this.options.now() });
  }

  /** The payment methods of `provider` configured for the channel an order was made with. */
  async channelMethods(
    channel: { gameBaseId: number; currency: string; payMode: number; paymentType: string },
    provider: string,
  ): Promise<string[]> {
    const [row] = await this.repo.openChannels(channel.gameBaseId, ['en'], {
      currency: channel.currency,
      payModes: [channel.payMode],
      paymentType: channel.paymentType,
    });
    return row?.providerMethods[providerKind(provider)] ?? [];
  }
}
