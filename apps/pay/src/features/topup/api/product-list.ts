import { payProductList, webpayProductList, type PayMode } from '@gp/contracts/pay';
import { site } from '@gp/config';
import { api } from '../../../lib/api-client.ts';

/** Products on sale for one currency and payment mode. */
export function webpayProducts(gameId: string, currency: string, payMode: PayMode) {
  return api.call(webpayProductList, {
    distribution_region: site.distributionRegion,
    game_id: gameId,
    currency,
    pay_mode: payMode,
  });
}

/** Every product at every web price of the game (second variant); the caller picks currency and mode. */
export function payProducts(gameId: string) {
  return api.call(payProductList, { game_id: gameId });
}
