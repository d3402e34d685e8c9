import { expect, type APIRequestContext } from '@playwright/test';
import { API } from './hosts.ts';

export interface GameListItem {
  game_base_id: number;
  url: string;
  game_icon: string;
  game_name: string;
}

/** GET /web/game/list straight from the API, in one language: what the pages must show. */
export async function fetchGames(request: APIRequestContext, lang = 'en'): Promise<GameListItem[]> {
  const response = await request.get(`${API}/web/game/list`, { params: { lang } });
  expect(response.ok(), `GET /web/game/list answered ${response.status()}`).toBe(true);
  const body = (await response.json()) as { code: number; data: GameListItem[] };
  expect(body.code, 'envelope code of /web/game/list').toBe(0);
  return body.data;
}

export interface FansGroupItem {
  url: string;
  group_name: string;
}

/** GET /web/game/fans_group/list straight from the API: the fan groups the header menu must list. */
export async function fetchFansGroups(request: APIRequestContext, lang = 'en'): Promise<FansGroupItem[]> {
  const response = await request.get(`${API}/web/game/fans_group/list`, { params: { lang } });
  expect(response.ok(), `GET /web/game/fans_group/list answered ${response.status()}`).toBe(true);
  const body = (await response.json()) as { code: number; data: FansGroupItem[] };
  expect(body.code, 'envelope code of /web/game/fans_group/list').toBe(0);
  return body.data;
}
