import { csGameList } from '@gp/contracts/cs';
import { api } from '../../../lib/api-client.ts';

/** Games players can ask about, in display order (the FAQ filter and the question form). */
export function getServiceGames() {
  return api.call(csGameList, {});
}
