/**
 * FAQ and games for staff (spec 7 "Staff" FAQ and Games), served in the `csmng`
 * group like the other staff calls (see staff.contracts.ts for sessions, CSRF and privileges). The FAQ calls
 * need the `faq` privilege, the game calls `games`. Every write is recorded in the audit log (`faq.*`,
 * `game.*`) in the write's transaction; a write that changes nothing (a switch to the state the item is
 * already in) writes and records nothing. Times are ISO 8601 in UTC. Texts are kept per language
 * (`editLanguages`); en is required and is what players see where their language has no text.
 *
 * FAQ entries (the player's FAQ search is `faqPage` of @gp/contracts/cs):
 * - a new entry starts offline; `question/online/switch` puts it online. Players see an entry while it is
 *   online and its `online_time` has come: `online_type` 1 ("now") sets `online_time` to the moment it is
 *   switched on, 2 ("scheduled") keeps the `online_time` given with it, so the entry appears by itself at
 *   that time (no job, no restart). `online_state` says what players see now: `offline` (switched off),
 *   `scheduled` (on, time to come) or `online`;
 * - `game_base_id` null: an entry about every game (shown with any game's FAQ); the question type must be one
 *   filed for FAQ (`for_faq`) and belong to every game or to the entry's game;
 * - `title_match` (the desk's `faqTitleMatchCall`) is declared in desk.contracts.ts.
 *
 * Games (`game` table; game_base_id is the key across web, pay and customer service):
 * - a new game starts offline; `game/online/switch` shows it in the portal's game list (`/web/game/list`),
 *   the customer-service game list and wherever online games are offered; offline hides it there (tickets,
 *   orders and the catalog keep it);
 * - a game in use cannot be deleted (-40010 with `gameUsageData` as `data`): by tickets, top-up orders, the
 *   top-up catalog (region game lists, servers, currencies, products, channels), FAQ entries or question
 *   types of its own, news / activities about it, or its recommendation on the home page. Take it offline
 *   instead. Its `game_id` cannot change either while top-up orders or the catalog use it (-400 `game_id`
 *   `in_use`);
 * - the icon is uploaded first (`game/icon/upload`, multipart) and its `media_id` saved with the game. An
 *   uploaded image is public at its URL at once (content-addressed, cached for a year) and the upload is
 *   audited (`game.icon.upload`); it shows on the site only once a game saved with it is online.
 *
 * Codes answered here (staff domain, see @gp/errors): -101 not logged in; -110 CSRF token missing or wrong;
 * -401 the caller lacks `faq` / `games`; -40007 the one-time password must be changed first; -404 no such FAQ
 * entry / game; -40010 the game is in use (delete); -400 with field issues (`fields: [{ field, code }]`),
 * besides the shape checks of the schemas:
 * - `question_type` `not_offered`: no such question type, not filed for FAQ, or another game's;
 * - `game_base_id` `not_found`: an FAQ entry names a game that does not exist;
 * - `online_time` `required` (online_type 2 without it) / `not_future` (a new or changed scheduled time that
 *   has already passed);
 * - `game_id` `taken` / `slug` `taken`: another game has it; `game_id` `in_use`: see above;
 * - `icon_media_id` `not_found`: no uploaded image has this id;
 * - icon upload, field `file`: `too_large` (over `gameIconPolicy.maxBytes`), `type_not_allowed` (the bytes
 *   are no PNG, JPEG or WebP image, whatever the name or the declared type says), `too_big_dimensions` (a
 *   side over `gameIconPolicy.maxSide` pixels). The same codes as the content image upload of
 *   content-admin.contracts.ts.
 */
import { z } from 'zod';
import type { UploadBlob } from './cs.contracts.ts';
import { flag, pageNum, pageOf } from './define.ts';
import { defineStaffCall } from './staff.contracts.ts';

// ---- Languages and shared rules ----

/** The languages staff write texts in (the enabled languages, en first: it is required and the fallback). */
export const editLanguages = ['en', 'th', 'cn', 'vi', 'zh'] as const;
export type EditLanguage = (typeof editLanguages)[number];

const positiveId = z.coerce.number().int().positive().max(2_147_483_647);
const isoTime = z.iso.datetime({ offset: true });
/** Staff pages are longer than players'. */
const staffPageSize = z.coerce.number().int().min(1).max(100).default(20);
const keyword = z.string().trim().max(100).optional();
/** Display order: smaller first (then the oldest first). */
export const sortRule = z.coerce.number().int().min(-1_000_000).max(1_000_000);

/** No control characters except tab and line breaks. */
// eslint-disable-next-line no-control-regex
const noControls = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
/** One line: not even tab or line breaks. */
// eslint-disable-next-line no-control-regex
const oneLine = /^[^\u0000-\u001F\u007F]*$/;

/**
 * Per-language values: en required, the other languages optional. An optional language left out, null or
 * blank (`''`, or a pair of blanks) has no text; players see en there.
 */
function perLanguage<Req extends z.ZodType, Opt extends z.ZodType>(required: Req, optional: Opt) {
  return z.object({ en: required, th: optional, cn: optional, vi: optional, zh: optional });
}

// ---- FAQ ----

/** An FAQ title: 2-200 characters, one line (plain text). */
export const faqTitleRule = z.string().trim().min(2).max(200).regex(oneLine);
/** An FAQ answer: 1-5000 characters of plain text, line breaks kept (players see them with pre-line). */
export const faqContentRule = z.string().trim().min(1).max(5000).regex(noControls);

export const faqText = z.object({ question_title: faqTitleRule, question_content: faqContentRule });
export type FaqText = z.output<typeof faqText>;
const blankFaqText = z.object({ question_title: z.literal(''), question_content: z.literal('') });
const optionalFaqText = z
  .union([blankFaqText, faqText])
  .nullish()
  .transform((v): FaqText | undefined => (v && v.question_title !== '' ? (v as FaqText) : undefined));

/** The entry's texts per language (see `perLanguage`); save replaces them all. */
export const faqTexts = perLanguage(faqText, optionalFaqText);
export type FaqTexts = z.output<typeof faqTexts>;

/** 1 online as soon as switched on; 2 scheduled at `online_time`. */
export const faqOnlineType = { now: 1, scheduled: 2 } as const;
export const onlineTypeRule = z.coerce.number().pipe(z.literal([1, 2]));

export const onlineStates = ['offline', 'scheduled', 'online'] as const;
export const onlineState = z.enum(onlineStates);
export type OnlineState = z.infer<typeof onlineState>;

/**
 * The FAQ form (create and edit; the console checks the same schema). No `question_id`: a new entry. Every
 * field is sent each time (texts replace the stored ones). `online_time` is required with online_type 2.
 */
export const faqFormSchema = z
  .object({
    question_id: positiveId.optional(),
    question_type: positiveId,
    /** null or left out: about every game. */
    game_base_id: positiveId.nullish().transform((v) => v ?? null),
    online_type: onlineTypeRule.default(1),
    /** Used with online_type 2 (ignored with 1). */
    online_time: isoTime.nullish(),
    sort: sortRule.default(0),
    texts: faqTexts,
  })
  .superRefine((value, ctx) => {
    if (value.online_type === faqOnlineType.scheduled && !value.online_time) {
      ctx.addIssue({ code: 'custom', path: ['online_time'], message: 'required' });
    }
  });
export type FaqForm = z.input<typeof faqFormSchema>;

/** An FAQ entry as the staff list shows it. */
export const faqAdminItem = z.object({
  question_id: z.number().int(),
  /** Null: about every game. */
  game_base_id: z.number().int().nullable(),
  /** The game's name in the page language (en fallback); null with game_base_id. */
  game_name: z.string().nullable(),
  question_type: z.number().int(),
  question_type_name: z.string(),
  /** In the `language` asked for, else en; `title_lang` says which. */
  question_title: z.string(),
  title_lang: z.enum(editLanguages),
  /** The languages the entry has text in (en first). */
  languages: z.array(z.enum(editLanguages)),
  online_type: z.literal([1, 2]),
  /** When players see it (once switched on): the switch time (type 1) or the scheduled time (type 2). */
  online_time: z.string(),
  /** The switch (spec is_online). */
  is_online: flag,
  /** What players see now (see the file comment). */
  online_state: onlineState,
  sort: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FaqAdminItem = z.infer<typeof faqAdminItem>;

export const faqAdminPageData = pageOf(faqAdminItem);
export type FaqAdminPageData = z.infer<typeof faqAdminPageData>;

/** One entry with all its texts, as the edit form loads it. */
export const faqAdminDetail = faqAdminItem.omit({ question_title: true, title_lang: true }).extend({
  texts: z.object({
    en: faqText,
    th: faqText.nullable(),
    cn: faqText.nullable(),
    vi: faqText.nullable(),
    zh: faqText.nullable(),
  }),
});
export type FaqAdminDetail = z.infer<typeof faqAdminDetail>;

/** A question type as staff see it (offline ones and those of one game too), for the FAQ form and filter. */
export const questionTypeAdminItem = z.object({
  question_type: z.number().int(),
  /** In the page language, else en. */
  question_type_name: z.string(),
  /** Null: a type of every game. */
  game_base_id: z.number().int().nullable(),
  /** Offered for filing FAQ entries (usage 1) / for tickets (usage 2). */
  for_faq: flag,
  for_ticket: flag,
  /** Offline types are offered to nobody; their FAQ entries are hidden from players. */
  is_online: flag,
});
export type QuestionTypeAdminItem = z.infer<typeof questionTypeAdminItem>;

/**
 * FAQ entries, newest first (the most recently changed on top). Filters: `game_base_id` (a game's own
 * entries; 0: the entries about every game), `question_type`, `online_state`, `keyword` (inside the title or
 * the answer, case-insensitive; in `language` and en when `language` is given, else in any language) and
 * `language` (the language the titles are shown in, en where an entry lacks it; default: the common `lang`).
 */
export const faqAdminPage = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/question/page',
  privilege: 'faq',
  request: z.object({
    game_base_id: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
    question_type: positiveId.optional(),
    online_state: onlineState.optional(),
    keyword,
    language: z.enum(editLanguages).optional(),
    page_num: pageNum,
    page_size: staffPageSize,
  }),
  response: faqAdminPageData,
});

/**
 * Creates (no `question_id`) or changes an entry (`faqFormSchema`); answers it as the detail shows it. A new
 * entry is offline. Changing an online entry shows the change to players at once; making an online entry
 * "now" (type 1) from scheduled puts it online now, making it scheduled hides it until its time. -404 no such
 * entry; -400 `question_type` `not_offered`, `game_base_id` `not_found`, `online_time` `not_future`.
 */
export const faqAdminSave = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/question/create_update',
  encoding: 'json',
  privilege: 'faq',
  request: faqFormSchema,
  response: faqAdminDetail,
});

/** One entry with all its texts (the edit form). -404 none. */
export const faqAdminDetailCall = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/question/detail',
  privilege: 'faq',
  request: z.object({ question_id: positiveId }),
  response: faqAdminDetail,
});

/**
 * Switches an entry on (1) or off (0). On with online_type 1 sets `online_time` to now; on with type 2 keeps
 * the scheduled time (a time already passed shows it at once). Switching to the state it is in changes
 * nothing.
 */
export const faqAdminOnlineSwitch = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/question/online/switch',
  encoding: 'json',
  privilege: 'faq',
  request: z.object({ question_id: positiveId, is_online: z.coerce.number().pipe(flag) }),
  response: faqAdminDetail,
});

/** Deletes an entry and its texts for good (the audit row keeps what it said). -404 none. */
export const faqAdminDelete = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/question/delete',
  encoding: 'json',
  privilege: 'faq',
  request: z.object({ question_id: positiveId }),
  response: z.null(),
});

/**
 * Question types for the FAQ form and filter, in display order, offline ones included (flagged). `usage` 1:
 * filed for FAQ; 2: for tickets; left out: all. With `game_base_id`: the types of every game plus that game's
 * own; without: all types.
 */
export const questionTypeAdminList = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/question/type/list',
  privilege: 'faq',
  request: z.object({
    usage: z.coerce
      .number()
      .pipe(z.literal([1, 2]))
      .optional(),
    game_base_id: positiveId.optional(),
  }),
  response: z.array(questionTypeAdminItem),
});

// ---- Games ----

/** The game's id towards its game servers and payment: 1-64 of letters, digits, `.`, `_`, `-`. */
export const gameIdRule = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/);
/** The game's name in addresses: 2-64 of a-z, 0-9 and single dashes between them; stored lower-case. */
export const gameSlugRule = z
  .string()
  .trim()
  .toLowerCase()
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .min(2);
/** WHATWG URL, in browsers and Node; declared structurally because this package sees no DOM or Node types. */
type WebUrl = { readonly href: string; readonly username: string; readonly password: string };
const WebUrlClass = (globalThis as unknown as { URL: new (input: string) => WebUrl }).URL;
function parseUrl(input: string): WebUrl | undefined {
  try {
    return new WebUrlClass(input);
  } catch {
    return undefined;
  }
}

/**
 * The game's own site: an absolute http(s) URL without credentials, at most 2048 characters; stored
 * normalised (`new URL(...).href`: scheme and host lower-case, unsafe characters escaped).
 */
export const gameUrlRule = z
  .string()
  .trim()
  .max(2048)
  .pipe(z.url({ protocol: /^https?$/i }))
  .refine((u) => {
    const url = parseUrl(u);
    return url !== undefined && url.username === '' && url.password === '';
  })
  .transform((u) => parseUrl(u)?.href ?? u);
/** A game's name in one language: 1-64 characters, one line. */
export const gameNameRule = z.string().trim().min(1).max(64).regex(oneLine);
const optionalGameName = z
  .union([z.literal(''), gameNameRule])
  .nullish()
  .transform((v) => v || undefined);
/** Names per language (see `perLanguage`); save replaces them all. */
export const gameNames = perLanguage(gameNameRule, optionalGameName);
export type GameNames = z.output<typeof gameNames>;

/** An uploaded image's id as `game/icon/upload` answers it (content hash and extension). */
export const mediaIdRule = z.string().regex(/^[a-f0-9]{32}\.[a-z0-9]{2,5}$/);

/** Game icons: PNG, JPEG or WebP by their bytes, at most 1 MB and 2048 pixels a side. */
export const gameIconPolicy = {
  maxBytes: 1024 * 1024,
  maxSide: 2048,
  /** For `<input type="file" accept>`. */
  accept: '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp',
} as const;

/**
 * The game form (create and edit). No `game_base_id`: a new game (offline until switched on).
 * `icon_media_id`: an id from the icon upload; null: no icon; left out when editing: the icon stays.
 */
export const gameFormSchema = z.object({
  game_base_id: positiveId.optional(),
  game_id: gameIdRule,
  slug: gameSlugRule,
  url: gameUrlRule,
  sort: sortRule.default(0),
  names: gameNames,
  icon_media_id: mediaIdRule.nullish(),
});
export type GameForm = z.input<typeof gameFormSchema>;

/** A game as the staff list shows it. */
export const gameAdminItem = z.object({
  game_base_id: z.number().int(),
  game_id: z.string(),
  slug: z.string(),
  url: z.string(),
  sort: z.number().int(),
  is_online: flag,
  /** In the page language, else en. */
  game_name: z.string(),
  names: z.object({
    en: z.string(),
    th: z.string().nullable(),
    cn: z.string().nullable(),
    vi: z.string().nullable(),
    zh: z.string().nullable(),
  }),
  icon_media_id: z.string().nullable(),
  /** The icon's URL; empty when it has none. */
  game_icon: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GameAdminItem = z.infer<typeof gameAdminItem>;

export const gameAdminPageData = pageOf(gameAdminItem);
export type GameAdminPageData = z.infer<typeof gameAdminPageData>;

/** What uses a game (how many of each); any count above 0 keeps it from being deleted (-40010's data). */
export const gameUsageData = z.object({
  tickets: z.number().int(),
  orders: z.number().int(),
  /** Rows of the top-up catalog: region game lists, servers, currencies, products, channels. */
  catalog: z.number().int(),
  faq: z.number().int(),
  question_types: z.number().int(),
  /** News and activities about the game. */
  articles: z.number().int(),
  recommendations: z.number().int(),
});
export type GameUsageData = z.infer<typeof gameUsageData>;

export const gameAdminDetail = gameAdminItem.extend({
  usage: gameUsageData,
  /** 1 when nothing uses it (delete would succeed now). */
  deletable: flag,
});
export type GameAdminDetail = z.infer<typeof gameAdminDetail>;

/** Games matching a keyword (inside a name in any language, the slug or the game_id) and the online state. */
export const gameAdminSearch = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/game/search',
  encoding: 'json',
  privilege: 'games',
  request: z.object({
    keyword,
    is_online: z.coerce.number().pipe(flag).optional(),
    page_num: pageNum,
    page_size: staffPageSize,
  }),
  response: gameAdminPageData,
});

/** All games in display order (sort, then the oldest first), a page at a time. */
export const gameAdminPage = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/game/page',
  privilege: 'games',
  request: z.object({ page_num: pageNum, page_size: staffPageSize }),
  response: gameAdminPageData,
});

/**
 * Creates (no `game_base_id`) or changes a game (`gameFormSchema`); answers it as the detail shows it. -404
 * no such game; -400 `game_id` / `slug` `taken`, `game_id` `in_use`, `icon_media_id` `not_found`.
 */
export const gameAdminSave = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/game/create_update',
  encoding: 'json',
  privilege: 'games',
  request: gameFormSchema,
  response: gameAdminDetail,
});

/** One game with what uses it. -404 none. */
export const gameAdminDetailCall = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/game/detail',
  privilege: 'games',
  request: z.object({ game_base_id: positiveId }),
  response: gameAdminDetail,
});

/** Shows (1) or hides (0) a game on the site; switching to the state it is in changes nothing. -404 none. */
export const gameAdminOnlineSwitch = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/game/online/switch',
  encoding: 'json',
  privilege: 'games',
  request: z.object({ game_base_id: positiveId, is_online: z.coerce.number().pipe(flag) }),
  response: gameAdminDetail,
});

/** Deletes a game nothing uses, with its names. -404 none; -40010 in use (`gameUsageData` as `data`). */
export const gameAdminDelete = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/game/delete',
  encoding: 'json',
  privilege: 'games',
  request: z.object({ game_base_id: positiveId }),
  response: z.null(),
});

/** An uploaded public image: save `media_id` with the game; `url` shows it. */
export const imageUploadData = z.object({
  media_id: z.string(),
  url: z.string(),
  content_type: z.enum(['image/png', 'image/jpeg', 'image/webp']),
  byte_size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageUploadData = z.infer<typeof imageUploadData>;

const blobClass = (globalThis as { Blob?: abstract new (...args: never[]) => UploadBlob }).Blob;
const imageBlob = z.custom<UploadBlob>((v) => blobClass !== undefined && v instanceof blobClass);

/**
 * Uploads a game icon (multipart field `file`; `ct` in the query string like every staff call): PNG, JPEG or
 * WebP by its bytes, within `gameIconPolicy`; -400 field `file` otherwise (see the file comment). The same
 * bytes uploaded twice answer the same media id.
 */
export const gameIconUpload = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/game/icon/upload',
  encoding: 'multipart',
  privilege: 'games',
  request: z.object({ file: imageBlob }),
  response: imageUploadData,
});
