/**
 * The portal's content straight from the API (what the pages must show), and the demo content's seed files
 * (which say what is a draft and which id each item gets: news.json items are 1..N in file order, then
 * activities.json continues the numbering).
 */
import { expect, type APIRequestContext } from '@playwright/test';
import activitiesSeed from '../../apps/api/src/composition/seed/content/activities.json' with { type: 'json' };
import newsSeed from '../../apps/api/src/composition/seed/content/news.json' with { type: 'json' };
import { API } from './hosts.ts';

interface Image {
  url: string;
  width: number;
  height: number;
}
export interface Banner {
  id: number;
  title: string;
  cta: string;
  alt: string;
  link: string;
  image: Image;
  image_h5: Image;
}
export interface RecommendedGame {
  game_base_id: number;
  url: string;
  game_icon: string;
  game_name: string;
  tagline: string;
}
export interface Article {
  id: number;
  title: string;
  summary: string;
  publish_time: string;
  start_time: string | null;
  end_time: string | null;
  body_html?: string;
}

/** GET one web call in a language; fails the test unless the envelope says success. */
export async function fetchWeb<T>(
  request: APIRequestContext,
  path: string,
  params: Record<string, string | number> = {},
  lang = 'en',
): Promise<T> {
  const response = await request.get(`${API}/web${path}`, { params: { ...params, lang } });
  expect(response.ok(), `GET /web${path} answered ${response.status()}`).toBe(true);
  const body = (await response.json()) as { code: number; data: T };
  expect(body.code, `envelope code of /web${path}`).toBe(0);
  return body.data;
}

interface SeedItem {
  status?: string;
  i18n: Record<string, { title: string }>;
}
const news = newsSeed as SeedItem[];
const activities = activitiesSeed as SeedItem[];

/** The seeded draft news item: its id and its titles per language. */
export function draftNews(): { id: number; title: Record<string, string> } {
  const index = news.findIndex((n) => n.status === 'draft');
  expect(index, 'the demo news has a draft').toBeGreaterThanOrEqual(0);
  const item = news[index]!;
  return {
    id: index + 1,
    title: Object.fromEntries(Object.entries(item.i18n).map(([l, t]) => [l, t.title])),
  };
}

/** The id and English title of the first seeded news item and the first seeded activity. */
export const firstNews = { id: 1, title: news[0]!.i18n.en!.title };
export const firstActivity = { id: news.length + 1, title: activities[0]!.i18n.en!.title };

/** The text of an HTML body, for comparing with what the page shows. */
export const textOf = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
