import { payProductList } from '@gp/contracts/pay';
import { api } from '../../../lib/api-client.ts';

/** Every product at every web price of the game (second variant); the caller picks currency and mode. */
export function getPayProducts(gameId: string) {
  return api.call(payProductList, { game_id: gameId });
}
