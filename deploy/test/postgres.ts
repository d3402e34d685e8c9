/**
 * A throwaway PostgreSQL cluster on a free loopback port, as `scripts/with-postgres.sh` starts one (run as the
 * `postgres` user when the test runs as root, which initdb requires), removed by `stop`.
 */
import { existsSync, readdirSync } from 'node:fs';
import { chownSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, run } from './processes.ts';

export interface Postgres {
  url: string;
  /** Runs SQL with psql; answers its unaligned, tuples-only output. */
  sql: (statement: string) => string;
  stop: () => void;
}

/** Where PostgreSQL's programs are (PG_BIN, or the newest Debian install). */
export function pgBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin/initdb')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const newest = versions.at(-1);
  if (!newest) throw new Error('PostgreSQL server binaries not found (apt-get install -y postgresql)');
  return join(root, newest, 'bin');
}

export async function startPostgres(dir: string): Promise<Postgres> {
  const bin = pgBin();
  const port = await freePort();
  const data = join(dir, 'data');
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  const root = process.getuid?.() === 0;
  if (root) {
    const uid = Number(run('id', ['-u', 'postgres']).trim());
    chownSync(dir, uid, Number(run('id', ['-g', 'postgres']).trim()));
  }
  const asPg = (command: string, args: string[]) =>
    root
      ? run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args])
      : run(join(bin, command), args);
  asPg('initdb', ['-D', data, '-U', 'gp', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  const options = `-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  asPg('pg_ctl', ['-D', data, '-l', join(dir, 'postgres.log'), '-w', '-o', options, 'start']);
  const stop = () => {
    try {
      asPg('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    } catch {
      // Already down.
    }
  };
  try {
    asPg('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'gp', 'gp']);
  } catch (error) {
    stop();
    throw error;
  }
  const url = `postgres://gp@127.0.0.1:${port}/gp`;
  return {
    url,
    sql: (statement) => run(join(bin, 'psql'), [url, '-X', '-v', 'ON_ERROR_STOP=1', '-At', '-c', statement]),
    stop,
  };
}
