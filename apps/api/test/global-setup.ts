/**
 * Builds the template database once per test run: on PostgreSQL (DATABASE_URL set) a template database every
 * test file clones, else a PGlite data directory dump every test file loads. Both hold the migrations and the
 * demo seed, so tests start from what `pnpm start` starts from.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { runSeed } from '../src/composition/seed/seed.ts';
import { adminUrl, dropDatabase } from './postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDump: string;
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `gp_template_${randomBytes(4).toString('hex')}`;
    const admin = await adminUrl(url);
    await admin.query(`create database ${name}`);
    const template = new URL(url);
    template.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: template.toString(), poolSize: 1 });
    await database.migrate();
    await runSeed(database.db);
    await database.close();
    project.provide('templateDatabase', name);
    project.provide('templateDump', '');
    return async () => {
      await dropDatabase(admin, name);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'gp-api-test-'));
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await runSeed(database.db);
  const dumpPath = join(dir, 'template.tar');
  if (!database.dumpDataDir) throw new Error('the embedded database cannot dump its data directory');
  writeFileSync(dumpPath, Buffer.from(await (await database.dumpDataDir()).arrayBuffer()));
  await database.close();
  project.provide('templateDump', dumpPath);
  project.provide('templateDatabase', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
