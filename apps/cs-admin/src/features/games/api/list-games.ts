import type { GameAdminPageData } from '@gp/contracts/catalog-admin';
import { type GameFilters, gamesPageSize } from '../model/game-filters.ts';
import { gameCalls } from './games.calls.ts';

/** Without filters: every game in display order; with them: the search. */
export function listGames(filters: GameFilters): Promise<GameAdminPageData> {
  const paging = { page_num: filters.page, page_size: gamesPageSize };
  if (filters.keyword === undefined && filters.online === undefined) return gameCalls.page(paging);
  return gameCalls.search({
    ...paging,
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    ...(filters.online !== undefined ? { is_online: filters.online } : {}),
  });
}
