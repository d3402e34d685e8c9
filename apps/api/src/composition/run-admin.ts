/**
 * The operator's commands against the production database (`node apps/api/dist/admin.js <command>`, src/admin.ts),
 * from the same environment as the API. The database must have been migrated by an API start first: a command
 * never migrates, so it cannot race a starting API.
 *
 *   first-admin   makes the console's first administrator and prints its one-time password once (first-admin.ts)
 */
import { parseEnvOrExit } from '../config/env.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { firstAdmin } from './first-admin.ts';

const usage = 'Usage: node apps/api/dist/admin.js first-admin\n';

export interface AdminIo {
  /** Opens the database of the environment (admin.ts: the API's own settings). */
  open: () => Promise<Database>;
  /** What the command says: stdout, and stderr for refusals. */
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Runs one command; answers the process's exit code. */
export async function runAdmin(args: readonly string[], io: AdminIo): Promise<number> {
  const { out, err } = io;
  const [command, ...rest] = args;
  if (command !== 'first-admin' || rest.length > 0) {
    err(usage);
    return 2;
  }
  const database = await io.open();
  try {
    const pending = await database.pendingMigrations();
    if (pending > 0) {
      err(
        `The database lacks ${pending} migration(s): start the API once (it migrates the database), then run this again.\n`,
      );
      return 1;
    }
    const result = await firstAdmin(database.db);
    if (!result.made) {
      err(
        `Refused: the console already has ${result.accounts} staff account(s). An administrator resets passwords ` +
          'in the console (Staff accounts).\n',
      );
      return 1;
    }
    out(
      `${result.made === 'account' ? 'Made' : 'Gave a new one-time password to'} the console's administrator "${result.accountId}".\n` +
        `One-time password: ${result.password}\n` +
        '(shown only this once and stored only hashed; the console asks for a new password, then a second factor, at first login)\n',
    );
    return 0;
  } finally {
    await database.close();
  }
}

/** The database of the API's environment, with one connection. */
export function openEnvDatabase(): Promise<Database> {
  const env = parseEnvOrExit();
  return openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: 1 }
      : { kind: 'pglite', dataDir: env.DATA_DIR },
  );
}
