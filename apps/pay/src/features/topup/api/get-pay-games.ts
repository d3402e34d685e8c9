import { payGameList } from '@gp/contracts/pay';
import { api } from '../../../lib/api-client.ts';

export function getPayGames() {
  return api.call(payGameList, {});
}
