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
} from '@gp/contracts/pay';
import { site } from '@gp/config';
import { addPayOrder } from '../api/add-pay-order.ts';
import { addWebpayOrder, type OrderRequest } from '../api/add-webpay-order.ts';
import { getPayCaptcha } from '../api/get-pay-captcha.ts';
import { getPayChannels } from '../api/get-pay-channels.ts';
import { getWebpayChannels } from '../api/get-webpay-channels.ts';
import { getWebpayCurrencies } from '../api/get-webpay-currencies.ts';
import { getPayGames } from '../api/get-pay-games.ts';
import { getWebpayGames } from '../api/get-webpay-games.ts';
import { getPayOrder } from '../api/get-pay-order.ts';
import { getWebpayOrder } from '../api/get-webpay-order.ts';
import { getPayOrderHistory } from '../api/get-pay-order-history.ts';
import { getWebpayOrderHistory } from '../api/get-webpay-order-history.ts';
import { getPayOrderResult } from '../api/get-pay-order-result.ts';
import { getWebpayOrderResult } from '../api/get-webpay-order-result.ts';
import { getPayProducts } from '../api/get-pay-products.ts';
import { getWebpayProducts } from '../api/get-webpay-products.ts';
import { getPayRoles } from '../api/get-pay-roles.ts';
import { getWebpayRoles } from '../api/get-webpay-roles.ts';
import { isPayOpen } from '../api/is-pay-open.ts';
import { isWebpayOpen } from '../api/is-webpay-open.ts';

export type VariantId = 'webpay' | 'pay';
export type { OrderRequest };

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
  isOpen: isWebpayOpen,
  games: getWebpayGames,
  roles: getWebpayRoles,
  currencies: (game) => getWebpayCurrencies(game.game_id),
  channels: (game, currency) => getWebpayChannels(game.game_base_id, currency),
  products: (game, currency, payMode) => getWebpayProducts(game.game_id, currency, payMode),
  captcha: getPayCaptcha,
  addOrder: (order) => addWebpayOrder(order),
  orderDetail: getWebpayOrder,
  orderHistory: getWebpayOrderHistory,
  orderResult: getWebpayOrderResult,
};

export const payApi: TopupApi = {
  id: 'pay',
  isOpen: isPayOpen,
  games: getPayGames,
  roles: getPayRoles,
  async currencies(game) {
    const seen = new Set<string>();
    for (const channel of await getPayChannels(game.game_base_id)) seen.add(channel.currency);
    return [...seen].map((currency) => ({ currency, exponent: currencyExponent(currency) }));
  },
  async channels(game, currency) {
    return (await getPayChannels(game.game_base_id)).filter((c) => c.currency === currency);
  },
  async products(game, currency, payMode) {
    return (await getPayProducts(game.game_id)).filter(
      (p) => p.currency === currency && p.pay_mode === payMode,
    );
  },
  captcha: getPayCaptcha,
  addOrder: (order, h5) => addPayOrder(order, { source: site.sourceIndex, page: h5 ? 'pays_h5' : 'paygame' }),
  orderDetail: getPayOrder,
  orderHistory: getPayOrderHistory,
  orderResult: getPayOrderResult,
};

export function topupApiOf(variant: VariantId): TopupApi {
  return variant === 'pay' ? payApi : webpayApi;
}
