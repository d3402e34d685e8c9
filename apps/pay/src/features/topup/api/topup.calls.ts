/**
 * The top-up calls, bound once. Both variants of spec 7 are here: the regional web pay
 * (`/api/komoe/webpay/*`, whose calls name their distribution region) and the second variant
 * (`/api/web/pay/*`, whose calls name `region`). `model/variant.ts` puts each variant behind one `TopupApi`
 * and fills in the region.
 */
import { bindCalls } from '@gp/api-client';
import {
  payAddPayOrder,
  payChannelList,
  payGameList,
  payGetCaptcha,
  payOrderDetail,
  payOrderHistory,
  payOrderLookup,
  payOrderResult,
  payProductList,
  payRoleList,
  paySwitch,
  webpayAddOrder,
  webpayChannelList,
  webpayCurrencyList,
  webpayGameList,
  webpayOrderDetail,
  webpayOrderHistory,
  webpayOrderResult,
  webpayProductList,
  webpayRoleList,
  webpaySwitch,
} from '@gp/contracts/pay';
import { api } from '../../../lib/api-client.ts';

export const topupCalls = /* @__PURE__ */ bindCalls(api, {
  captcha: payGetCaptcha,
  /** An order by its number and the account's e-mail or phone number, without login. */
  lookupOrder: payOrderLookup,
  webpaySwitch,
  webpayGames: webpayGameList,
  /** The game's servers with the member's characters on each (member call). */
  webpayRoles: webpayRoleList,
  /** The currencies a game sells in (the second variant reads them off its channels). */
  webpayCurrencies: webpayCurrencyList,
  /** The web payment channels of a game for one currency. */
  webpayChannels: webpayChannelList,
  /** Products on sale for one currency and payment mode. */
  webpayProducts: webpayProductList,
  webpayAddOrder,
  webpayOrder: webpayOrderDetail,
  webpayOrderHistory,
  /** "Query payment result": 14 no result found, 15 not paid yet; otherwise the order as it stands now. */
  webpayOrderResult,
  paySwitch,
  payGames: payGameList,
  payRoles: payRoleList,
  /** Every open web payment channel of the game in every currency. */
  payChannels: payChannelList,
  /** Every product at every web price of the game; the caller picks currency and mode. */
  payProducts: payProductList,
  payAddOrder: payAddPayOrder,
  payOrder: payOrderDetail,
  payOrderHistory,
  payOrderResult,
});
