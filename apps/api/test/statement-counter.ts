/**
 * Records the statements the database driver receives (each a round trip a request waits for), on either
 * driver: PGlite's wire-protocol entry point (every statement, BEGIN and COMMIT included, passes it as a
 * Parse or a simple Query message) or node-postgres's `Client.query` (every pooled connection is a Client).
 * Only one recorder at a time; `restore` puts the driver back.
 */
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../src/db/database.ts';

export interface StatementRecorder {
  /** Starts a new recording (what was recorded before is dropped). */
  start(): void;
  /** Ends the recording and answers the statements' text, in the order they were sent. */
  stop(): string[];
  restore(): void;
}

type Fn = (...args: unknown[]) => unknown;

/** The SQL text of a Parse ('P': name, then text) or simple Query ('Q': text) message; undefined for others. */
function statementOf(message: Uint8Array): string | undefined {
  const kind = String.fromCharCode(message[0] ?? 0);
  if (kind !== 'P' && kind !== 'Q') return undefined;
  let at = 5;
  if (kind === 'P') at = message.indexOf(0, at) + 1;
  return new TextDecoder().decode(message.subarray(at, message.indexOf(0, at)));
}

export function recordStatements(database: Database): StatementRecorder {
  let recording: string[] | undefined;
  const record = (text: string) => recording?.push(text);
  let restore: () => void;
  if (database.driver === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const target = client as unknown as { execProtocolStream: Fn };
    const original = target.execProtocolStream;
    target.execProtocolStream = function (this: unknown, ...args: unknown[]) {
      const text = statementOf(args[0] as Uint8Array);
      if (text !== undefined) record(text);
      return original.apply(this, args);
    };
    restore = () => {
      target.execProtocolStream = original;
    };
  } else {
    const proto = pg.Client.prototype as unknown as { query: Fn };
    const original = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      const [config] = args;
      if (typeof config === 'string') record(config);
      else if (config && typeof config === 'object' && 'text' in config) record(String(config.text));
      return original.apply(this, args);
    };
    restore = () => {
      proto.query = original;
    };
  }
  return {
    start: () => {
      recording = [];
    },
    stop: () => {
      const out = recording ?? [];
      recording = undefined;
      return out;
    },
    restore: () => restore(),
  };
}
