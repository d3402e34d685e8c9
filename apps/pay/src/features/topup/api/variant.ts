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
  type PayOrderPage,
  type PayProductItem,
  type PayServerItem,
} from '@gp/contracts/pay';
import { site } from '@gp/config';
import { payAddPayOrderCall, webpayAddOrderCall, type OrderRequest } from './add-order.ts';
import { getPayCaptcha } from './captcha.ts';
import { payChannels, webpayChannels } from './channel-list.ts';
import { webpayCurrencies } from './currency-list.ts';
import { payGames, webpayGames } from './game-list.ts';
import { payOrder, webpayOrder } from './order-detail.ts';
import { payHistory, webpayHistory } from './order-history.ts';
import { payResult, webpayResult } from './order-result.ts';
import { payProducts, webpayProducts } from './product-list.ts';
import { payRoles, webpayRoles } from './role-list.ts';
import { payIsOpen, webpayIsOpen } from './switch.ts';

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
  orderDetail(orderNo: string): Promise<PayOrderItem>;
  orderHistory(pageNum: number, pageSize: number): Promise<PayOrderPage>;
  orderResult(payOrderNo: string): Promise<PayOrderItem>;
}

export const webpayApi: TopupApi = {
  id: 'webpay',
  isOpen: webpayIsOpen,
  games: webpayGames,
  roles: webpayRoles,
  currencies: (game) => webpayCurrencies(game.game_id),
  channels: (game, currency) => webpayChannels(game.game_base_id, currency),
  products: (game, currency, payMode) => webpayProducts(game.game_id, currency, payMode),
  captcha: getPayCaptcha,
  addOrder: (order) => webpayAddOrderCall(order),
  orderDetail: webpayOrder,
  orderHistory: webpayHistory,
  orderResult: webpayResult,
};

export const payApi: TopupApi = {
  id: 'pay',
  isOpen: payIsOpen,
  games: payGames,
  roles: payRoles,
  async currencies(game) {
    const seen = new Set<string>();
    for (const channel of await payChannels(game.game_base_id)) seen.add(channel.currency);
    return [...seen].map((currency) => ({ currency, exponent: currencyExponent(currency) }));
  },
  async channels(game, currency) {
    return (await payChannels(game.game_base_id)).filter((c) => c.currency === currency);
  },
  async products(game, currency, payMode) {
    return (await payProducts(game.game_id)).filter((p) => p.currency === currency && p.pay_mode === payMode);
  },
  captcha: getPayCaptcha,
  addOrder: (order, h5) =>
    payAddPayOrderCall(order, { source: site.sourceIndex, page: h5 ? 'pays_h5' : 'paygame' }),
  orderDetail: payOrder,
  orderHistory: payHistory,
  orderResult: payResult,
};

export function topupApiOf(variant: VariantId): TopupApi {
  return variant === 'pay' ? payApi : webpayApi;
}
