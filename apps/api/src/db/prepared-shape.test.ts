import { and, eq, like, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { matching } from './capped-count.ts';
import type { Database } from './database.ts';
import {
  cappedCountColumn,
  countColumn,
  maxNamedShapes,
  preparedShape,
  ShapeFilters,
  totalOfPage,
} from './prepared-shape.ts';
import { staffAuditLog } from './schema/staff.schema.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  // shape-a: 5 logins, 2 logouts; shape-b: 3 logins.
  const rows = [
    ...Array.from({ length: 5 }, () => ({ actorAccountId: 'shape-a', action: 'login' })),
    ...Array.from({ length: 2 }, () => ({ actorAccountId: 'shape-a', action: 'logout' })),
    ...Array.from({ length: 3 }, () => ({ actorAccountId: 'shape-b', action: 'login' })),
  ];
  await database.db.insert(staffAuditLog).values(rows);
});
afterAll(() => database.close());

/** A page of this test's audit rows under `filters`, with the capped total, as the list repositories build it. */
function pageOf(filters: ShapeFilters, cap: number) {
  const { db } = database;
  let builds = 0;
  const query = preparedShape(db, `test.audit:${filters.names}:${cap}`, () => {
    builds++;
    const where = and(like(staffAuditLog.actorAccountId, 'shape-%'), ...filters.conditions(true));
    return db
      .select({
        actor: staffAuditLog.actorAccountId,
        action: staffAuditLog.action,
        total: cappedCountColumn(matching(db, staffAuditLog, where), cap),
        exact: countColumn(matching(db, staffAuditLog, where)),
      })
      .from(staffAuditLog)
      .where(where)
      .orderBy(staffAuditLog.id)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
  });
  return {
    run: (limit: number, offset: number) => query.execute({ ...filters.values, limit, offset }),
    builds: () => builds,
  };
}

const filtersOf = (actor?: string, action?: string) =>
  new ShapeFilters()
    .add('actor', actor, (v) => eq(staffAuditLog.actorAccountId, v))
    .add('action', action, (v) => eq(staffAuditLog.action, v));

describe('preparedShape', () => {
  it('builds a shape once and answers each call with its own values', async () => {
    const first = pageOf(filtersOf('shape-a', 'login'), 100);
    const rowsA = await first.run(10, 0);
    expect(first.builds()).toBe(1);
    expect(rowsA.map((r) => [r.actor, r.action])).toEqual(Array(5).fill(['shape-a', 'login']));
    // The same shape with other values: not built again, and nothing of the first call's values left.
    const second = pageOf(filtersOf('shape-b', 'login'), 100);
    const rowsB = await second.run(2, 1);
    expect(second.builds()).toBe(0);
    expect(rowsB.map((r) => r.actor)).toEqual(['shape-b', 'shape-b']);
    expect(rowsB[0]!.total).toBe(3);
    // Another set of filters is another shape.
    const third = pageOf(filtersOf('shape-a'), 100);
    expect((await third.run(10, 0)).map((r) => r.action)).toEqual([
      ...Array(5).fill('login'),
      'logout',
      'logout',
    ]);
    expect(third.builds()).toBe(1);
  });

  it('counts in the page statement up to the cap, exactly with countColumn', async () => {
    const rows = await pageOf(filtersOf(undefined, 'login'), 6).run(2, 0);
    expect(rows.map((r) => [r.total, r.exact])).toEqual([
      [7, 8],
      [7, 8],
    ]);
    expect(await totalOfPage(rows, 0, () => Promise.reject(new Error('not asked')), 6)).toEqual({
      total: 6,
      capped: true,
    });
  });

  it('counts on its own only past the last page', async () => {
    const alone = vi.fn(() => Promise.resolve({ total: 3, capped: false }));
    const page = pageOf(filtersOf('shape-b'), 100);
    expect(await totalOfPage(await page.run(10, 0), 0, alone)).toEqual({ total: 3, capped: false });
    expect(await totalOfPage(await page.run(10, 10), 10, alone)).toEqual({ total: 3, capped: false });
    expect(alone).toHaveBeenCalledTimes(1);
    const none = pageOf(filtersOf('shape-none'), 100);
    expect(await totalOfPage(await none.run(10, 0), 0, alone)).toEqual({ total: 0, capped: false });
    expect(alone).toHaveBeenCalledTimes(1);
  });

  it(`names at most ${maxNamedShapes} statements, then sends new shapes unnamed, answering alike`, async () => {
    const { db } = database;
    const names: string[] = [];
    const shape = (i: number) =>
      preparedShape(db, `test.many:${i}`, () => {
        const query = db
          .select({ n: sql<number>`${sql.raw(String(i))}::int` })
          .from(staffAuditLog)
          .limit(1);
        const prepare = query.prepare.bind(query);
        vi.spyOn(query, 'prepare').mockImplementation((name) => {
          names.push(name);
          return prepare(name);
        });
        return query;
      });
    for (let i = 0; i < maxNamedShapes + 5; i++) expect(await shape(i).execute()).toEqual([{ n: i }]);
    const named = names.filter((n) => n !== '');
    expect(new Set(named).size).toBe(named.length);
    expect(named.every((n) => /^gp_[0-9a-f]{24}$/.test(n))).toBe(true);
    // Other tests of this file named some already: the last shapes went unnamed.
    expect(named.length).toBeLessThanOrEqual(maxNamedShapes);
    expect(names.slice(-5)).toEqual(['', '', '', '', '']);
  });
});

describe('ShapeFilters', () => {
  it('sets only the filters with a value, in the SQL or as placeholders', () => {
    const filters = new ShapeFilters()
      .add('a', 1, (v) => eq(staffAuditLog.id, v))
      .add('b', undefined as string | undefined, (v) => eq(staffAuditLog.action, v))
      .add('c', false, (v) => sql`${v} = false`);
    expect(filters.names).toBe('a,c');
    expect(filters.values).toEqual({ a: 1, c: false });
    expect('b' in filters.values).toBe(false);
    const dialect = new PgDialect();
    const render = (prepared: boolean) => dialect.sqlToQuery(and(...filters.conditions(prepared))!);
    expect(render(false).params).toEqual([1, false]);
    expect(render(true).params.map((p) => (p as { name: string }).name)).toEqual(['a', 'c']);
  });
});
