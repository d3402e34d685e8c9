/**
 * Opens the database the environment names: PostgreSQL when DATABASE_URL is set, else embedded PGlite in
 * DATA_DIR. Both speak the same SQL and run the same committed migrations; only this file knows which it is.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type PgModule from 'pg';
import { migrationsFolder } from '../config/paths.ts';

export type Db = PgDatabase<PgQueryResultHKT>;
export type Driver = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: Driver;
  /** Applies the committed migrations that are not applied yet. */
  migrate(): Promise<void>;
  /** Cheap round trip for health checks. */
  ping(): Promise<void>;
  /**
   * How many committed migrations (the drizzle journal) this database has not applied: those newer than the
   * newest it has, the rule `migrate()` itself follows. All of them on a database never migrated.
   */
  pendingMigrations(): Promise<number>;
  /** The connection pool's use right now, for the metrics (PGlite is one in-process connection: no queue). */
  poolStats(): PoolStats;
  /**
   * Calls `onMessage` with the payload of every `notify(channel, ...)` from any process on this database, this one
   * included. PostgreSQL: on a connection of its own, outside the pool, reconnected (with growing waits) when it
   * drops; `onGap` is called after each reconnection, since notifications sent while it was down are lost.
   * PGlite: one process, so nothing can be missed. Answers the function that stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onGap?: () => void,
  ): Promise<() => Promise<void>>;
  /** Sends `payload` to every listener of `channel` (delivered when the sender's transaction commits). */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Runs `work` unless work under the same `name` is running right now in any process on this database; answers
   * `undefined` when it was skipped. For periodic sweeps that several processes run: they never overlap, so one
   * never acts on what another is acting on. PostgreSQL: a session advisory lock (`pg_try_advisory_lock`) on a
   * pooled connection held for the run (so `work` gets the other connections of the pool), released by the
   * process's death too. PGlite: one process, so a lock in memory.
   */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T | undefined>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (tests copy a migrated template this way). */
  dumpDataDir?(): Promise<Blob>;
}

export interface PoolStats {
  max: number;
  total: number;
  /** Unknown on PGlite. */
  idle?: number;
  /** Callers waiting for a connection; unknown on PGlite. */
  waiting?: number;
}
/** `Database['exclusive']`, for the sweeps that take it as an option. */
export type Exclusive = Database['exclusive'];

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres' ? openPostgres(options) : openPglite(options);
}

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(
    options.dataDir,
    options.loadDataDir ? { loadDataDir: options.loadDataDir } : {},
  );
  const db = drizzle({ client });
  const running = new Set<string>();
  return {
    db,
    driver: 'pglite',
    migrate: () => migrate(db, { migrationsFolder }),
    ping: async () => void (await db.execute(sql`select 1`)),
    pendingMigrations: () => pendingMigrations(db),
    poolStats: () => ({ max: 1, total: 1 }),
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    notify: (channel, payload) => notify(db, channel, payload),
    exclusive: async (name, work) => {
      if (running.has(name)) return undefined;
      running.add(name);
      try {
        return await work();
      } finally {
        running.delete(name);
      }
    },
    close: () => client.close(),
    dumpDataDir: async () => {
      const dump = await client.dumpDataDir('none');
      return dump;
    },
  };
}

/** The advisory lock migrations run under (`exclusive` keys are `gp:<name>` too). */
const migrationLock = 'gp:migrate';

async function openPostgres(options: { url: string; poolSize?: number }): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
  // An idle connection can die under us (a restart, a failover, a dropped test database). The pool replaces it;
  // without a listener the error would end the whole process.
  pool.on('error', (error) => {
    process.stderr.write(`PostgreSQL connection lost: ${error.message}\n`);
  });
  // The pool listens on idle connections only. One handed out (a transaction between its statements, a held
  // advisory lock) that dies - the server cut it, restarted, failed over - emits its error with nobody listening,
  // which ended the process: every request in it lost for a cut connection. Listened to, the work on it fails (its
  // query or the next one does) and the pool discards it on release.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      process.stderr.write(`PostgreSQL connection in use lost: ${error.message}\n`);
    });
  });
  const db = drizzle({ client: pool });
  await db.execute(sql`select 1`); // Fail at start, not at the first request, when the server is unreachable.
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    driver: 'postgres',
    // Replicas start together (compose, a rolling deploy): one migrates under a session lock, the others wait
    // for it and then find nothing to do. Without it both would create drizzle's table and apply the same
    // migration, and the second would fail its start. A process that dies holding the lock drops its connection,
    // which releases it.
    migrate: async () => {
      const connection = await pool.connect();
      let broken: Error | undefined;
      try {
        await connection.query('select pg_advisory_lock(hashtextextended($1, 0))', [migrationLock]);
        try {
          await migrate(drizzle({ client: connection }), { migrationsFolder });
        } finally {
          await connection
            .query('select pg_advisory_unlock(hashtextextended($1, 0))', [migrationLock])
            .catch((error: Error) => (broken = error));
        }
      } finally {
        connection.release(broken);
      }
    },
    ping: async () => void (await db.execute(sql`select 1`)),
    pendingMigrations: () => pendingMigrations(db),
    poolStats: () => ({
      max: options.poolSize ?? 10,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    listen: async (channel, onMessage, onGap) => {
      const stop = await listenOnPostgres(pg, options.url, channel, onMessage, onGap);
      const unlisten = async () => {
        listeners.delete(unlisten);
        await stop();
      };
      listeners.add(unlisten);
      return unlisten;
    },
    notify: (channel, payload) => notify(db, channel, payload),
    exclusive: async (name, work) => {
      const connection = await pool.connect();
      let broken: Error | undefined;
      try {
        const key = sql`hashtextextended(${`gp:${name}`}, 0)`;
        const locked = await drizzle({ client: connection }).execute<{ locked: boolean }>(
          sql`select pg_try_advisory_lock(${key}) as locked`,
        );
        if (!rowsOf<{ locked: boolean }>(locked)[0]?.locked) return undefined;
        try {
          return await work();
        } finally {
          await drizzle({ client: connection })
            .execute(sql`select pg_advisory_unlock(${key})`)
            .catch((error: Error) => {
              broken = error; // A connection that could not unlock is dropped, which unlocks.
            });
        }
      } finally {
        connection.release(broken);
      }
    },
    close: async () => {
      await Promise.allSettled([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/** The rows of a raw statement (`db.execute`): node-postgres and PGlite both answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

type Pg = typeof PgModule;

/**
 * LISTEN on a client of its own (a pooled connection would be handed to others). The first connection must
 * succeed (a start with an unreachable database fails); later losses are retried every 0.5 s growing to 10 s,
 * and `onGap` tells the caller that notifications may have been missed.
 */
async function listenOnPostgres(
  pg: Pg,
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onGap: (() => void) | undefined,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: InstanceType<Pg['Client']> | undefined;
  let retryMs = 500;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    let lost = false;
    const drop = () => {
      if (lost) return;
      lost = true;
      if (current === client) current = undefined;
      client.end().catch(() => undefined);
      if (stopped || timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        connect()
          .then(() => onGap?.())
          .catch(() => undefined); // connect() has scheduled the next try
      }, retryMs);
      timer.unref();
      retryMs = Math.min(retryMs * 2, 10_000);
    };
    client.on('error', drop);
    client.on('end', drop);
    client.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      drop();
      throw error;
    }
    if (stopped) {
      await client.end();
      return;
    }
    current = client;
    retryMs = 500;
  };

  try {
    await connect();
  } catch (error) {
    stopped = true;
    clearTimeout(timer);
    throw error;
  }
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
}

let journal: number[] | undefined;
/** The `when` of every committed migration (read once: the files do not change under a running process). */
function journalMillis(): number[] {
  journal ??= (
    JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: Array<{ when: number }>;
    }
  ).entries.map((entry) => entry.when);
  return journal;
}

/** drizzle's own bookkeeping (`drizzle.__drizzle_migrations`, `created_at` = the journal's `when`). */
async function pendingMigrations(db: Db): Promise<number> {
  let newest = -Infinity;
  try {
    const result = await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`);
    const value = (result as unknown as { rows: Array<{ newest: unknown }> }).rows[0]?.newest;
    if (value !== null && value !== undefined) newest = Number(value);
  } catch (error) {
    // Never migrated: the table does not exist yet (undefined_table), so every migration is pending.
    if (!hasSqlState(error, '42P01')) throw error;
  }
  return journalMillis().filter((when) => when > newest).length;
}

/** True for the database's refusal of a second row with the same unique key (PostgreSQL and PGlite alike). */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, '23505');
}

/** The error, or one it wraps (drizzle wraps the driver's), carries this SQLSTATE. */
function hasSqlState(error: unknown, state: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === state) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Runs `work` in one transaction; repositories built on the `tx` it receives take part in it. */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  // A transaction offers every query method repositories use, so it is handed on as a Db.
  return db.transaction((tx) => work(tx as unknown as Db));
}
