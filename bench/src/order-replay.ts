/**
 * The orders' baseline: the very statements the API sends for an order, in the same transactions, sent by a bare
 * node-postgres script - no HTTP, no framework, no validation, no hashing of anything in JavaScript. A member's
 * order (the top-up captcha, `add_order`, the provider's "paid" notification) is recorded through the API until two
 * recordings sent the same statements; what differs between those two is what each order makes anew, and the
 * replay makes it anew too:
 * - a value an earlier statement answered (an id, a stored token) is taken from the replay's own answer;
 * - a time is moved to now, keeping its distance from the order's start;
 * - any other string (an order number, a key, a token's hash) gets a fresh one of the same shape, the same fresh
 *   one wherever the recorded one appeared, also inside a longer text (a notification body).
 * Every replayed statement must change or answer as many rows as the recorded one did, or the replay fails: the
 * baseline does the same work, not less.
 */
import { randomInt } from 'node:crypto';
import type { Request } from 'autocannon';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Statement, StatementRecorder } from './scale/explain.ts';
import { orderRequests, type OrderMember, type OrderProduct } from './order-flow.ts';

/** One request of the order as recorded: its statements in the order sent. */
export type RecordedRequest = readonly Statement[];
/** An order as recorded: when it began, and its requests in order. */
export interface RecordedOrder {
  startedAt: number;
  requests: readonly RecordedRequest[];
}

/**
 * One order of `member` through `app` (in-process requests, as the load sends them: order-flow.ts), each
 * request's statements recorded. Throws when a step did not answer as it should.
 */
export async function recordOrder(
  recorder: StatementRecorder,
  app: FastifyInstance,
  flow: { member: OrderMember; product: OrderProduct; captchaAnswer: string; sandboxSecret: string },
): Promise<RecordedOrder> {
  const failed: string[] = [];
  const check = (step: string) => (ok: boolean) => {
    if (!ok) failed.push(step);
  };
  const requests = orderRequests({
    members: [flow.member],
    product: flow.product,
    captchaAnswer: flow.captchaAnswer,
    sandboxSecret: flow.sandboxSecret,
    onCaptcha: check('captcha'),
    onOrder: check('add_order'),
    onPaid: check('notify'),
  });
  const context = {};
  const startedAt = Date.now();
  const recorded: RecordedRequest[] = [];
  for (const request of requests) {
    // order-flow.ts writes each request as these two callbacks (autocannon's types also allow strings here).
    const setup = request.setupRequest as (req: Request, context: object) => Request;
    const answered = request.onResponse as (status: number, body: string, context: object) => void;
    const sent = setup({ method: request.method, path: '/', headers: {} }, context);
    const method = (sent.method ?? 'GET') as 'GET' | 'POST';
    const { result, statements } = await recorder.during(() =>
      app.inject({
        method,
        url: sent.path ?? '/',
        headers: sent.headers ?? {},
        ...(sent.body !== undefined ? { payload: sent.body as string } : {}),
      }),
    );
    answered(result.statusCode, result.body, context);
    if (failed.length)
      throw new Error(
        `recording an order: ${failed.join(', ')} answered ${result.statusCode} ${result.body.slice(0, 200)}`,
      );
    recorded.push(statements);
  }
  return { startedAt, requests: recorded };
}

/**
 * Each member's replay template: a warm-up order, then orders until two of them sent the same statements. An
 * order that comes just after the catalogue cache expired (PUBLIC_CACHE_TTL_MS, a second) reads the catalogue
 * too, which orders under load almost never do; when orders take about half that time, every other one does, so
 * two in a row rarely match: any two of the same statements do, the fewest statements first.
 */
export async function orderTemplates(
  recorder: StatementRecorder,
  app: FastifyInstance,
  members: readonly OrderMember[],
  flow: { product: OrderProduct; captchaAnswer: string; sandboxSecret: string },
): Promise<OrderTemplate[]> {
  const templates: OrderTemplate[] = [];
  for (const member of members) {
    const order = () => recordOrder(recorder, app, { ...flow, member });
    await order();
    const recorded: RecordedOrder[] = [await order()];
    for (;;) {
      recorded.push(await order());
      const pair = sameStatements(recorded);
      // Two with the catalogue read while another order did without it: one more may give the cached pair.
      const fewest = Math.min(...recorded.map(statementCount));
      if (pair && (statementCount(pair[0]) === fewest || recorded.length === maxRecordings)) {
        templates.push(orderTemplate(...pair));
        break;
      }
      if (recorded.length === maxRecordings) {
        orderTemplate(recorded.at(-2)!, recorded.at(-1)!); // throws, naming where the last two parted
        throw new Error(`no two of ${maxRecordings} recorded orders sent the same statements`);
      }
    }
  }
  return templates;
}

/** Orders recorded per member at most (after the warm-up) to find two that sent the same statements. */
const maxRecordings = 6;

/** Each request's statements but the rate limiter's batched writes (`batched`), which land in any request. */
const ownRequests = (order: RecordedOrder) =>
  order.requests.map((request) => request.filter((s) => !batched.test(s.text)));
const ownStatements = (order: RecordedOrder) => ownRequests(order).flat();
const statementCount = (order: RecordedOrder) => ownStatements(order).length;

/**
 * Two of the recorded orders that sent the same statements (the rate limiter's batched writes aside), the pair
 * with the fewest statements, in the order recorded; undefined when no two did.
 */
export function sameStatements(
  recorded: readonly RecordedOrder[],
): [RecordedOrder, RecordedOrder] | undefined {
  const byShape = new Map<string, RecordedOrder[]>();
  for (const order of recorded) {
    const shape = ownStatements(order)
      .map((s) => s.text)
      .join('\u0000');
    byShape.set(shape, [...(byShape.get(shape) ?? []), order]);
  }
  const pairs = [...byShape.values()].filter((orders) => orders.length >= 2);
  pairs.sort((a, b) => statementCount(a[0]!) - statementCount(b[0]!));
  const [first] = pairs;
  return first ? [first[0]!, first[1]!] : undefined;
}

/** Connections a replay of `templates` at one order per template at once can need: none waits for a client. */
export const replayPoolSize = (templates: readonly OrderTemplate[]) =>
  templates.reduce((sum, t) => sum + 1 + Math.max(0, ...t.statements.map((s) => s.connection)), 0);

/** How the baseline's row names the work: "12 statements (2 + 6 + 4 per request)". */
export function replayWork(template: OrderTemplate): string {
  const perRequest = Array.from(
    { length: template.requests },
    (_, r) => template.statements.filter((s) => s.request === r).length,
  );
  return `${template.statements.length} statements (${perRequest.join(' + ')} per request)`;
}

type Source =
  | { kind: 'same'; value: unknown }
  | { kind: 'answer'; statement: number; row: number; field: string | number }
  | { kind: 'time'; offsetMs: number }
  | { kind: 'fresh'; value: string }
  | { kind: 'text'; value: string; parts: readonly string[] };

interface TemplateStatement {
  request: number;
  /** Which connection of its request the statement ran on (a transaction's statements share one). */
  connection: number;
  config: { text: string; values: unknown[]; rowMode?: string; types?: unknown };
  values: Source[];
  rowCount: number | null;
}

export interface OrderTemplate {
  requests: number;
  statements: TemplateStatement[];
}

/**
 * Writes the API batches over all requests on a timer, landing in whichever request's window the timer fires: the
 * rate limiter's counters (rate-limit.store.ts), merged every 250 ms for every address at once.
 */
const batched = /^\s*insert into "rate_limit_hit"/;

const isoTime = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

const timeOf = (value: unknown): number | undefined => {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string' && isoTime.test(value)) return Date.parse(value);
  return undefined;
};

const asText = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

/**
 * What an order's replay sends, from two recordings of the same member's order (the second after the first, both
 * after a warm-up order, `orderTemplates`). Throws when the two did not send the same statements.
 */
export function orderTemplate(recordedFirst: RecordedOrder, recordedSecond: RecordedOrder): OrderTemplate {
  const first = ownRequests(recordedFirst);
  const second = ownRequests(recordedSecond);
  if (first.length !== second.length) throw new Error('the two recorded orders made different requests');
  const flatFirst = first.flat();
  const flatSecond = second.flat();
  const mismatch = flatSecond.findIndex((s, i) => s.text !== flatFirst[i]?.text);
  if (flatFirst.length !== flatSecond.length || mismatch >= 0)
    throw new Error(
      `the two recorded orders sent different statements, from statement ${mismatch}:\n${[
        flatFirst,
        flatSecond,
      ]
        .map(
          (list, n) =>
            `order ${n + 1}:\n${list.map((s, i) => `  ${i}. ${s.text.replace(/\s+/g, ' ').slice(0, 100)}`).join('\n')}`,
        )
        .join('\n')}`,
    );
  const statements: TemplateStatement[] = [];
  // Strings made anew by the order, longest first: a longer one may hold a shorter one.
  const freshTexts = new Set<string>();
  let index = 0;
  second.forEach((request, r) => {
    const connections = new Map<object, number>();
    for (const statement of request) {
      const before = flatFirst[index]!;
      if (!connections.has(statement.client)) connections.set(statement.client, connections.size);
      const values = statement.values.map((value, v): Source => {
        const was = before.values[v];
        if (asText(value) === asText(was)) return { kind: 'same', value };
        const answer = findAnswer(flatSecond, index, value);
        if (answer) return answer;
        const time = timeOf(value);
        if (time !== undefined) return { kind: 'time', offsetMs: time - recordedSecond.startedAt };
        const text = asText(value);
        freshTexts.add(text);
        return { kind: 'fresh', value: text };
      });
      statements.push({
        request: r,
        connection: connections.get(statement.client)!,
        config: { ...statement.extra, text: statement.text, values: statement.values },
        values,
        rowCount: statement.rowCount,
      });
      index++;
    }
  });
  // A fresh string that holds other fresh ones (a notification's body holds the order number) is written from
  // them, so the replay's body names the replay's order.
  const parts = [...freshTexts].sort((a, b) => b.length - a.length);
  for (const statement of statements)
    statement.values = statement.values.map((source) => {
      if (source.kind !== 'fresh') return source;
      const inner = parts.filter((p) => p !== source.value && p.length >= 6 && source.value.includes(p));
      return inner.length ? { kind: 'text', value: source.value, parts: inner } : source;
    });
  return { requests: second.length, statements };
}

/** The latest answer before `before` holding `value` in a field, as a reference to it. */
function findAnswer(statements: readonly Statement[], before: number, value: unknown): Source | undefined {
  const wanted = asText(value);
  for (let s = before - 1; s >= 0; s--) {
    const rows = statements[s]!.rows;
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r];
      if (!row || typeof row !== 'object') continue;
      for (const [field, got] of Object.entries(row)) {
        if (got !== null && got !== undefined && asText(got) === wanted)
          return { kind: 'answer', statement: s, row: r, field: Array.isArray(row) ? Number(field) : field };
      }
    }
  }
  return undefined;
}

const digits = '0123456789';
const lower = 'abcdefghijklmnopqrstuvwxyz';
const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A string of `like`'s shape: each digit, lower-case and upper-case letter replaced by a random one of its kind. */
export function sameShape(like: string): string {
  let out = '';
  for (const ch of like) {
    const set = digits.includes(ch)
      ? digits
      : lower.includes(ch)
        ? // Hex stays hex: a hash's letters are a-f.
          /^[0-9a-f]+$/.test(like)
          ? 'abcdef'
          : lower
        : upper.includes(ch)
          ? upper
          : undefined;
    out += set ? set[randomInt(set.length)] : ch;
  }
  return out;
}

/** One order's statements sent again on `pool`, as `template` says; answers each request's milliseconds. */
export async function replayOrder(pool: pg.Pool, template: OrderTemplate): Promise<number[]> {
  const now = Date.now();
  const fresh = new Map<string, string>();
  const freshOf = (value: string) => {
    let made = fresh.get(value);
    if (made === undefined) fresh.set(value, (made = sameShape(value)));
    return made;
  };
  const answers: unknown[][] = [];
  const times: number[] = [];
  let s = 0;
  for (let r = 0; r < template.requests; r++) {
    const began = performance.now();
    const clients: pg.PoolClient[] = [];
    try {
      for (; s < template.statements.length && template.statements[s]!.request === r; s++) {
        const statement = template.statements[s]!;
        const client = (clients[statement.connection] ??= await pool.connect());
        const values = statement.values.map((source) => {
          switch (source.kind) {
            case 'same':
              return source.value;
            case 'answer': {
              const row = answers[source.statement]?.[source.row] as
                Record<string | number, unknown> | undefined;
              return row?.[source.field];
            }
            case 'time':
              return new Date(now + source.offsetMs).toISOString();
            case 'fresh':
              return freshOf(source.value);
            case 'text':
              return source.parts.reduce((text, part) => text.split(part).join(freshOf(part)), source.value);
          }
        });
        const result = await client.query({ ...statement.config, values } as pg.QueryConfig);
        answers[s] = result.rows;
        if (statement.rowCount !== null && result.rowCount !== statement.rowCount)
          throw new Error(
            `the replay's statement ${s} touched ${result.rowCount} rows, the API's ${statement.rowCount}: ${statement.config.text}`,
          );
      }
    } finally {
      for (const client of clients) client?.release();
    }
    times.push(performance.now() - began);
  }
  return times;
}

export interface ReplayLoad {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  total: number;
  /** The first failure's message, if any. */
  error?: string;
}

/**
 * Replays orders with `templates.length` concurrent buyers (each its own member's template) for `durationS`
 * after `warmupS`: whole orders per second, and the latency of each of their requests.
 */
export async function replayLoad(
  pool: pg.Pool,
  templates: readonly OrderTemplate[],
  options: { durationS: number; warmupS: number },
): Promise<ReplayLoad> {
  const times: number[] = [];
  let done = 0;
  let failures = 0;
  let error: string | undefined;
  let counting = false;
  const warmEnd = Date.now() + options.warmupS * 1000;
  const end = warmEnd + options.durationS * 1000;
  setTimeout(() => (counting = true), Math.max(0, warmEnd - Date.now()));
  await Promise.all(
    templates.map(async (template) => {
      while (Date.now() < end) {
        try {
          const took = await replayOrder(pool, template);
          if (counting && Date.now() <= end) {
            done++;
            times.push(...took);
          }
        } catch (e) {
          failures++;
          error ??= (e as Error).message;
          if (failures > 100) return;
        }
      }
    }),
  );
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    times.length ? Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]!) : 0;
  return {
    perSecond: Math.round(done / options.durationS),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    failures,
    total: times.length,
    ...(error ? { error } : {}),
  };
}
