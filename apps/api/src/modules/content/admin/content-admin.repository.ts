/**
 * What the content repositories share: the items' references (games, pictures) and the query pieces of the page
 * filters (language presence, keyword). The kinds' own tables live in their repositories beside this one.
 */
import { and, eq, exists, inArray, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ContentStatus } from '@gp/contracts/content-admin';
import type { Db } from '../../../db/database.ts';
import { containsText } from '../../../db/text-search.ts';
import { game } from '../../../db/schema/game.schema.ts';
import { media } from '../../../db/schema/media.schema.ts';

/** An item's i18n table as the filters see it: which row belongs to which item, in which language. */
export interface TextsTable {
  table: PgTable;
  /** The i18n row's reference to the item. */
  owner: AnyPgColumn;
  lang: AnyPgColumn;
  /** The columns a keyword searches (titles, names). */
  searched: AnyPgColumn[];
}

/** Items with a text in `has` and none in `missing`, each when given. */
export function languagePresence(
  db: Db,
  texts: TextsTable,
  itemId: AnyPgColumn,
  filter: { has?: string | undefined; missing?: string | undefined },
): SQL[] {
  const inLanguage = (lang: string) =>
    db
      .select({ one: sql`1` })
      .from(texts.table)
      .where(and(eq(texts.owner, itemId), eq(texts.lang, lang)));
  const conditions: SQL[] = [];
  if (filter.has) conditions.push(exists(inLanguage(filter.has)));
  if (filter.missing) conditions.push(notExists(inLanguage(filter.missing)));
  return conditions;
}

/** Items whose key columns or any text (in any language) contain the keyword, case-insensitively. */
export function keywordMatch(
  db: Db,
  texts: TextsTable,
  itemId: AnyPgColumn,
  keys: AnyPgColumn[],
  keyword: string | undefined,
): SQL | undefined {
  if (!keyword) return undefined;
  const inTexts = db
    .select({ one: sql`1` })
    .from(texts.table)
    .where(and(eq(texts.owner, itemId), or(...texts.searched.map((c) => containsText(c, keyword)))));
  return or(...keys.map((c) => containsText(c, keyword)), exists(inTexts));
}

/** A filter that matches nothing (a state a kind never is in). */
export const nothing: SQL = sql`false`;

/** The status filter of kinds that are simply on or off: never scheduled nor ended. */
export function onlineOrNot(isOnline: AnyPgColumn): (status: ContentStatus) => SQL {
  return (status) => {
    if (status === 'published') return eq(isOnline, true);
    if (status === 'draft') return eq(isOnline, false);
    return nothing;
  };
}

export class ContentRefsRepository {
  constructor(private readonly db: Db) {}

  async gameExists(gameBaseId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: game.gameBaseId })
      .from(game)
      .where(eq(game.gameBaseId, gameBaseId));
    return !!row;
  }

  /** Of these media ids, the ones stored (pictures uploaded or seeded), with their sizes. */
  async images(ids: readonly string[]) {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: media.id, width: media.width, height: media.height })
      .from(media)
      .where(inArray(media.id, [...new Set(ids)]));
  }
}
