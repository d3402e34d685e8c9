import { boolean, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { game } from './game.schema.ts';
import { media } from './media.schema.ts';

/**
 * News items and activities (spec 7 "Web"). Readers see an item when it is not a draft, its publish time has
 * come and its unpublish time (if any) has not; `scheduled` is a published item waiting for its time (DESIGN
 * section 6, staff console).
 */
export const article = pgTable(
  'article',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind', { enum: ['news', 'activity'] }).notNull(),
    /** Stable name for seeds and staff tools. */
    slug: text('slug').notNull(),
    category: text('category', {
      enum: ['notice', 'update', 'maintenance', 'event', 'campaign', 'tournament'],
    }).notNull(),
    gameBaseId: integer('game_base_id').references(() => game.gameBaseId),
    coverMediaId: text('cover_media_id')
      .notNull()
      .references(() => media.id),
    coverH5MediaId: text('cover_h5_media_id')
      .notNull()
      .references(() => media.id),
    status: text('status', { enum: ['draft', 'scheduled', 'published'] })
      .notNull()
      .default('draft'),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    /** Readers stop seeing the item from this time on (null: it stays up); a reader-side filter, no job. */
    unpublishAt: timestamp('unpublish_at', { withTimezone: true }),
    pinned: boolean('pinned').notNull().default(false),
    /** Activities: when the activity itself runs. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('article_kind_slug').on(t.kind, t.slug),
    index('article_listing_idx').on(t.kind, t.status, t.pinned, t.publishAt),
    // The readers' news and activity pages in their order (content.repository.ts articlePage): a page and its
    // capped count walk this backwards and stop early; the other visibility conditions filter on the way.
    index('article_reader_order_idx').on(t.kind, t.pinned, t.publishAt, t.id),
    // The public cache's next scheduled change (public-cache/schedule.repository.ts): the first publish and
    // unpublish times to come.
    index('article_publish_at_idx').on(t.publishAt),
    index('article_unpublish_at_idx').on(t.unpublishAt),
  ],
);

export const articleI18n = pgTable(
  'article_i18n',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => article.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    /** Sanitized before it is stored (and again before it is served). */
    bodyHtml: text('body_html').notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.lang] })],
);

/** Home carousel slides, shown between their start and end (spec 7 /home/banner). */
export const banner = pgTable('banner', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  link: text('link').notNull(),
  imageMediaId: text('image_media_id')
    .notNull()
    .references(() => media.id),
  imageH5MediaId: text('image_h5_media_id')
    .notNull()
    .references(() => media.id),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  sort: integer('sort').notNull().default(0),
  isOnline: boolean('is_online').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const bannerI18n = pgTable(
  'banner_i18n',
  {
    bannerId: integer('banner_id')
      .notNull()
      .references(() => banner.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull(),
    cta: text('cta').notNull(),
    alt: text('alt').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bannerId, t.lang] })],
);

/** Games the home page recommends, in order, with a pitch per language (spec 7 /home/game/recommend). */
export const gameRecommendation = pgTable('game_recommendation', {
  gameBaseId: integer('game_base_id')
    .primaryKey()
    .references(() => game.gameBaseId, { onDelete: 'cascade' }),
  sort: integer('sort').notNull().default(0),
  isOnline: boolean('is_online').notNull().default(true),
  updatedAt: updatedAt(),
});

export const gameRecommendationI18n = pgTable(
  'game_recommendation_i18n',
  {
    gameBaseId: integer('game_base_id')
      .notNull()
      .references(() => gameRecommendation.gameBaseId, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    tagline: text('tagline').notNull(),
    description: text('description').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameBaseId, t.lang] })],
);

/** The sections of the home page and their order (spec 7 /home/module/list). */
export const homeModule = pgTable('home_module', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  key: text('key').notNull().unique(),
  type: text('type', { enum: ['news', 'activity', 'games', 'fans'] }).notNull(),
  sort: integer('sort').notNull().default(0),
  isOnline: boolean('is_online').notNull().default(true),
  updatedAt: updatedAt(),
});

export const homeModuleI18n = pgTable(
  'home_module_i18n',
  {
    moduleId: integer('module_id')
      .notNull()
      .references(() => homeModule.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
  },
  (t) => [primaryKey({ columns: [t.moduleId, t.lang] })],
);
