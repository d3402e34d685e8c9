import { payChannelList, webpayChannelList } from '@gp/contracts/pay';
import { site } from '@gp/config';
import { api } from '../../../lib/api-client.ts';

/** The web payment channels of a game for one currency. */
export function webpayChannels(gameBaseId: number, currency: string) {
  return api.call(webpayChannelList, {
    distribution_region: site.distributionRegion,
    game_base_id: gameBaseId,
    currency,
  });
}

/** Every open web payment channel of the game in every currency (second variant). */
export function payChannels(gameBaseId: number) {
  return api.call(payChannelList, { game_base_id: gameBaseId });
}
