/**
 * The real app on a private copy of the template database, for `app.inject()` tests. No mocked database:
 * PGlite by default, PostgreSQL when DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { parseEnv, type Env } from '../src/config/env.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { developmentParts } from '../src/dev/development-parts.ts';
import { adminUrl, cloneDatabase, dropDatabase } from './postgres-admin.ts';

export async function openTestDatabase(): Promise<Database> {
  return (await openSharedTestDatabase()).database;
}

/**
 * A test database and, on PostgreSQL, its URL, for opening more handles on it as other processes would
 * (`createTestAppPair`).
 */
async function openSharedTestDatabase(): Promise<{ database: Database; url?: string }> {
  const url = process.env.DATABASE_URL;
  const template = inject('templateDatabase');
  if (url && template) {
    const name = `gp_t_${randomBytes(6).toString('hex')}`;
    const admin = await adminUrl(url);
    await cloneDatabase(admin, template, name);
    const own = new URL(url);
    own.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: own.toString(), poolSize: 4 });
    const close = database.close;
    return {
      database: {
        ...database,
        close: async () => {
          await close();
          await dropDatabase(admin, name);
          await admin.end();
        },
      },
      url: own.toString(),
    };
  }
  const dump = readFileSync(inject('templateDump'));
  return { database: await openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) }) };
}

/**
 * The stand-ins a test environment asks for (the sandbox, the built-in game server); a production environment is
 * built as production builds it, without them.
 */
export const standInsFor = (env: Env) => (env.NODE_ENV === 'production' ? undefined : developmentParts);

export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'socialProviders' | 'now' | 'dev'> = {},
) {
  const database = await openTestDatabase();
  const parsed = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({
    env: parsed,
    database,
    logger: false,
    dev: standInsFor(parsed),
    ...options,
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The app with its log lines kept (raw JSON lines, in order) at `LOG_LEVEL` (`info` unless `env` says), for tests
 * of what the logs say.
 */
export async function createLoggedTestApp(env: Record<string, string> = {}) {
  const lines: string[] = [];
  const database = await openTestDatabase();
  const parsed = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info', ...env });
  const app = await buildApp({
    env: parsed,
    database,
    dev: standInsFor(parsed),
    logStream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    }),
  });
  await app.ready();
  return {
    app,
    lines,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Two apps on one test database, as two API processes: on PostgreSQL each has its own pool (and LISTEN
 * connection); on PGlite, which belongs to one process, they share the instance.
 */
export async function createTestAppPair(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'socialProviders' | 'now' | 'dev'> = {},
) {
  const { database, url } = await openSharedTestDatabase();
  const second = url ? await openDatabase({ kind: 'postgres', url, poolSize: 4 }) : database;
  const parsed = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const apps = [] as Awaited<ReturnType<typeof buildApp>>[];
  for (const db of [database, second]) {
    const app = await buildApp({
      env: parsed,
      database: db,
      logger: false,
      dev: developmentParts,
      ...options,
    });
    await app.ready();
    apps.push(app);
  }
  return {
    apps: apps as [(typeof apps)[0], (typeof apps)[0]],
    database,
    db: database.db,
    close: async () => {
      await Promise.all(apps.map((app) => app.close()));
      if (second !== database) await second.close();
      await database.close();
    },
  };
}
