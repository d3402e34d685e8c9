import type { FansGroupItem, GameListItem, NavFlags } from '@gp/contracts/web';
import { getFansGroups } from './get-fans-groups.ts';
import { getGameMenu } from './get-game-menu.ts';
import { getNavFlags } from './get-nav-flags.ts';

export interface Navigation {
  flags: NavFlags;
  games: GameListItem[];
  fansGroups: FansGroupItem[];
}

/** Everything the header needs, fetched together; a failing list leaves its menu empty, not the page broken. */
export async function loadNavigation(): Promise<Navigation> {
  const [flags, games, fansGroups] = await Promise.all([
    getNavFlags(),
    getGameMenu().catch(() => []),
    getFansGroups().catch(() => []),
  ]);
  return { flags, games, fansGroups };
}
