/**
 * The games calls (contracts in @gp/contracts/catalog-admin, behind the `games` privilege). Every answer is
 * parsed by its contract in the client; refusals are `ApiError`s of the staff domain.
 */
import {
  gameAdminDelete,
  gameAdminDetailCall,
  gameAdminOnlineSwitch,
  gameAdminPage,
  gameAdminSave,
  gameAdminSearch,
  gameIconUpload,
  type GameAdminPageData,
  type GameForm,
} from '@gp/contracts/catalog-admin';
import { api } from '../../../lib/api-client.ts';

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

/** Without filters: every game in display order; with them: the search. */
export function listGames(filters: GameFilters): Promise<GameAdminPageData> {
  const paging = { page_num: filters.page, page_size: gamesPageSize };
  if (filters.keyword === undefined && filters.online === undefined) return api.call(gameAdminPage, paging);
  return api.call(gameAdminSearch, {
    ...paging,
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    ...(filters.online !== undefined ? { is_online: filters.online } : {}),
  });
}

export const getGame = (gameBaseId: number) => api.call(gameAdminDetailCall, { game_base_id: gameBaseId });
export const saveGame = (form: GameForm) => api.call(gameAdminSave, form);
export const switchGame = (gameBaseId: number, online: boolean) =>
  api.call(gameAdminOnlineSwitch, { game_base_id: gameBaseId, is_online: online ? 1 : 0 });
export const deleteGame = (gameBaseId: number) => api.call(gameAdminDelete, { game_base_id: gameBaseId });
export const uploadGameIcon = (file: Blob) => api.call(gameIconUpload, { file });
