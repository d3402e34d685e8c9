import { gameAdminPage } from '@gp/contracts/catalog-admin';
import { csGameList } from '@gp/contracts/cs';
import { api } from '../../../lib/api-client.ts';

export interface FaqGame {
  game_base_id: number;
  game_name: string;
  /** 0: hidden from players (its FAQ too). */
  is_online: 0 | 1;
}

/**
 * The games an FAQ entry can be about. Staff who may manage games see every game, offline ones too (an entry can
 * be written before its game goes online); the others see the games players can ask about.
 */
export async function listFaqGames(allGames: boolean): Promise<FaqGame[]> {
  if (!allGames) {
    const games = await api.call(csGameList, {});
    return games.map((g) => ({ game_base_id: g.game_base_id, game_name: g.game_name, is_online: 1 }));
  }
  const games: FaqGame[] = [];
  for (let page = 1; page <= 50; page++) {
    const answer = await api.call(gameAdminPage, { page_num: page, page_size: 100 });
    games.push(
      ...answer.list.map(({ game_base_id, game_name, is_online }) => ({
        game_base_id,
        game_name,
        is_online,
      })),
    );
    if (games.length >= answer.total || answer.list.length === 0) break;
  }
  return games;
}
