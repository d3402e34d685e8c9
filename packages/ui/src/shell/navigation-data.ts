/** The header's data: menu flags, games and fan groups (spec 7 "Web"), fetched together for the shell. */
import type { ApiClient } from '@gp/api-client';
import {
  fansGroupList,
  gameList,
  homeNavList,
  type FansGroupItem,
  type GameListItem,
  type NavFlags,
} from '@gp/contracts/web';

export interface Navigation {
  flags: NavFlags;
  games: GameListItem[];
  fansGroups: FansGroupItem[];
}

/** Spec 7: when the nav call fails the customer-service menu is shown anyway, and nothing else. */
export const navFallback: NavFlags = {
  is_show_cs: 1,
  is_show_fans_group: 0,
  is_show_game: 0,
  is_show_invest: 0,
  is_show_news: 0,
};

/** A failing list leaves its menu empty, never the page broken. */
export async function loadNavigation(api: ApiClient): Promise<Navigation> {
  const [flags, games, fansGroups] = await Promise.all([
    api.call(homeNavList, {}).catch(() => navFallback),
    api.call(gameList, {}).catch(() => []),
    api.call(fansGroupList, {}).catch(() => []),
  ]);
  return { flags, games, fansGroups };
}
