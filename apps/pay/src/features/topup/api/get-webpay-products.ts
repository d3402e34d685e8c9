import { webpayProductList, type PayMode } from '@gp/contracts/pay';
import { site } from '@gp/config';
import { api } from '../../../lib/api-client.ts';

/** Products on sale for one currency and payment mode. */
export function getWebpayProducts(gameId: string, currency: string, payMode: PayMode) {
  return api.call(webpayProductList, {
    distribution_region: site.distributionRegion,
    game_id: gameId,
    currency,
    pay_mode: payMode,
  });
}
