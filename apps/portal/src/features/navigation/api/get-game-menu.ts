import { gameList, type GameListItem } from '@gp/contracts/web';
import { api } from '../../../lib/api-client.ts';

export function getGameMenu(): Promise<GameListItem[]> {
  return api.call(gameList, {});
}
