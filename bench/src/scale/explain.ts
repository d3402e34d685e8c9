/**
 * What the database does for a call: every statement the API sends while answering one request is recorded (a
 * wrapper around node-postgres' `Client#query`, on only while that request runs) and then explained on a
 * connection of its own (`EXPLAIN (FORMAT JSON)`, not analyzed, with the request's own parameter values). A plan
 * that reads a large table sequentially is named, so `pnpm bench:scale` fails on it whatever its timing.
 */
import pg from 'pg';

export interface Statement {
  text: string;
  values: unknown[];
  /** What else the client was given (row mode, type parsers), to send the same again. */
  extra: { rowMode?: string; types?: unknown };
  /** The pool client it ran on, to keep a transaction's statements on one connection when replayed. */
  client: object;
  /** Filled when the statement's answer came: rows changed or returned, and the rows. */
  rowCount: number | null;
  rows: unknown[];
}

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
  [key: string]: unknown;
}

/** The relations a plan reads with a sequential scan, in plan order. */
export function seqScans(plan: PlanNode): string[] {
  const found: string[] = [];
  const walk = (node: PlanNode) => {
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) found.push(node['Relation Name']);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan);
  return found;
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Records the statements node-postgres clients send while a piece of work runs (`during`), with their answers.
 * The work must run alone in this process (the bench's requests, one at a time, in-process): the window is by
 * time, since Fastify's in-process requests do not carry the caller's async context through to the handler.
 */
export class StatementRecorder {
  private recording: Statement[] | undefined;
  private readonly original: QueryFn;

  constructor() {
    const proto = pg.Client.prototype as unknown as { query: QueryFn };
    this.original = proto.query;
    const original = this.original;
    const recording = () => this.recording;
    const answered = (statement: Statement, answer: { rowCount?: number | null; rows?: unknown[] }) => {
      statement.rowCount = answer?.rowCount ?? null;
      statement.rows = answer?.rows ?? [];
    };
    proto.query = function (this: object, ...args: unknown[]) {
      const statements = recording();
      if (!statements) return original.apply(this, args);
      const [first, second] = args;
      const given = Array.isArray(second) ? second : [];
      type Config = { text: string; values?: unknown[]; rowMode?: string; types?: unknown };
      const config: Config | undefined =
        typeof first === 'string'
          ? { text: first }
          : first && typeof first === 'object' && 'text' in first
            ? (first as Config)
            : undefined;
      if (!config) return original.apply(this, args);
      const statement: Statement = {
        text: config.text,
        values: config.values ?? given,
        extra: {
          ...(config.rowMode !== undefined ? { rowMode: config.rowMode } : {}),
          ...(config.types !== undefined ? { types: config.types } : {}),
        },
        client: this,
        rowCount: null,
        rows: [],
      };
      statements.push(statement);
      // The pool's own query() passes a callback; drizzle's transactions await a promise.
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (error: unknown, answer: { rowCount?: number | null; rows?: unknown[] }) => {
          if (!error) answered(statement, answer);
          return (callback as (...a: unknown[]) => unknown)(error, answer);
        };
        return original.apply(this, args);
      }
      const result = original.apply(this, args);
      if (result instanceof Promise)
        result.then(
          (answer) => answered(statement, answer),
          () => undefined,
        );
      return result;
    };
  }

  /** Runs `work` alone and answers what it answered with the statements it sent, in the order sent. */
  async during<T>(work: () => Promise<T>): Promise<{ result: T; statements: Statement[] }> {
    const statements: Statement[] = [];
    this.recording = statements;
    try {
      return { result: await work(), statements };
    } finally {
      this.recording = undefined;
    }
  }

  restore() {
    (pg.Client.prototype as unknown as { query: QueryFn }).query = this.original;
  }
}

export interface Explained {
  text: string;
  seqScans: string[];
}

/** Each SELECT among `statements`, explained on `client`: the large tables its plan scans sequentially. */
export async function explainAll(
  client: pg.Client,
  statements: readonly Statement[],
  largeTables: readonly string[],
): Promise<Explained[]> {
  const out: Explained[] = [];
  for (const s of statements) {
    if (!/^\s*(select|with)\b/i.test(s.text)) continue;
    const result = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>({
      text: `explain (format json) ${s.text}`,
      values: s.values,
    });
    const plan = result.rows[0]!['QUERY PLAN'][0].Plan;
    out.push({ text: s.text, seqScans: seqScans(plan).filter((t) => largeTables.includes(t)) });
  }
  return out;
}
