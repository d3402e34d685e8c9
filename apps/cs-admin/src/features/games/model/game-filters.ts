export const gamesPageSize = 20;

/** The list's filters as the screen's URL carries them (`?q=...&online=1&page=2`). */
export interface GameFilters {
  keyword?: string;
  online?: 0 | 1;
  page: number;
}

export function gameFiltersFromUrl(url: URL): GameFilters {
  const p = url.searchParams;
  const page = Number(p.get('page'));
  const keyword = p.get('q')?.trim().slice(0, 100);
  const online = p.get('online');
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    ...(keyword ? { keyword } : {}),
    ...(online === '0' || online === '1' ? { online: Number(online) as 0 | 1 } : {}),
  };
}

export function gameFiltersToSearch(filters: GameFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (filters.keyword) p.set('q', filters.keyword);
  if (filters.online !== undefined) p.set('online', String(filters.online));
  if (filters.page > 1) p.set('page', String(filters.page));
  return p;
}
