import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { adminUrl, dropDatabase } from '../../test/postgres-admin.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { migrationsFolder } from '../config/paths.ts';
import { openDatabase, type Database } from './database.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const until = async (check: () => boolean) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > 2_000) throw new Error('not within 2 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('database capabilities shared by processes', () => {
  it('delivers a notification to every listener of its channel until it stops listening', async () => {
    const got: string[] = [];
    const stop = await database.listen('gp_test_channel', (payload) => got.push(payload));
    await database.notify('gp_test_channel', 'one');
    await database.notify('gp_other_channel', 'elsewhere');
    await until(() => got.length === 1);
    expect(got).toEqual(['one']);
    await stop();
    await database.notify('gp_test_channel', 'two');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(got).toEqual(['one']);
  });

  it('runs exclusive work once at a time per name, skipping (not queueing) the second', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = database.exclusive('sweep', async () => {
      await held;
      return 'first';
    });
    await new Promise((resolve) => setTimeout(resolve, 50)); // the first has the lock
    expect(await database.exclusive('sweep', async () => 'second')).toBeUndefined();
    expect(await database.exclusive('another sweep', async () => 'other')).toBe('other');
    release();
    expect(await first).toBe('first');
    expect(await database.exclusive('sweep', async () => 'again')).toBe('again');
    // A failing run releases the lock too.
    await expect(
      database.exclusive('sweep', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await database.exclusive('sweep', async () => 'after failure')).toBe('after failure');
  });
});

describe.runIf(process.env.DATABASE_URL)('a connection cut on PostgreSQL', () => {
  it('fails the work it was handed out for, not the process, and the pool goes on with a new one', async () => {
    const own = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL! });
    const admin = await adminUrl(process.env.DATABASE_URL!);
    try {
      const work = own.db.transaction(async (tx) => {
        const pid = await tx.execute(sql`select pg_backend_pid() as pid`);
        const { pid: backend } = (pid as unknown as { rows: Array<{ pid: number }> }).rows[0]!;
        // Cut between two statements: the connection is handed out, no query of it is waiting for an answer.
        await admin.query('select pg_terminate_backend($1)', [backend]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      });
      await expect(work).rejects.toThrow();
      await expect(own.ping()).resolves.toBeUndefined();
    } finally {
      await admin.end();
      await own.close();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('migrations on PostgreSQL', () => {
  it('run once when two processes start together on an empty database', async () => {
    const url = process.env.DATABASE_URL!;
    const admin = await adminUrl(url);
    const name = `gp_m_${randomBytes(6).toString('hex')}`;
    await admin.query(`create database ${name}`);
    const own = new URL(url);
    own.pathname = `/${name}`;
    const [a, b] = await Promise.all(
      [1, 2].map(() => openDatabase({ kind: 'postgres', url: own.toString() })),
    );
    try {
      await Promise.all([a!.migrate(), b!.migrate()]);
      expect(await a!.pendingMigrations()).toBe(0);
      const applied = await b!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect((applied as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(
        readdirSync(join(migrationsFolder)).filter((f) => f.endsWith('.sql')).length,
      );
    } finally {
      await Promise.all([a!.close(), b!.close()]);
      await dropDatabase(admin, name);
      await admin.end();
    }
  });
});
