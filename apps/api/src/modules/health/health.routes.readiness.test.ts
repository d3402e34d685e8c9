/**
 * `/readyz` (readiness.service.ts): ready only with the database answering and every committed migration
 * applied, and never while draining; `/healthz` (liveness) unchanged by either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../../config/paths.ts';
import type { Database } from '../../db/database.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { checkReadiness } from './readiness.service.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: Array<{ when: number }>;
};
const newest = Math.max(...journal.entries.map((e) => e.when));

describe('/readyz', () => {
  it('is ready on a migrated database that answers', async () => {
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 0,
      message: 'ready',
      data: {
        status: 'ready',
        draining: false,
        database: { driver: t.database.driver, status: 'up' },
        pending_migrations: 0,
      },
    });
  });

  it('answers 503 while the process drains, and ready again after', async () => {
    t.app.lifecycle.draining = true;
    try {
      const res = await t.app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json().data).toMatchObject({ status: 'not_ready', draining: true });
      // Liveness is another question: the process is alive while it drains.
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  });

  it('answers 503 while a committed migration is not applied', async () => {
    const [row] = (
      (await t.db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations where created_at = ${newest}`,
      )) as unknown as { rows: Array<{ id: number; hash: string; created_at: string }> }
    ).rows;
    expect(row).toBeDefined();
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row!.id}`);
    try {
      const res = await t.app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json().data).toMatchObject({
        status: 'not_ready',
        database: { status: 'up' },
        pending_migrations: 1,
      });
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row!.id}, ${row!.hash}, ${row!.created_at})`,
      );
    }
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  });

  it('counts every migration pending on a database never migrated', async () => {
    await t.db.execute(sql`alter table drizzle.__drizzle_migrations rename to moved_aside`);
    try {
      expect(await t.database.pendingMigrations()).toBe(journal.entries.length);
    } finally {
      await t.db.execute(sql`alter table drizzle.moved_aside rename to __drizzle_migrations`);
    }
    expect(await t.database.pendingMigrations()).toBe(0);
  });

  it('is not ready when the database does not answer in time, or fails', async () => {
    const hanging: Database = { ...t.database, ping: () => new Promise(() => {}) };
    expect(await checkReadiness(hanging, { draining: false, timeoutMs: 50 })).toMatchObject({
      ready: false,
      database: 'timeout',
    });
    const failing: Database = { ...t.database, ping: () => Promise.reject(new Error('connection refused')) };
    expect(await checkReadiness(failing, { draining: false, timeoutMs: 1_000 })).toMatchObject({
      ready: false,
      database: 'down',
    });
  });
});
