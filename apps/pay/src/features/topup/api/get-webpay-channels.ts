import { webpayChannelList } from '@gp/contracts/pay';
import { site } from '@gp/config';
import { api } from '../../../lib/api-client.ts';

/** The web payment channels of a game for one currency. */
export function getWebpayChannels(gameBaseId: number, currency: string) {
  return api.call(webpayChannelList, {
    distribution_region: site.distributionRegion,
    game_base_id: gameBaseId,
    currency,
  });
}
