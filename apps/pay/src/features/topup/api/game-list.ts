import { payGameList, webpayGameList } from '@gp/contracts/pay';
import { site } from '@gp/config';
import { api } from '../../../lib/api-client.ts';

export function webpayGames() {
  return api.call(webpayGameList, { distribution_region: site.distributionRegion });
}

export function payGames() {
  return api.call(payGameList, {});
}
