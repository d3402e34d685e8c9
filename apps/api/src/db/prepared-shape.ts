/**
 * The hot list reads (the desk's queue, the staff order search, a member's orders and tickets) built once per
 * shape and prepared. Profiled at scale, Drizzle's building of a page's SQL was a quarter of the API's CPU
 * per call (its `is()` checks on every chunk of every condition and name sub-select) and PostgreSQL parsed
 * the same text again for every call. A shape is what decides the SQL text - which filters are set, the
 * order, the language of the names - and everything that changes between calls of one shape is a
 * `sql.placeholder`, so a call only fills in values: Drizzle builds nothing, and the statement is named after
 * its text, so each pooled connection parses it once (node-postgres keeps the named statements per
 * connection; PostgreSQL plans each execution itself or settles on a generic plan when that costs no more,
 * its `plan_cache_mode = auto`).
 */
import { createHash } from 'node:crypto';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { cappedTotal, type CappedTotal } from './capped-count.ts';
import type { Db } from './database.ts';

interface Preparable {
  toSQL(): { sql: string };
  prepare(name: string): unknown;
}

/**
 * At most this many named statements from here on any connection, whatever shapes callers come up with (each
 * costs the connection's backend memory for its parse tree and plans); a shape past them is built per call and
 * sent unnamed, as any other query.
 */
export const maxNamedShapes = 200;

const shapesByDb = new WeakMap<Db, Map<string, unknown>>();
const namedTexts = new Set<string>();

/** The statement's name: its text's hash, so one name always means one text on every connection. */
const statementName = (text: string) => `gp_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

/**
 * The query of `shape` on `db`, prepared. `build` is called the first time only: every value it reads that
 * changes between calls must be a `sql.placeholder` (filled by `execute(values)`), everything else it reads must
 * be written into `shape` - two calls of one shape get the first call's SQL and fixed values.
 */
export function preparedShape<Q extends Preparable>(
  db: Db,
  shape: string,
  build: () => Q,
): ReturnType<Q['prepare']> {
  let shapes = shapesByDb.get(db);
  if (!shapes) shapesByDb.set(db, (shapes = new Map()));
  const known = shapes.get(shape);
  if (known) return known as ReturnType<Q['prepare']>;
  const query = build();
  const name = statementName(query.toSQL().sql);
  if (!namedTexts.has(name) && namedTexts.size >= maxNamedShapes) {
    // node-postgres sends a statement without a name unprepared.
    return query.prepare('') as ReturnType<Q['prepare']>;
  }
  namedTexts.add(name);
  const prepared = query.prepare(name) as ReturnType<Q['prepare']>;
  shapes.set(shape, prepared);
  return prepared;
}

/**
 * How many rows `matches` (a select of the page's filter, as `matching` builds it) answers up to `cap + 1`, as a
 * column of the page's own statement: one round trip, one parse, one plan for the page and its capped total
 * (`cappedTotal` reads it). Uncorrelated, so PostgreSQL runs it once per statement, not per row.
 */
export function cappedCountColumn(matches: PgSelect, cap: number): SQL<number> {
  return sql<number>`(select count(*)::int from ${matches.limit(cap + 1)} counted)`;
}

/**
 * The capped total a page's rows carry (`cappedCountColumn` as `total`). Past the last page the statement has no
 * row to carry it on: then none match (the first page) or `countAlone` counts.
 */
export function totalOfPage(
  rows: readonly { total: number }[],
  offset: number,
  countAlone: () => Promise<CappedTotal>,
  cap?: number,
): Promise<CappedTotal> {
  return carriedTotal(rows, offset, countAlone, (n) => cappedTotal(n, cap));
}

/**
 * The total a page's rows carry (`countColumn` or `cappedCountColumn` as `total`), as `of` reads it; past the last
 * page, none on the first page, else what `countAlone` says.
 */
export async function carriedTotal<T>(
  rows: readonly { total: number }[],
  offset: number,
  countAlone: () => Promise<T>,
  of: (n: number) => T,
): Promise<T> {
  const first = rows[0];
  if (first) return of(first.total);
  return offset === 0 ? of(0) : countAlone();
}

/** How many rows `matches` answers, exactly, as a column of the page's own statement (small sets only). */
export function countColumn(matches: PgSelect): SQL<number> {
  return sql<number>`(select count(*)::int from ${matches} counted)`;
}

/** A filter's value as a condition compares it. */
export type FilterValue = string | number | boolean;

/**
 * A page's filters that compare a column with a value: the set ones decide the shape (`names`) and give the
 * conditions, with their values in the SQL or, for a prepared shape, as placeholders `values` fills.
 */
export class ShapeFilters {
  readonly values: Record<string, FilterValue> = {};
  private readonly tests: [string, (value: FilterValue | Placeholder) => SQL | undefined][] = [];

  /** The filter `name`, when `value` is set: `test` makes its condition (dates as ISO strings, compared in sql``). */
  add<T extends FilterValue>(
    name: string,
    value: T | undefined,
    test: (value: T | Placeholder) => SQL | undefined,
  ) {
    if (value !== undefined) {
      this.values[name] = value;
      // The value given back is the one set under this name (or its placeholder): a T.
      this.tests.push([name, test as (value: FilterValue | Placeholder) => SQL | undefined]);
    }
    return this;
  }

  /** Which filters are set: the part of a shape they decide. */
  get names(): string {
    return Object.keys(this.values).join(',');
  }

  /** The set filters' conditions: values in the SQL, or placeholders when `prepared`. */
  conditions(prepared: boolean): (SQL | undefined)[] {
    return this.tests.map(([name, test]) => test(prepared ? sql.placeholder(name) : this.values[name]!));
  }
}
