import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { media } from './media.schema.ts';

/** A game the publisher runs. game_base_id is the spec's key across web, pay and customer service. */
export const game = pgTable('game', {
  gameBaseId: integer('game_base_id').primaryKey().generatedByDefaultAsIdentity(),
  /** The game's id towards its game servers and payment (spec: game_id). */
  gameId: text('game_id').notNull().unique(),
  slug: text('slug').notNull().unique(),
  /** The game's own site, where the game list links to. */
  url: text('url').notNull(),
  iconMediaId: text('icon_media_id').references(() => media.id),
  sort: integer('sort').notNull().default(0),
  isOnline: boolean('is_online').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A game's name per language; readers fall back to en where a language is missing. */
export const gameI18n = pgTable(
  'game_i18n',
  {
    gameBaseId: integer('game_base_id')
      .notNull()
      .references(() => game.gameBaseId, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameBaseId, t.lang] })],
);

/** A fan community (spec: fan group item url, group_name), shown in the fan-groups menu. */
export const fanGroup = pgTable('fan_group', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  /** Stable name for seeds and staff tools. */
  slug: text('slug').notNull().unique(),
  url: text('url').notNull(),
  sort: integer('sort').notNull().default(0),
  isOnline: boolean('is_online').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const fanGroupI18n = pgTable(
  'fan_group_i18n',
  {
    fanGroupId: integer('fan_group_id')
      .notNull()
      .references(() => fanGroup.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fanGroupId, t.lang] })],
);
