import { webpayGameList } from '@gp/contracts/pay';
import { site } from '@gp/config';
import { api } from '../../../lib/api-client.ts';

export function getWebpayGames() {
  return api.call(webpayGameList, { distribution_region: site.distributionRegion });
}
