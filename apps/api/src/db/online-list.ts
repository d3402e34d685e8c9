/**
 * The players' lists of items with texts per language (games, fan groups, home sections, banners): the online
 * rows of the item table in display order (`sort`, then the id), each joined with its texts in `langs`, one row
 * per item and language found (the reader keeps the best language of each item).
 */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from './database.ts';
import { game, gameI18n } from './schema/game.schema.ts';

/** An item table and its i18n table, as `onlineList` reads them. */
export interface OnlineList {
  item: PgTable;
  /** The item's id (the order's last key), `sort` and `isOnline`. */
  id: AnyPgColumn;
  sort: AnyPgColumn;
  isOnline: AnyPgColumn;
  texts: PgTable;
  /** The text row's reference to the item, and its language. */
  owner: AnyPgColumn;
  lang: AnyPgColumn;
}

/**
 * An item table with `sort` and `isOnline` whose id is the column `id` names, and its i18n table with `lang`
 * whose column `owner` names the item.
 */
export function onlineListOf<Id extends string, Owner extends string>(
  item: PgTable & Record<'sort' | 'isOnline' | Id, AnyPgColumn>,
  id: Id,
  texts: PgTable & Record<'lang' | Owner, AnyPgColumn>,
  owner: Owner,
): OnlineList {
  return {
    item,
    id: item[id],
    sort: item.sort,
    isOnline: item.isOnline,
    texts,
    owner: texts[owner],
    lang: texts.lang,
  };
}

/** `fields` of the online items (that also meet `where`, when given) with their texts in `langs`. */
export async function onlineList<F extends SelectedFields>(
  db: Db,
  list: OnlineList,
  langs: readonly string[],
  fields: F,
  where?: SQL,
): Promise<SelectResultFields<F>[]> {
  const rows = await db
    .select(fields as SelectedFields)
    .from(list.item)
    .innerJoin(list.texts, and(eq(list.owner, list.id), inArray(list.lang, [...langs])))
    .where(and(eq(list.isOnline, true), where))
    .orderBy(asc(list.sort), asc(list.id));
  // Inner joins only: every field is as its column types it (drizzle cannot follow that through a plain PgTable).
  return rows as SelectResultFields<F>[];
}

/** The games and their names (the portal's game list, the customer service's). */
export const gameList = onlineListOf(game, 'gameBaseId', gameI18n, 'gameBaseId');
