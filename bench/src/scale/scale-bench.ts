/**
 * `pnpm bench:scale`: the hot calls against a database the size of a real publisher's.
 * On the throwaway PostgreSQL of DATABASE_URL (scripts/with-postgres.sh gives one): the real migrations, the
 * demo seed, then the scale data (scale-data.ts), VACUUM ANALYZE; then the API on that database as two replicas
 * (api-cluster.ts, as deploy/compose.yaml runs it; `--api-processes`) and, from a load generator in its own
 * process (load-worker.ts), each call at 20 concurrent clients against a bare Fastify GET of the same run;
 * every statement those calls send explained, failing on a sequential scan of a large table; the desk's text
 * searches against their own budget, the calls at the machine's spread as the median of three runs; login at as
 * many clients as cores and, at 20, against the hash ceiling measured first; orders at 20 concurrent buyers
 * against the replay of their own statements by a bare node-postgres script (../order-replay.ts).
 * Prints one table, writes bench/results-scale.json and bench/results-scale.md; `--check` exits 1 on a miss.
 *
 *   pnpm bench:scale [--check] [--scale=1] [--duration=5] [--warmup=1] [--only=read,orders] [--api-processes=2]
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { format, resolveConfig } from 'prettier';
import { privilegeId, staffPrivileges } from '../../../packages/contracts/src/staff.contracts.ts';
import { buildApp } from '../../../apps/api/src/app.ts';
import { developmentParts } from '../../../apps/api/src/dev/development-parts.ts';
import { openDatabase, type Database, type Db } from '../../../apps/api/src/db/database.ts';
import { staffPasskey } from '../../../apps/api/src/db/schema/staff.schema.ts';
import { runSeed, seedSteps } from '../../../apps/api/src/composition/seed/seed.ts';
import {
  csrfCookie,
  sessionCookie,
  SessionRepository,
} from '../../../apps/api/src/modules/accounts/index.ts';
import {
  hashSessionId,
  newToken,
  PasswordHasher,
  productionCost,
} from '../../../apps/api/src/modules/sessions/index.ts';
import {
  StaffAccountRepository,
  staffCsrfCookie,
  staffSessionCookie,
  StaffSessionRepository,
} from '../../../apps/api/src/modules/staff/index.ts';
import { benchApiEnv, loginMember, orderProduct, rechargeableRole } from '../api-load.ts';
import { checkScale, loadBudgets, type ScaleMeasure, type ScaleScenario } from '../budgets.ts';
import { markdownTable, plainTable, type Row } from '../table.ts';
import { middle } from '../median.ts';
import { explainAll, StatementRecorder } from './explain.ts';
import { orderTemplates, replayLoad, replayPoolSize, replayWork } from '../order-replay.ts';
import { startApiCluster } from './api-cluster.ts';
import type { OrderMember } from '../order-flow.ts';
import type { LoadJob, LoadOutcome } from './load-worker.ts';
import {
  countsAt,
  loadScale,
  rareWordCount,
  rareWords,
  scalePassword,
  scaleUserId,
  vocabulary,
  type ScaleCounts,
} from './scale-data.ts';

const { values } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    scale: { type: 'string', default: '1' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    only: { type: 'string', default: 'read,orders' },
    port: { type: 'string', default: '9290' },
    /** Calls to leave out, by a part of their name (comma-separated): those known to take seconds. */
    skip: { type: 'string', default: '' },
    /** Only the calls whose name holds one of these parts (comma-separated); all when empty. */
    calls: { type: 'string', default: '' },
    /** API processes under load: deploy/compose.yaml runs two replicas. */
    'api-processes': { type: 'string', default: '2' },
    /** PostgreSQL connections per API process (DATABASE_POOL_SIZE). */
    'pool-size': { type: 'string', default: '10' },
  },
});
const log = (line: string) => process.stderr.write(`${line}\n`);
const load = () => loadavg().map((l) => Math.round(l * 100) / 100);
const only = new Set(values.only.split(',').map((p) => p.trim()));
const budgets = loadBudgets().scale;
const url = process.env.DATABASE_URL;
if (!url)
  throw new Error('DATABASE_URL is not set: run through scripts/with-postgres.sh (pnpm bench:scale does)');

const scale = Number(values.scale);
const counts = countsAt(scale);
const durationS = Number(values.duration);
const warmupS = Number(values.warmup);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const captchaAnswer = 'bench';
const sandboxSecret = randomUUID().replace(/-/g, '') + randomUUID().replace(/-/g, '');

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  return rowsOf<T>(await db.execute(query))[0]!;
}

/** The median run of several of one call (by p99), with the median rate. */
function medianOutcome(outcomes: readonly LoadOutcome[]): LoadOutcome {
  const rates = outcomes.map((o) => o.perSecond);
  return { ...middle(outcomes, (a, b) => a.p99Ms - b.p99Ms), perSecond: middle(rates, (a, b) => a - b) };
}

/** One core's argon2id verifications per second at production cost, one after another for `seconds`. */
async function hashesPerSecond(seconds: number): Promise<number> {
  const hasher = new PasswordHasher(productionCost, 1);
  const stored = await hasher.hash(scalePassword);
  await hasher.verify(stored, scalePassword);
  const end = performance.now() + seconds * 1000;
  const began = performance.now();
  let n = 0;
  while (performance.now() < end) {
    await hasher.verify(stored, scalePassword);
    n++;
  }
  return n / ((performance.now() - began) / 1000);
}

// ---- the load generator, in its own process ----
let worker: ChildProcess | undefined;
function runLoad(job: LoadJob): Promise<LoadOutcome> {
  worker ??= fork(fileURLToPath(new URL('./load-worker.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const child = worker;
  return new Promise((resolve, reject) => {
    child.once('message', (answer: { outcome?: LoadOutcome; error?: string }) =>
      answer.outcome ? resolve(answer.outcome) : reject(new Error(answer.error)),
    );
    child.send(job);
  });
}

// ---- the database ----
async function prepare(database: Database): Promise<{ loadSeconds: number | null; counts: ScaleCounts }> {
  await database.migrate();
  await runSeed(database.db, seedSteps, { oneTimePasswords: [] });
  const { n } = await one<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from member where user_id like 'scale-%'`,
  );
  if (n >= counts.members) {
    // The run that loaded it noted how long that took (a bench table, not the schema's).
    const noted = await database.db
      .execute(sql`select seconds from bench_scale_load order by loaded_at desc limit 1`)
      .then((r) => rowsOf<{ seconds: number }>(r)[0]?.seconds ?? null)
      .catch(() => null);
    log(`scale data already loaded (${n} members, in ${noted ?? '?'} s): measuring it as it is`);
    return { loadSeconds: noted, counts };
  }
  if (n > 0) throw new Error(`a partial scale load (${n} members) is in ${url}: use a fresh database`);
  log(`loading scale ${scale}: ${JSON.stringify(counts)}`);
  const started = performance.now();
  const hash = await new PasswordHasher(productionCost).hash(scalePassword);
  await loadScale(database.db, counts, hash, log);
  log('  vacuum analyze');
  await database.db.execute(sql`vacuum analyze`);
  const loadSeconds = Math.round((performance.now() - started) / 1000);
  log(`loaded in ${loadSeconds} s`);
  await database.db.execute(
    sql`create table if not exists bench_scale_load (seconds integer not null, counts jsonb not null, loaded_at timestamptz not null default now())`,
  );
  await database.db.execute(
    sql`insert into bench_scale_load (seconds, counts) values (${loadSeconds}, ${JSON.stringify(counts)}::jsonb)`,
  );
  return { loadSeconds, counts };
}

async function staffSession(db: Db) {
  const account = await new StaffAccountRepository(db).create({
    accountId: `scale-${newToken(6).toLowerCase()}`,
    accountName: 'Scale bench',
    passwordHash: 'not used: the session is made directly',
    privilegeIds: staffPrivileges.map((p) => privilegeId(p.name)),
    mustChangePassword: false,
    status: 'active',
  });
  // Every staff session needs an enrolled second factor; the bench never signs in with it.
  await db.insert(staffPasskey).values({
    staffId: account.id,
    credentialId: newToken(16),
    publicKey: new Uint8Array([0]),
    name: 'Scale bench',
  });
  const sid = newToken(32);
  const ct = newToken(24);
  await new StaffSessionRepository(db).create({
    idHash: hashSessionId(sid),
    staffId: account.id,
    csrfToken: ct,
    ip: '127.0.0.1',
    expiresAt: new Date(Date.now() + 6 * 3_600_000),
    lastSeenAt: new Date(),
    // As a login through the second step leaves it: only such a session is privileged.
    secondFactorAt: new Date(),
  });
  return { ct, cookie: `${staffSessionCookie}=${sid}; ${staffCsrfCookie}=${ct}` };
}

async function memberSession(db: Db, mid: number) {
  const sid = newToken(32);
  const ct = newToken(24);
  await new SessionRepository(db).create({
    idHash: hashSessionId(sid),
    mid,
    csrfToken: ct,
    expiresAt: new Date(Date.now() + 6 * 3_600_000),
  });
  return { ct, cookie: `${sessionCookie}=${sid}; ${csrfCookie}=${ct}` };
}

interface ReadCall {
  name: string;
  group: string;
  method: 'GET' | 'POST';
  path: string;
  body?: object;
  cookie?: string;
  /**
   * Asked once before the recorded request: what a call costs is its cost on a warm process (the FAQ search reads
   * a language's texts into memory once, a full read of them, then searches there).
   */
  warm?: boolean;
}

/** Every read the issue names, with values that exist in the scale data. */
async function readCalls(db: Db): Promise<ReadCall[]> {
  const staff = await staffSession(db);
  const first = await one<{ mid: number }>(db, sql`select mid from member where user_id = ${scaleUserId(1)}`);
  const member = await memberSession(db, first.mid);
  const top = await one<{ game_base_id: number; question_type_id: number; character_id: string }>(
    db,
    sql`select game_base_id, question_type_id, character_id from cs_work_order where mid = ${first.mid} order by id desc limit 1`,
  );
  const order = await one<{ order_no: string; cp_role_id: string; game_base_id: number }>(
    db,
    sql`select order_no, cp_role_id, game_base_id from pay_order where mid = ${first.mid} order by id desc limit 1`,
  );
  const month = 30 * 86_400_000;
  const range = {
    start_time: new Date(Date.now() - 7 * month).toISOString(),
    end_time: new Date(Date.now() - 5 * month).toISOString(),
  };
  const queue = (name: string, filters: object): ReadCall => ({
    name: `ticket queue ${name}`,
    group: 'staff ticket queue',
    method: 'POST',
    path: `/csmng/komoe/mng/work_order/page?ct=${staff.ct}`,
    body: { page_num: 1, page_size: 20, ...filters },
    cookie: staff.cookie,
  });
  const orders = (name: string, filters: object): ReadCall => ({
    name: `order search ${name}`,
    group: 'staff order search',
    method: 'POST',
    path: `/csmng/komoe/mng/pay/order/page?ct=${staff.ct}`,
    body: { page_num: 1, page_size: 20, ...filters },
    cookie: staff.cookie,
  });
  // A keyword is one of the language's rarer words (in about one text in sixty, as a real search term) unless
  // the call says "common word" (one of the twenty words a third of all text is made of).
  const rare = (lang: string, n: number) => rareWords(lang)[rareWordCount - 1 - n]!;
  const faq = (lang: keyof typeof vocabulary, word: string, what = '') => ({
    name: `FAQ search ${lang}${what}`,
    group: 'player FAQ search',
    method: 'GET' as const,
    path: `/cs/komoe/api/common/faq/page?lang=${lang}&page_num=1&page_size=10&question_keyword=${encodeURIComponent(word)}`,
    warm: true,
  });
  return [
    queue('(default: last asked, newest)', {}),
    queue('by created, oldest', { order_key: 'created_at', order_type: 'asc' }),
    queue('by created, newest', { order_key: 'created_at', order_type: 'desc' }),
    queue('by updated', { order_key: 'updated_at', order_type: 'desc' }),
    queue('by ticket number', { order_key: 'work_order_id', order_type: 'desc' }),
    queue('status: no reply', { work_order_status: 0 }),
    queue('status: closed', { work_order_status: 3 }),
    queue('game', { game_base_id: top.game_base_id }),
    queue('question type', { question_type: top.question_type_id }),
    queue('character', { character_id: top.character_id }),
    queue('member', { uid: first.mid }),
    queue('reply status: waiting', { reply_status: 0 }),
    queue('reply status: answered', { reply_status: 1 }),
    queue('question keyword', { question_keyword: rare('th', 3) }),
    queue('question keyword, common word', { question_keyword: vocabulary.th!.words[3] }),
    queue('content keyword', { content_keyword: rare('vi', 4) }),
    queue('answer keyword', { answer_keyword: rare('cn', 5) }),
    queue('operator', { operator_name: 'Agent 7' }),
    queue('time range', range),
    orders('(default: newest)', {}),
    orders('by order number', { order_no: order.order_no }),
    orders('by member', { uid: first.mid }),
    orders('by state', { state: 'refunded' }),
    orders('by game and time range', { game_base_id: order.game_base_id, ...range }),
    orders('by character', { cp_role_id: order.cp_role_id }),
    {
      name: 'member order history',
      group: 'member',
      method: 'GET',
      path: `/pay/api/komoe/webpay/order_history?distribution_region=5&page_num=1&page_size=10&lang=en&ct=${member.ct}`,
      cookie: member.cookie,
    },
    {
      name: 'member ticket list',
      group: 'member',
      method: 'POST',
      path: `/cs/komoe/api/work_order/page?lang=th&ct=${member.ct}`,
      body: { page_num: 1, page_size: 10 },
      cookie: member.cookie,
    },
    {
      name: 'FAQ page (no keyword)',
      group: 'player FAQ search',
      method: 'GET',
      path: `/cs/komoe/api/common/faq/page?lang=th&page_num=1&page_size=10`,
    },
    faq('en', rare('en', 2)),
    faq('th', rare('th', 3)),
    faq('cn', rare('cn', 4)),
    faq('zh', rare('zh', 13)),
    faq('vi', rare('vi', 8)),
    faq('th', vocabulary.th!.words[3]!, ', common word'),
    {
      name: 'news list',
      group: 'news',
      method: 'GET',
      path: '/web/news/page?lang=th&region=5&page_num=1&page_size=10',
    },
  ];
}

// ---- the run ----
const started = new Date();
const loadAtStart = load();
const database = await openDatabase({ kind: 'postgres', url, poolSize: 10 });
const scenarios: ScaleScenario[] = [];
let prepared: Awaited<ReturnType<typeof prepare>> | undefined;
let replicas: { close(): Promise<unknown> } | undefined;
let api: FastifyInstance | undefined;
const recorder = new StatementRecorder();
const explainer = new pg.Client({ connectionString: url });
try {
  prepared = await prepare(database);
  const env = benchApiEnv({ captchaAnswer, sandboxSecret, port });
  // This process's API answers only the one recorded request per call (inject); the load goes to the replicas.
  api = await buildApp({ env, database, logger: false, dev: developmentParts });
  replicas = await startApiCluster(Number(values['api-processes']), {
    url,
    port,
    poolSize: Number(values['pool-size']),
    captchaAnswer,
    sandboxSecret,
  });
  await explainer.connect();
  const bareBase = `http://127.0.0.1:${port + 1}`;
  /**
   * Waits until the API's statements of the last run have ended: a call slower than its window leaves them running
   * (the load generator stops waiting, PostgreSQL does not), and the next call would be measured against them.
   */
  const databaseQuiet = async (after: string) => {
    const started = performance.now();
    for (;;) {
      const { rows } = await explainer.query<{ active: number }>(
        `select count(*)::int as active from pg_stat_activity
         where datname = current_database() and backend_type = 'client backend' and state = 'active'
           and pid <> pg_backend_pid()`,
      );
      if ((rows[0]?.active ?? 0) === 0) break;
      if (performance.now() - started > 600_000)
        throw new Error(`${after}: its statements still run after 10 min`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const waited = performance.now() - started;
    if (waited > 1000)
      log(`  (${after}: its statements ran on for ${Math.round(waited / 1000)} s after the run)`);
  };
  const settings = { durationS, warmupS };
  const record = (s: ScaleScenario) => {
    scenarios.push(s);
    const scans = s.seqScans?.length ? `, SEQ SCAN ${s.seqScans.join(', ')}` : '';
    log(`  ${s.name}: ${s.perSecond}/s, p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms, ${s.failures} failed${scans}`);
  };

  if (only.has('read')) {
    const connections = budgets.readConnections;
    log(`reads at ${connections} concurrent clients`);
    const baseline = await runLoad({
      flow: 'request',
      url: `${bareBase}/bare`,
      method: 'GET',
      connections,
      ...settings,
    });
    record({
      name: 'bare Fastify GET (baseline)',
      group: 'baseline',
      kind: 'baseline',
      ...baseline,
      ratio: null,
    });
    const parts = (list: string) =>
      list
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
    const skipped = parts(values.skip);
    const chosen = parts(values.calls);
    const measured = (name: string) =>
      !skipped.some((p) => name.includes(p)) && (chosen.length === 0 || chosen.some((p) => name.includes(p)));
    for (const call of await readCalls(database.db)) {
      if (!measured(call.name)) {
        log(`  ${call.name}: skipped (--skip / --calls)`);
        continue;
      }
      const headers: Record<string, string> = {
        ...(call.cookie ? { cookie: call.cookie } : {}),
        ...(call.body ? { 'content-type': 'application/json' } : {}),
      };
      const body = call.body ? JSON.stringify(call.body) : undefined;
      const app = api;
      const request = () =>
        app.inject({ method: call.method, url: call.path, headers, ...(body ? { payload: body } : {}) });
      if (call.warm) await request();
      // One request alone, its statements recorded and explained, and its answer checked.
      const { result: res, statements } = await recorder.during(request);
      const text = res.body;
      if (!text.startsWith('{"code":0'))
        throw new Error(`${call.name}: ${res.statusCode} ${text.slice(0, 300)}`);
      const explained = await explainAll(explainer, statements, budgets.largeTables);
      const runs = budgets.medianOf.calls.some((c) => call.name.includes(c)) ? budgets.medianOf.runs : 1;
      const outcomes: LoadOutcome[] = [];
      for (let run = 0; run < runs; run++) {
        outcomes.push(
          await runLoad({
            flow: 'request',
            url: `${base}${call.path}`,
            method: call.method,
            headers,
            ...(body ? { body } : {}),
            connections,
            ...settings,
          }),
        );
        await databaseQuiet(call.name);
      }
      const outcome = medianOutcome(outcomes);
      record({
        name: call.name,
        group: call.group,
        kind: budgets.textSearch.calls.some((c) => call.name.includes(c)) ? 'search' : 'read',
        ...outcome,
        ratio: Math.round((outcome.perSecond / baseline.perSecond) * 1000) / 1000,
        statements: explained.length,
        seqScans: [...new Set(explained.flatMap((e) => e.seqScans))],
        ...(runs > 1 ? { p99Runs: outcomes.map((o) => o.p99Ms) } : {}),
      });
    }
    const users = Array.from({ length: 200 }, (_, i) => scaleUserId(1 + ((i * 97) % counts.members)));
    if (measured('login')) {
      // The hash ceiling first, on a quiet machine: one core's argon2id verifications per second at production
      // cost, one after another, as the API's hasher runs them.
      const perCore = await hashesPerSecond(3);
      const cores = cpus().length;
      const ceiling = Math.round(cores * perCore);
      log(
        `  argon2id at production cost: ${Math.round(perCore)} verifications/s on one core, ceiling ${ceiling}/s`,
      );
      const login = (clients: number) =>
        runLoad({
          flow: 'login',
          base,
          users,
          password: scalePassword,
          captchaAnswer,
          connections: clients,
          ...settings,
        });
      const atCores = await login(cores);
      record({
        name: `login at ${cores} clients (captcha, key, login; logins/s)`,
        group: 'login',
        kind: 'login',
        ...atCores,
        ratio: null,
      });
      const atCeiling = await login(budgets.login.ceilingConnections);
      record({
        name: `login at ${budgets.login.ceilingConnections} clients, against the hash ceiling of ${ceiling}/s`,
        group: 'login',
        kind: 'login-ceiling',
        ...atCeiling,
        ratio: Math.round((atCeiling.perSecond / ceiling) * 1000) / 1000,
      });
    }
  }

  if (only.has('orders')) {
    const connections = budgets.orderConnections;
    log(`orders at ${connections} concurrent buyers`);
    const product = await orderProduct(base);
    const members: OrderMember[] = [];
    for (let n = 0; n < connections; n++) {
      const m = await loginMember(database.db, n);
      const role = await rechargeableRole(base, m, product.gameBaseId);
      members.push({ ...m, server: role.server, role: role.role });
    }
    // The baseline: each buyer's order recorded through this process's API, and its statements sent again by a
    // bare node-postgres script.
    const templates = await orderTemplates(recorder, api, members, { product, captchaAnswer, sandboxSecret });
    const bare = new pg.Pool({ connectionString: url, max: replayPoolSize(templates) });
    const replayed = await replayLoad(bare, templates, settings).finally(() => bare.end());
    if (replayed.failures > 0)
      throw new Error(`the orders' replay failed ${replayed.failures} times: ${replayed.error}`);
    record({
      name: `the same ${replayWork(templates[0]!)} by a bare node-postgres script (baseline)`,
      group: 'orders',
      kind: 'baseline',
      ...replayed,
      ratio: null,
    });
    const orders = await runLoad({
      flow: 'order',
      base,
      members,
      product,
      sandboxSecret,
      captchaAnswer,
      connections,
      ...settings,
    });
    record({
      name: 'order (captcha, add_order, notify; orders/s)',
      group: 'orders',
      kind: 'order',
      ...orders,
      ratio: Math.round((orders.perSecond / replayed.perSecond) * 1000) / 1000,
    });
  }
} finally {
  worker?.kill();
  recorder.restore();
  await explainer.end().catch(() => undefined);
  await api?.close();
  await replicas?.close();
  await database.close();
}

// ---- report ----
const metText = (met: boolean | null) => (met === null ? 'not measured' : met ? 'met' : 'MISS');
const measure: ScaleMeasure = { loadSeconds: prepared?.loadSeconds ?? null, scenarios };
const verdicts = checkScale(loadBudgets(), measure);
const rows: Row[] = [];
if (measure.loadSeconds !== null)
  rows.push({
    area: 'scale load',
    item: Object.entries(prepared!.counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(', '),
    measured: `${measure.loadSeconds} s`,
    budget: `<= ${budgets.loadSecondsMax} s`,
    result: metText(verdicts.find((v) => v.budget === 'scale load time')?.met ?? null),
  });
for (const s of scenarios) {
  const mine = verdicts.filter((v) => v.budget.startsWith(`${s.name} `));
  const met = mine.length === 0 ? null : mine.every((v) => v.met === true);
  const ratio = s.ratio === null ? '' : ` (${s.ratio}x)`;
  const scans =
    s.seqScans === undefined
      ? ''
      : s.seqScans.length
        ? `; seq scan ${s.seqScans.join(', ')}`
        : '; no seq scan';
  const median = s.p99Runs ? ` (median of p99s ${s.p99Runs.join(', ')})` : '';
  const budget = {
    baseline: '',
    read: `p99 <= ${budgets.readP99MsMax} ms`,
    search: `p99 <= ${budgets.textSearch.p99MsMax} ms`,
    login: `p99 <= ${budgets.login.p99MsMax} ms`,
    'login-ceiling': `>= ${budgets.login.ceilingRatioMin}x`,
    order: `p99 <= ${budgets.orderP99MsMax} ms, >= ${budgets.orderThroughputRatioMin}x`,
  }[s.kind];
  rows.push({
    area: s.group,
    item: s.name,
    measured: `${s.perSecond}/s${ratio}, p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms${median}${s.failures ? `, ${s.failures} failed` : ''}${scans}`,
    budget,
    result: s.kind === 'baseline' ? '' : metText(met),
  });
}
const loadAtEnd = load();
const machine = `${started.toISOString()} on ${cpus().length} cores, load average ${loadAtStart.join(' ')} at the start and ${loadAtEnd.join(' ')} at the end; scale ${scale}, ${budgets.readConnections} clients for reads, ${budgets.orderConnections} buyers, ${durationS} s per call after ${warmupS} s warm-up; Node ${process.version}`;
process.stdout.write(`${plainTable(rows)}\n\n${machine}\n`);
const misses = verdicts.filter((v) => v.met !== true);
if (values.check && misses.length > 0) {
  process.stdout.write(`\n${misses.length} scale budget(s) missed or not measured:\n`);
  for (const v of misses)
    process.stdout.write(
      `  ${v.budget}: ${v.measured ?? 'not measured'} ${v.unit} (limit ${v.limit})${v.note ? ` - ${v.note}` : ''}\n`,
    );
}
const resultsPath = fileURLToPath(new URL('../../results-scale.json', import.meta.url));
// Written as the repository's prettier would (CI checks every file with it).
writeFileSync(
  resultsPath,
  await format(
    JSON.stringify({
      started,
      loadAtStart,
      loadAtEnd,
      cores: cpus().length,
      scale,
      counts: prepared?.counts,
      ...measure,
      verdicts,
    }),
    { ...(await resolveConfig(resultsPath)), filepath: resultsPath },
  ),
);
const mdPath = fileURLToPath(new URL('../../results-scale.md', import.meta.url));
const md = `${markdownTable(rows)}\n\n${machine}\n`;
writeFileSync(mdPath, await format(md, { ...(await resolveConfig(mdPath)), filepath: mdPath }));
process.exit(values.check && misses.length > 0 ? 1 : 0);
