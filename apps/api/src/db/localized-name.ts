/**
 * A name from a per-language table (game_i18n, cs_question_type_i18n, ...) for each row of a list: in the page's
 * language, else en, else ''. Written as scalar sub-selects, not as left joins: a page of 20 tickets with four
 * joined name tables cost PostgreSQL 3-8 ms of planning per call at scale (the join search over every index of
 * the big table, and a Memoize cache sized for the whole table's estimate), while the sub-selects are planned
 * in a fraction of a millisecond and run only for the rows the page returns.
 */
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { csQuestionTypeI18n } from './schema/cs.schema.ts';
import { gameI18n } from './schema/game.schema.ts';

export interface NameTable {
  table: PgTable;
  /** The column naming the thing (game_base_id, question_type_id, ...). */
  key: PgColumn;
  lang: PgColumn;
  name: PgColumn;
}

/**
 * `"table"."column"`, always: Drizzle leaves the table out in a select from one table, and inside a sub-select an
 * unqualified outer column would silently name the inner table's column of the same name.
 */
function qualified(column: PgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/** The name of `of` in `lang`, else in en, else ''. */
export function localizedName(names: NameTable, of: PgColumn, lang: string): SQL<string> {
  const pick = (inLang: string) =>
    sql`(select ${qualified(names.name)} from ${names.table} where ${qualified(names.key)} = ${qualified(of)} and ${qualified(names.lang)} = ${inLang})`;
  return sql<string>`coalesce(${pick(lang)}, ${pick('en')}, '')`;
}

/** One column of the row of `table` whose `key` is `of` (a sub-select, for the same reason). */
export function lookUp<T>(column: PgColumn, key: PgColumn, of: PgColumn): SQL<T> {
  return sql<T>`(select ${qualified(column)} from ${key.table} where ${qualified(key)} = ${qualified(of)})`;
}

export const gameNames: NameTable = {
  table: gameI18n,
  key: gameI18n.gameBaseId,
  lang: gameI18n.lang,
  name: gameI18n.name,
};

export const questionTypeNames: NameTable = {
  table: csQuestionTypeI18n,
  key: csQuestionTypeI18n.questionTypeId,
  lang: csQuestionTypeI18n.lang,
  name: csQuestionTypeI18n.name,
};
