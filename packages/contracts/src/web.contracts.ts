/** Web group (spec 7 "Web"): public reads for the portal. */
import { z } from 'zod';
import { defineCall, flag } from './define.ts';

export const navFlags = z.object({
  is_show_cs: flag,
  is_show_fans_group: flag,
  is_show_game: flag,
  is_show_invest: flag,
  is_show_news: flag,
});
export type NavFlags = z.infer<typeof navFlags>;

export const homeNavList = defineCall({
  group: 'web',
  method: 'GET',
  path: '/home/nav/list',
  auth: 'public',
  request: z.object({}),
  response: navFlags,
});

export const gameListItem = z.object({
  game_base_id: z.number().int(),
  url: z.string(),
  game_icon: z.string(),
  game_name: z.string(),
});
export type GameListItem = z.infer<typeof gameListItem>;

export const gameList = defineCall({
  group: 'web',
  method: 'GET',
  path: '/game/list',
  auth: 'public',
  request: z.object({}),
  response: z.array(gameListItem),
});

export const fansGroupItem = z.object({
  url: z.string(),
  group_name: z.string(),
});
export type FansGroupItem = z.infer<typeof fansGroupItem>;

export const fansGroupList = defineCall({
  group: 'web',
  method: 'GET',
  path: '/game/fans_group/list',
  auth: 'public',
  request: z.object({}),
  response: z.array(fansGroupItem),
});
