import { readParam, urlFilters } from '../../../lib/url-filters.ts';

export const gamesPageSize = 20;

/** The list's filters as the screen's URL carries them (`?q=...&online=1&page=2`). */
export interface GameFilters {
  keyword?: string;
  online?: 0 | 1;
  page: number;
}

export const { fromUrl: gameFiltersFromUrl, toSearch: gameFiltersToSearch } = urlFilters<GameFilters>({
  keyword: ['q', readParam.text(100)],
  online: ['online', readParam.oneOf([0, 1] as const)],
});
