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

/** Records the statements of node-postgres clients between `start()` and `stop()`. */
export class StatementRecorder {
  private recording: Statement[] | undefined;
  private readonly original: QueryFn;

  constructor() {
    const proto = pg.Client.prototype as unknown as { query: QueryFn };
    this.original = proto.query;
    const original = this.original;
    const record = (statement: Statement) => this.recording?.push(statement);
    proto.query = function (this: unknown, ...args: unknown[]) {
      const [config, values] = args;
      const given = Array.isArray(values) ? values : [];
      if (typeof config === 'string') record({ text: config, values: given });
      else if (config && typeof config === 'object' && 'text' in config) {
        const c = config as { text: string; values?: unknown[] };
        record({ text: c.text, values: c.values ?? given });
      }
      return original.apply(this, args);
    };
  }

  start() {
    this.recording = [];
  }

  stop(): Statement[] {
    const out = this.recording ?? [];
    this.recording = undefined;
    return out;
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
