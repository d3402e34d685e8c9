/**
 * The two pay variants of spec 7 behind one interface: the regional web pay (`/api/komoe/webpay/*`, served on
 * `/paygame` and `/pay_h5`) and the second variant (`/api/web/pay/*`, on `/pays_h5`), which has no currency list
 * and answers every channel and price of a game at once. The screens only ever talk to a `TopupApi`.
 */
import {
  currencyExponent,
  type PayChannelItem,
  type PayCaptchaData,
  type PayCurrencyItem,
  type PayGameItem,
  type PayMode,
  type PayOrderCreated,
  type PayOrderItem,
  type PayOrderTracked,
  type PayOrderPage,
  type PayProductItem,
  type PayServerItem,
  type webpayAddOrder,
} from '@gp/contracts/pay';
import type { RequestOf } from '@gp/contracts';
import { site } from '@gp/config';
import { topupCalls as calls } from '../api/topup.calls.ts';

export type VariantId = 'webpay' | 'pay';

/** The add-order payload of spec 3 both variants share (without the variant's own region fields). */
export type OrderRequest = Omit<RequestOf<typeof webpayAddOrder>, 'distribution_region'>;

/** The regional web pay names the site's distribution region on every call. */
const distribution_region = site.distributionRegion;
/** Payment always runs in the site's distribution region (spec 9): the second variant's `region`. */
const region = site.distributionRegion;

export interface GameRef {
  game_base_id: number;
  game_id: string;
}

export interface TopupApi {
  id: VariantId;
  isOpen(): Promise<boolean>;
  games(): Promise<PayGameItem[]>;
  roles(gameBaseId: number): Promise<PayServerItem[]>;
  currencies(game: GameRef): Promise<PayCurrencyItem[]>;
  channels(game: GameRef, currency: string): Promise<PayChannelItem[]>;
  products(game: GameRef, currency: string, payMode: PayMode): Promise<PayProductItem[]>;
  captcha(): Promise<PayCaptchaData>;
  addOrder(order: OrderRequest, h5: boolean): Promise<PayOrderCreated>;
  orderDetail(orderNo: string): Promise<PayOrderTracked>;
  orderHistory(pageNum: number, pageSize: number): Promise<PayOrderPage>;
  orderResult(payOrderNo: string): Promise<PayOrderItem>;
}

export const webpayApi: TopupApi = {
  id: 'webpay',
  isOpen: async () => (await calls.webpaySwitch({ distribution_region })).main_switch_status === 1,
  games: () => calls.webpayGames({ distribution_region }),
  roles: (gameBaseId) => calls.webpayRoles({ distribution_region, game_base_id: gameBaseId }),
  currencies: (game) => calls.webpayCurrencies({ distribution_region, game_id: game.game_id }),
  channels: (game, currency) =>
    calls.webpayChannels({ distribution_region, game_base_id: game.game_base_id, currency }),
  products: (game, currency, payMode) =>
    calls.webpayProducts({ distribution_region, game_id: game.game_id, currency, pay_mode: payMode }),
  captcha: () => calls.captcha({}),
  addOrder: (order) => calls.webpayAddOrder({ distribution_region, ...order }),
  orderDetail: (orderNo) => calls.webpayOrder({ distribution_region, order_no: orderNo }),
  orderHistory: (pageNum, pageSize) =>
    calls.webpayOrderHistory({ distribution_region, page_num: pageNum, page_size: pageSize }),
  orderResult: (payOrderNo) => calls.webpayOrderResult({ distribution_region, pay_order_no: payOrderNo }),
};

export const payApi: TopupApi = {
  id: 'pay',
  isOpen: async () => (await calls.paySwitch({})).main_switch_status === 1,
  games: () => calls.payGames({}),
  roles: (gameBaseId) => calls.payRoles({ game_base_id: gameBaseId }),
  async currencies(game) {
    const seen = new Set<string>();
    for (const channel of await calls.payChannels({ game_base_id: game.game_base_id }))
      seen.add(channel.currency);
    return [...seen].map((currency) => ({ currency, exponent: currencyExponent(currency) }));
  },
  async channels(game, currency) {
    return (await calls.payChannels({ game_base_id: game.game_base_id })).filter(
      (c) => c.currency === currency,
    );
  },
  async products(game, currency, payMode) {
    return (await calls.payProducts({ game_id: game.game_id })).filter(
      (p) => p.currency === currency && p.pay_mode === payMode,
    );
  },
  captcha: () => calls.captcha({}),
  // `addExtra`: free-form context the engine keeps with the order, here where the order was placed.
  addOrder: (order, h5) =>
    calls.payAddOrder({
      ...order,
      region,
      addExtra: JSON.stringify({ source: site.sourceIndex, page: h5 ? 'pays_h5' : 'paygame' }),
    }),
  orderDetail: (orderNo) => calls.payOrder({ order_no: orderNo, region }),
  orderHistory: (pageNum, pageSize) =>
    calls.payOrderHistory({ page_num: pageNum, page_size: pageSize, region }),
  orderResult: (payOrderNo) => calls.payOrderResult({ pay_order_no: payOrderNo, region }),
};

export function topupApiOf(variant: VariantId): TopupApi {
  return variant === 'pay' ? payApi : webpayApi;
}
