import { webpayCurrencyList } from '@gp/contracts/pay';
import { site } from '@gp/config';
import { api } from '../../../lib/api-client.ts';

/** The currencies a game sells in (regional web pay only; the second variant reads them off its channels). */
export function getWebpayCurrencies(gameId: string) {
  return api.call(webpayCurrencyList, { distribution_region: site.distributionRegion, game_id: gameId });
}
