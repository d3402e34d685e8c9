/**
 * Site content for staff: news, activities, home banners, recommended games, home modules, fan
 * groups and the portal's menu flags, each per language; and the image upload their pictures come from. Served in
 * the `csmng` group under `/komoe/mng/content/...`; every call needs the `content` privilege (sessions, CSRF
 * token `ct` and privileges work as for every staff call, see staff.contracts.ts). What staff save here is what
 * the portal's public calls (web.contracts.ts) serve, from the next read on: no cache to clear, no restart.
 *
 * Shapes shared by every kind:
 * - Texts travel as `texts`, an object keyed by language (`contentLanguages`). `en` is the source and required:
 *   a player whose language has no text reads en. A save replaces the whole set: a language left out of `texts`
 *   is removed. The detail answers every language stored.
 * - `create_update` sends the whole item (a form's full state), without `id` to create, with `id` to update
 *   (-404 when there is no such item). It answers the item as the detail does.
 * - `status` in answers is what players get right now (`contentStatuses`): `draft` hidden (for kinds without a
 *   publishing state: switched off, `is_online` 0); `scheduled` waiting for its publish or start time;
 *   `published` shown; `ended` past its unpublish or end time. Time moves items from scheduled to published to
 *   ended by itself: readers compare the times with the clock, no job flips anything.
 * - `page` filters: `status` as above, `has_lang` / `missing_lang` (items with / without a text in a language,
 *   e.g. what still needs a Thai translation), `keyword` (part of a title or name in any language, or of the
 *   slug / key, case-insensitive), paging. Lists come in the order players see them.
 * - `delete` removes the item and its texts for good (there is no archive: `draft` / `is_online` 0 is how an item
 *   is taken down and kept). The audit log keeps the whole deleted item in `before`.
 * - Pictures are media ids answered by `content/image/upload`; answers give each picture as `contentImage`
 *   (media id, the URL players load, and its size).
 *
 * Codes (staff domain): -101 not logged in; -110 CSRF token wrong; -401 no `content` privilege; -40007 the
 * one-time password must be changed first; -404 no such item; -400 with `data.fields` naming the field and a
 * machine code the console translates. Besides zod's codes (`invalid_type`, `too_small`, ...), the server's own:
 * - `not_in_future` (publish_at of a scheduled article is not after now), `in_future` (publish_at of a published
 *   article is after now: schedule it instead), `before_publish_at` (unpublish_at not after publish_at),
 *   `before_start` (end time not after start time), `required` (an activity without its period);
 * - `not_found` (game_base_id, or a media id that was never uploaded), `taken` (slug / key used by another
 *   item of the kind), `empty` (a body with nothing left after sanitizing), `not_our_site` (a banner link to
 *   another site);
 * - upload: `file` with `too_large` (over `contentImagePolicy.maxBytes`), `type_not_allowed` (the bytes are no
 *   PNG, JPEG or WebP image, whatever the name says), `too_big_dimensions` (a side over `maxSide`).
 *
 * Every write is recorded in the audit log (actions `content.*`, see `auditActions`).
 */
import { z } from 'zod';
import { flag, pageNum, pageOf } from './define.ts';
import { defineStaffCall } from './staff.contracts.ts';
import { articleCategory, homeModuleType, navFlags } from './web.contracts.ts';

// ---- Shared rules ----

/** The languages content is written in: the enabled site languages (en is the source). */
export const contentLanguages = ['en', 'th', 'cn', 'vi', 'zh'] as const;
export const contentLanguage = z.enum(contentLanguages);
export type ContentLanguage = z.infer<typeof contentLanguage>;

/** What players get right now; see the file comment. */
export const contentStatuses = ['draft', 'scheduled', 'published', 'ended'] as const;
export const contentStatus = z.enum(contentStatuses);
export type ContentStatus = z.infer<typeof contentStatus>;

/** What an editor can set on an article: `scheduled` needs a publish_at in the future. */
export const articleSaveStatuses = ['draft', 'scheduled', 'published'] as const;

export const contentImagePolicy = {
  /** Bytes one image may have. */
  maxBytes: 5 * 1024 * 1024,
  /** Neither side may be longer (pixels). */
  maxSide: 8192,
  /** Served content types; the bytes decide, never the name or the browser's type. */
  contentTypes: ['image/png', 'image/jpeg', 'image/webp'] as const,
  /** For `<input type="file" accept>`. */
  accept: '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp',
  /** Sizes the portal lays pictures out at (the upload takes any size up to maxSide; these are advice). */
  recommended: {
    cover: { width: 800, height: 450 },
    coverH5: { width: 750, height: 420 },
    banner: { width: 1200, height: 400 },
    bannerH5: { width: 750, height: 420 },
  },
} as const;

const positiveId = z.coerce.number().int().positive().max(2_147_483_647);
const isoTime = z.iso.datetime({ offset: true });
/** No control characters at all (one line). */
// eslint-disable-next-line no-control-regex
const oneLine = /^[^\u0000-\u001F\u007F]*$/;
/** No control characters except tab and line breaks. */
// eslint-disable-next-line no-control-regex
const noControls = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
const line = (max: number, min = 1) => z.string().trim().min(min).max(max).regex(oneLine);
const paragraph = (max: number, min = 1) => z.string().trim().min(min).max(max).regex(noControls);
/** 0/1 in a JSON body or a query string. */
const flagInput = z.coerce.number().pipe(flag);
/** Display order: lower first (ties: older first). */
const sortRule = z.coerce.number().int().min(0).max(1_000_000);

/** A stable name for an item (seeds and links use it): lower-case letters, digits and dashes. */
export const contentSlugRule = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{1,63}$/);
/** A media id as `content/image/upload` answers it. */
export const mediaIdRule = z.string().regex(/^[a-f0-9]{32}\.[a-z0-9]{2,5}$/);

/**
 * Texts per language for a save: en required, the other languages optional (left out = removed, players of that
 * language read en).
 */
function textsInput<T extends z.ZodType>(text: T) {
  return z.strictObject({
    en: text,
    th: text.optional(),
    cn: text.optional(),
    vi: text.optional(),
    zh: text.optional(),
  });
}
/** Texts per language in an answer: every language stored. */
function textsOutput<T extends z.ZodType>(text: T) {
  return z.partialRecord(contentLanguage, text);
}

const staffPageSize = z.coerce.number().int().min(1).max(100).default(20);

/** The filters every page call takes (see the file comment). */
export const contentPageFilters = z.object({
  status: contentStatus.optional(),
  has_lang: contentLanguage.optional(),
  missing_lang: contentLanguage.optional(),
  keyword: z.string().trim().min(1).max(100).optional(),
  page_num: pageNum,
  page_size: staffPageSize,
});
export type ContentPageFilters = z.input<typeof contentPageFilters>;

/** A picture as answers give it: the media id to save, the URL players load and its intrinsic size. */
export const contentImage = z.object({
  media_id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ContentImage = z.infer<typeof contentImage>;

/** What every item answer has. `languages`: the languages with a text, en first. Times: ISO 8601 UTC. */
const itemBase = z.object({
  status: contentStatus,
  languages: z.array(contentLanguage),
  updated_at: z.string(),
});

const byId = z.object({ id: positiveId });

/** Declares the four calls every kind has: page, detail, create_update, delete. */
function crudCalls<
  Item extends z.ZodType,
  Summary extends z.ZodType,
  Save extends z.ZodType,
  Key extends z.ZodObject,
  Filters extends z.ZodObject,
>(kind: string, parts: { summary: Summary; item: Item; save: Save; key: Key; filters: Filters }) {
  const base = `/komoe/mng/content/${kind}` as const;
  return {
    page: defineStaffCall({
      method: 'GET',
      path: `${base}/page`,
      privilege: 'content',
      request: parts.filters,
      response: pageOf(parts.summary),
    }),
    detail: defineStaffCall({
      method: 'GET',
      path: `${base}/detail`,
      privilege: 'content',
      request: parts.key,
      response: parts.item,
    }),
    createUpdate: defineStaffCall({
      method: 'POST',
      path: `${base}/create_update`,
      encoding: 'json',
      privilege: 'content',
      request: parts.save,
      response: parts.item,
    }),
    delete: defineStaffCall({
      method: 'POST',
      path: `${base}/delete`,
      encoding: 'json',
      privilege: 'content',
      request: parts.key,
      response: z.null(),
    }),
  };
}

// ---- News and activities (articles) ----

export const articleKinds = ['news', 'activity'] as const;
export type ArticleKind = (typeof articleKinds)[number];

/**
 * One language of an article. `body_html` is rich text from the editor: the server keeps headings (h2-h4),
 * paragraphs, lists, emphasis, quotes, rules, line breaks and links (http(s), mailto, site paths) and removes
 * everything else (scripts, event handlers, styles, images, frames, `javascript:` URLs) before it stores it; the
 * detail answers the stored, sanitized body.
 */
export const articleText = z.object({
  title: line(200),
  summary: paragraph(500, 0),
  body_html: z.string().min(1).max(50_000),
});
export type ArticleText = z.infer<typeof articleText>;

/**
 * An article as the editor saves it.
 * - `status` `draft`: hidden; `scheduled`: shown from `publish_at` on, which must be in the future
 *   (`not_in_future`); `published`: shown now; `publish_at` may be left out (now, or the time it was first
 *   published) or set in the past (`in_future` when later than now).
 * - `unpublish_at` (optional): players stop seeing it then (after publish_at: `before_publish_at`).
 * - `pinned` 1: first in the lists, before newer items.
 * - `start_time` / `end_time`: the period an activity runs (required for activities: `required`; end after
 *   start: `before_start`); news may have one too, or none.
 * - `slug`: left out on create, the server makes one; `taken` when another item of the kind has it.
 */
export const articleSave = z.object({
  id: positiveId.optional(),
  slug: contentSlugRule.optional(),
  category: articleCategory,
  game_base_id: positiveId.nullable().default(null),
  cover_media_id: mediaIdRule,
  cover_h5_media_id: mediaIdRule,
  status: z.enum(articleSaveStatuses),
  publish_at: isoTime.optional(),
  unpublish_at: isoTime.nullable().default(null),
  pinned: flagInput.default(0),
  start_time: isoTime.nullable().default(null),
  end_time: isoTime.nullable().default(null),
  texts: textsInput(articleText),
});
export type ArticleSave = z.input<typeof articleSave>;

/** An article in a list: the title in the page language (en when it has none there). */
export const articleAdminSummary = itemBase.extend({
  id: z.number().int(),
  kind: z.enum(articleKinds),
  slug: z.string(),
  category: articleCategory,
  game_base_id: z.number().int().nullable(),
  title: z.string(),
  cover: contentImage,
  publish_at: z.string(),
  unpublish_at: z.string().nullable(),
  pinned: flag,
});
export type ArticleAdminSummary = z.infer<typeof articleAdminSummary>;

/** An article with every language, as the editor loads it. */
export const articleAdminData = articleAdminSummary.omit({ title: true }).extend({
  cover_h5: contentImage,
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  texts: textsOutput(articleText),
  created_at: z.string(),
});
export type ArticleAdminData = z.infer<typeof articleAdminData>;

const articleFilters = contentPageFilters.extend({
  category: articleCategory.optional(),
  game_base_id: positiveId.optional(),
});

/**
 * A preview link of an article (the portal's pre-detail route, desktop and H5) for anyone holding it, whatever
 * the article's status, until `expires_at`: `?token=` carries a signed token the portal passes to the public
 * detail call as `preview_token`. Links work for `ttl_minutes` (default 60, at most a day); -404 no such article.
 */
export const articlePreviewData = z.object({
  url: z.string(),
  url_h5: z.string(),
  token: z.string(),
  expires_at: z.string(),
});
export type ArticlePreviewData = z.infer<typeof articlePreviewData>;

function articleCalls(kind: ArticleKind) {
  const calls = crudCalls(kind, {
    summary: articleAdminSummary,
    item: articleAdminData,
    save: articleSave,
    key: byId,
    filters: articleFilters,
  });
  return {
    ...calls,
    preview: defineStaffCall({
      method: 'POST',
      path: `/komoe/mng/content/${kind}/preview`,
      encoding: 'json',
      privilege: 'content',
      request: z.object({
        id: positiveId,
        ttl_minutes: z.coerce.number().int().min(1).max(1440).default(60),
      }),
      response: articlePreviewData,
    }),
  };
}

const news = articleCalls('news');
const activity = articleCalls('activity');

export const newsAdminPage = news.page;
export const newsAdminDetail = news.detail;
export const newsAdminCreateUpdate = news.createUpdate;
export const newsAdminDelete = news.delete;
export const newsAdminPreview = news.preview;

export const activityAdminPage = activity.page;
export const activityAdminDetail = activity.detail;
export const activityAdminCreateUpdate = activity.createUpdate;
export const activityAdminDelete = activity.delete;
export const activityAdminPreview = activity.preview;

/** The article calls of a kind, for screens that serve both. */
export const articleAdminCalls = { news, activity } as const;

// ---- Home banners ----

/** One language of a banner: the headline, a line under it, the button text and the picture's alt text. */
export const bannerText = z.object({
  title: line(100),
  subtitle: line(200, 0),
  cta: line(40, 0),
  alt: line(200),
});
export type BannerText = z.infer<typeof bannerText>;

/**
 * A home carousel slide. Shown while `is_online` is 1 between `starts_at` and `ends_at` (after starts_at:
 * `before_start`), in `sort` order. `link`: a portal path (`/news-detail/3`) or an absolute URL of one of our
 * own sites (`not_our_site` otherwise).
 */
export const bannerSave = z.object({
  id: positiveId.optional(),
  slug: contentSlugRule.optional(),
  link: z.string().trim().min(1).max(500).regex(oneLine),
  image_media_id: mediaIdRule,
  image_h5_media_id: mediaIdRule,
  starts_at: isoTime,
  ends_at: isoTime,
  sort: sortRule.default(0),
  is_online: flagInput.default(1),
  texts: textsInput(bannerText),
});
export type BannerSave = z.input<typeof bannerSave>;

export const bannerAdminSummary = itemBase.extend({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  link: z.string(),
  image: contentImage,
  starts_at: z.string(),
  ends_at: z.string(),
  sort: z.number().int(),
  is_online: flag,
});
export type BannerAdminSummary = z.infer<typeof bannerAdminSummary>;

export const bannerAdminData = bannerAdminSummary.omit({ title: true }).extend({
  image_h5: contentImage,
  texts: textsOutput(bannerText),
  created_at: z.string(),
});
export type BannerAdminData = z.infer<typeof bannerAdminData>;

const banner = crudCalls('banner', {
  summary: bannerAdminSummary,
  item: bannerAdminData,
  save: bannerSave,
  key: byId,
  filters: contentPageFilters,
});
export const bannerAdminPage = banner.page;
export const bannerAdminDetail = banner.detail;
export const bannerAdminCreateUpdate = banner.createUpdate;
export const bannerAdminDelete = banner.delete;

// ---- Recommended games ----

/** One language of a recommendation: a one-line pitch and a short description. */
export const recommendText = z.object({
  tagline: line(120),
  description: paragraph(600),
});
export type RecommendText = z.infer<typeof recommendText>;

/**
 * A game the home page recommends. The game is the key (one recommendation per game, no `id`): create_update
 * creates the game's recommendation or replaces it. Shown while `is_online` is 1 and the game itself is online,
 * in `sort` order. `not_found`: no such game.
 */
export const recommendSave = z.object({
  game_base_id: positiveId,
  sort: sortRule.default(0),
  is_online: flagInput.default(1),
  texts: textsInput(recommendText),
});
export type RecommendSave = z.input<typeof recommendSave>;

export const recommendAdminSummary = itemBase.extend({
  game_base_id: z.number().int(),
  /** The game's name in the page language (en when missing). */
  game_name: z.string(),
  /** The game's icon URL ('' when it has none). */
  game_icon: z.string(),
  /** 0 when the game itself is offline: players do not see the recommendation then. */
  game_online: flag,
  tagline: z.string(),
  sort: z.number().int(),
  is_online: flag,
});
export type RecommendAdminSummary = z.infer<typeof recommendAdminSummary>;

export const recommendAdminData = recommendAdminSummary.omit({ tagline: true }).extend({
  texts: textsOutput(recommendText),
});
export type RecommendAdminData = z.infer<typeof recommendAdminData>;

const recommend = crudCalls('recommend', {
  summary: recommendAdminSummary,
  item: recommendAdminData,
  save: recommendSave,
  key: z.object({ game_base_id: positiveId }),
  filters: contentPageFilters,
});
export const recommendAdminPage = recommend.page;
export const recommendAdminDetail = recommend.detail;
export const recommendAdminCreateUpdate = recommend.createUpdate;
export const recommendAdminDelete = recommend.delete;

// ---- Home modules ----

export const moduleText = z.object({ title: line(100) });
export type ModuleText = z.infer<typeof moduleText>;

/**
 * A section of the home page: `type` says what it shows (news, activities, games, fan groups), `texts` its
 * heading; shown while `is_online` is 1, in `sort` order. `key`: left out on create, the server makes one.
 */
export const moduleSave = z.object({
  id: positiveId.optional(),
  key: contentSlugRule.optional(),
  type: homeModuleType,
  sort: sortRule.default(0),
  is_online: flagInput.default(1),
  texts: textsInput(moduleText),
});
export type ModuleSave = z.input<typeof moduleSave>;

export const moduleAdminSummary = itemBase.extend({
  id: z.number().int(),
  key: z.string(),
  type: homeModuleType,
  title: z.string(),
  sort: z.number().int(),
  is_online: flag,
});
export type ModuleAdminSummary = z.infer<typeof moduleAdminSummary>;

export const moduleAdminData = moduleAdminSummary.omit({ title: true }).extend({
  texts: textsOutput(moduleText),
});
export type ModuleAdminData = z.infer<typeof moduleAdminData>;

const homeModule = crudCalls('module', {
  summary: moduleAdminSummary,
  item: moduleAdminData,
  save: moduleSave,
  key: byId,
  filters: contentPageFilters,
});
export const moduleAdminPage = homeModule.page;
export const moduleAdminDetail = homeModule.detail;
export const moduleAdminCreateUpdate = homeModule.createUpdate;
export const moduleAdminDelete = homeModule.delete;

// ---- Fan groups ----

export const fansGroupText = z.object({ name: line(100) });
export type FansGroupText = z.infer<typeof fansGroupText>;

/** A fan community in the fan-groups menu: its page (`url`, http(s)), its name per language, `sort`, `is_online`. */
export const fansGroupSave = z.object({
  id: positiveId.optional(),
  slug: contentSlugRule.optional(),
  url: z.url({ protocol: /^https?$/ }).max(500),
  sort: sortRule.default(0),
  is_online: flagInput.default(1),
  texts: textsInput(fansGroupText),
});
export type FansGroupSave = z.input<typeof fansGroupSave>;

export const fansGroupAdminSummary = itemBase.extend({
  id: z.number().int(),
  slug: z.string(),
  url: z.string(),
  name: z.string(),
  sort: z.number().int(),
  is_online: flag,
});
export type FansGroupAdminSummary = z.infer<typeof fansGroupAdminSummary>;

export const fansGroupAdminData = fansGroupAdminSummary.omit({ name: true }).extend({
  texts: textsOutput(fansGroupText),
  created_at: z.string(),
});
export type FansGroupAdminData = z.infer<typeof fansGroupAdminData>;

const fansGroup = crudCalls('fans_group', {
  summary: fansGroupAdminSummary,
  item: fansGroupAdminData,
  save: fansGroupSave,
  key: byId,
  filters: contentPageFilters,
});
export const fansGroupAdminPage = fansGroup.page;
export const fansGroupAdminDetail = fansGroup.detail;
export const fansGroupAdminCreateUpdate = fansGroup.createUpdate;
export const fansGroupAdminDelete = fansGroup.delete;

// ---- Menu flags ----

/** The portal's menu flags of the site's distribution region, as players get them (`/web/home/nav/list`). */
export const navAdminDetail = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/content/nav/detail',
  privilege: 'content',
  request: z.object({}),
  response: navFlags,
});

/** Sets all five menu flags (1 shown, 0 hidden); answers them as stored. */
export const navAdminSave = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/content/nav/save',
  encoding: 'json',
  privilege: 'content',
  request: z.object({
    is_show_cs: flagInput,
    is_show_fans_group: flagInput,
    is_show_game: flagInput,
    is_show_invest: flagInput,
    is_show_news: flagInput,
  }),
  response: navFlags,
});

// ---- Images ----

/**
 * The file of a multipart call: a browser `File` (or `Blob`) in the console, the parsed upload (a `File`) on the
 * server. Declared structurally because this package sees no DOM or Node types.
 */
export interface ContentImageBlob {
  readonly size: number;
  readonly type: string;
  readonly name?: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}
const blobClass = (globalThis as { Blob?: abstract new (...args: never[]) => ContentImageBlob }).Blob;
const imageBlob = z.custom<ContentImageBlob>((v) => blobClass !== undefined && v instanceof blobClass);

/** An uploaded picture: save `media_id` into an item; `url` is where players load it (cached for good). */
export const contentImageData = contentImage.extend({
  content_type: z.enum(contentImagePolicy.contentTypes),
  byte_size: z.number().int(),
});
export type ContentImageData = z.infer<typeof contentImageData>;

/**
 * Uploads one picture for content (multipart field `file`): PNG, JPEG or WebP by its bytes, at most
 * `contentImagePolicy.maxBytes`, no side over `maxSide`; -400 field `file` otherwise (see the file comment).
 * The same bytes uploaded twice answer the same media id. Pictures are public from the upload on (their URL
 * cannot be guessed: it is the content's hash).
 */
export const contentImageUpload = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/content/image/upload',
  encoding: 'multipart',
  privilege: 'content',
  request: z.object({ file: imageBlob }),
  response: contentImageData,
});
