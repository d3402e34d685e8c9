import { payChannelList } from '@gp/contracts/pay';
import { api } from '../../../lib/api-client.ts';

/** Every open web payment channel of the game in every currency (second variant). */
export function getPayChannels(gameBaseId: number) {
  return api.call(payChannelList, { game_base_id: gameBaseId });
}
