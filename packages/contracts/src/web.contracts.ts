/** Web group (spec 7 "Web"): public reads for the portal. */
import { z } from 'zod';
import { defineCall, flag, pageNum, pageOf, pageSize } from './define.ts';
import { articleCategories } from './web-values.ts';

// Zod-free, so browser builds can use it without zod (@gp/api-client/vite-plugin).
export { articleCategories };

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

// ---- Content (spec 7 "Web"): banners, recommendations, news, activities, home modules ----

/** An id in the query string: a positive integer. */
const idParam = z.coerce.number().int().positive().max(2_147_483_647);

export const image = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type Image = z.infer<typeof image>;

export const banner = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  cta: z.string(),
  alt: z.string(),
  /** A portal path (`/news-detail/3`) or an absolute URL of one of our hosts. */
  link: z.string(),
  image: image,
  image_h5: image,
});
export type Banner = z.infer<typeof banner>;

export const homeBanner = defineCall({
  group: 'web',
  method: 'GET',
  path: '/home/banner',
  auth: 'public',
  request: z.object({}),
  response: z.array(banner),
});

export const recommendedGame = gameListItem.extend({ tagline: z.string(), description: z.string() });
export type RecommendedGame = z.infer<typeof recommendedGame>;

export const homeGameRecommend = defineCall({
  group: 'web',
  method: 'GET',
  path: '/home/game/recommend',
  auth: 'public',
  request: z.object({}),
  response: z.array(recommendedGame),
});

export const articleCategory = z.enum(articleCategories);
export type ArticleCategory = z.infer<typeof articleCategory>;

/** A news item or an activity as lists show it. Times are ISO 8601 in UTC. */
export const articleSummary = z.object({
  id: z.number().int(),
  category: articleCategory,
  title: z.string(),
  summary: z.string(),
  cover: image,
  cover_h5: image,
  publish_time: z.string(),
  pinned: flag,
  game_base_id: z.number().int().nullable(),
  /** Activities only: the period the activity runs. */
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
});
export type ArticleSummary = z.infer<typeof articleSummary>;

export const articleDetail = articleSummary.extend({
  /** Sanitized on the server (allow-listed tags and attributes; links to other sites open safely). */
  body_html: z.string(),
  /** True when this is an unpublished item shown through a preview token. */
  preview: z.boolean(),
});
export type ArticleDetail = z.infer<typeof articleDetail>;

export const articlePage = pageOf(articleSummary);
export type ArticlePage = z.infer<typeof articlePage>;

export const newsTop = defineCall({
  group: 'web',
  method: 'GET',
  path: '/news/top',
  auth: 'public',
  request: z.object({ size: z.coerce.number().int().min(1).max(20).default(5) }),
  response: z.array(articleSummary),
});

export const newsPage = defineCall({
  group: 'web',
  method: 'GET',
  path: '/news/page',
  auth: 'public',
  request: z.object({ page_num: pageNum, page_size: pageSize, category: articleCategory.optional() }),
  response: articlePage,
});

export const activityPage = defineCall({
  group: 'web',
  method: 'GET',
  path: '/activity/page',
  auth: 'public',
  request: z.object({ page_num: pageNum, page_size: pageSize, category: articleCategory.optional() }),
  response: articlePage,
});

/** `preview_token` (from the pre-detail routes) lets a draft or scheduled item through while it is valid. */
const previewToken = z.string().min(1).max(512).optional();

export const newsDetail = defineCall({
  group: 'web',
  method: 'GET',
  path: '/news/detail',
  auth: 'public',
  request: z.object({ news_id: idParam, preview_token: previewToken }),
  response: articleDetail,
});

export const activityDetail = defineCall({
  group: 'web',
  method: 'GET',
  path: '/activity/detail',
  auth: 'public',
  request: z.object({ activity_id: idParam, preview_token: previewToken }),
  response: articleDetail,
});

export const homeModuleType = z.enum(['news', 'activity', 'games', 'fans']);
export const homeModule = z.object({ key: z.string(), type: homeModuleType, title: z.string() });
export type HomeModule = z.infer<typeof homeModule>;

export const homeModuleList = defineCall({
  group: 'web',
  method: 'GET',
  path: '/home/module/list',
  auth: 'public',
  request: z.object({}),
  response: z.array(homeModule),
});
