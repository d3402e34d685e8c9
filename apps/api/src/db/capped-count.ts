/**
 * How many rows a list's filter matches, counted only up to a cap, so the lists stay fast on a real
 * publisher's database. An exact `count(*)` reads every match - 230,000 tickets of a three-month window,
 * 5,000,000 orders of an unfiltered search - on every page, the cost of which grows with the table; counting
 * at most `cap + 1` rows stops early along the same index the page is read with. Above the cap the answer
 * says so (`capped`) and the lists show "1,000+": nobody pages through more, they narrow the filter.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { pageTotalCap } from '@gp/contracts';
import type { Db } from './database.ts';

export interface CappedTotal {
  /** The exact count up to the cap, else the cap. */
  total: number;
  /** True when more rows match than the cap. */
  capped: boolean;
}

/**
 * How many rows `matches` (a dynamic select, joins and filter as the page's; `db.select({ one: sql`1` })...
 * .$dynamic()`) answers, up to `cap`.
 */
export async function countCapped(
  db: Db,
  matches: PgSelect,
  cap: number = pageTotalCap,
): Promise<CappedTotal> {
  const limited = matches.limit(cap + 1).as('limited');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(limited);
  return cappedTotal(row?.n ?? 0, cap);
}

/** `n` matches found (at least `cap + 1` stand for "more") as the capped total. */
export const cappedTotal = (n: number, cap: number = pageTotalCap): CappedTotal =>
  n > cap ? { total: cap, capped: true } : { total: n, capped: false };

/** The rows of `table` matching `where`, as `countCapped` takes them. */
export const matching = (db: Db, table: PgTable, where: SQL | undefined) =>
  db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .$dynamic();

/** The page answer's total fields: `total_capped` only when the total is the cap. */
export const totalFields = ({ total, capped }: CappedTotal) =>
  capped ? { total, total_capped: true as const } : { total };
