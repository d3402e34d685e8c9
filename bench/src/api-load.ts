/**
 * The API under load: autocannon on loopback, 50 connections, a warm-up, then 10 s per scenario. A bare
 * Fastify route in this same process is the baseline every read is compared with, so the ratio says what our
 * code costs whatever the machine. The API runs in-process (buildApp) on its own port with demo data, on PGlite
 * in a fresh directory or, with DATABASE_URL, on that PostgreSQL database (a throwaway one: the bench seeds it and
 * leaves its orders there).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Options as LoadOptions, type Result } from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app.ts';
import { developmentParts } from '../../apps/api/src/dev/development-parts.ts';
import { parseEnv } from '../../apps/api/src/config/env.ts';
import { openDatabase, type Database, type Db } from '../../apps/api/src/db/database.ts';
import { runSeed, seedSteps, type SeedNotes } from '../../apps/api/src/composition/seed/seed.ts';
import {
  csrfCookie,
  sessionCookie,
  MemberRepository,
  SessionRepository,
} from '../../apps/api/src/modules/accounts/index.ts';
import { hashSessionId, newToken } from '../../apps/api/src/modules/sessions/index.ts';
import pg from 'pg';
import { orderRequests, type OrderMember, type OrderProduct } from './order-flow.ts';
import {
  orderTemplates,
  replayLoad,
  replayPoolSize,
  replayWork,
  type OrderTemplate,
} from './order-replay.ts';
import { orderReplayScenarioName } from './budgets.ts';
import { StatementRecorder } from './scale/explain.ts';

export interface LoadSettings {
  /** Clients of the reads. */
  connections: number;
  /** Buyers at once (budgets.json api.orderConnections). */
  orderConnections: number;
  durationS: number;
  warmupS: number;
  /** The API's port; the baseline takes the next one. */
  port: number;
}

export const defaultLoad: LoadSettings = {
  connections: 50,
  orderConnections: 20,
  durationS: 10,
  warmupS: 3,
  port: 9190,
};

export interface ScenarioResult {
  scenario: string;
  /** Requests (or, for orders, whole orders) per second. */
  perSecond: number;
  /** perSecond over the baseline's requests per second in the same run. */
  ratio: number | null;
  p50Ms: number;
  p99Ms: number;
  /** Answers that were not HTTP 2xx with code 0, and connection errors. */
  failures: number;
  total: number;
}

export interface ApiLoadResult {
  database: 'pglite' | 'postgres';
  settings: LoadSettings;
  scenarios: ScenarioResult[];
}

const sandboxSecret = randomUUID().replace(/-/g, '') + randomUUID().replace(/-/g, '');
const captchaAnswer = 'bench';

export interface Member {
  cookie: string;
  ct: string;
  role: { server: string; role: string };
}

/** A member as an order's requests name the buyer (order-flow.ts). */
const buyer = (m: Member): OrderMember => ({
  cookie: m.cookie,
  ct: m.ct,
  server: m.role.server,
  role: m.role.role,
});

/** A logged-in member as a login leaves one: member row, live session, the CSRF token as cookie and `ct`. */
export async function loginMember(db: Db, n: number): Promise<Omit<Member, 'role'>> {
  const suffix = `${Date.now().toString(36)}${n}`;
  const row = await new MemberRepository(db).create({
    userId: `bench-${suffix}@example.com`,
    nickName: `bench_${suffix}`,
  });
  const sid = newToken(32);
  const ct = newToken(24);
  await new SessionRepository(db).create({
    idHash: hashSessionId(sid),
    mid: row.mid,
    csrfToken: ct,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return { cookie: `${sessionCookie}=${sid}; ${csrfCookie}=${ct}`, ct };
}

async function getJson(
  base: string,
  path: string,
  cookie?: string,
): Promise<{ code: number; data: unknown }> {
  const res = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {} });
  return (await res.json()) as { code: number; data: unknown };
}

/** The first character of the member that can take a top-up (as the top-up screen finds it). */
export async function rechargeableRole(base: string, member: Omit<Member, 'role'>, gameBaseId: number) {
  const { data } = await getJson(
    base,
    `/pay/api/web/pay/user/role_list?game_base_id=${gameBaseId}&ct=${member.ct}`,
    member.cookie,
  );
  type Server = {
    cp_server_id: string;
    is_maintenance: number;
    role_list: { cp_role_id: string; can_recharge: number }[];
  };
  for (const server of (data as Server[] | null) ?? []) {
    if (server.is_maintenance) continue;
    const role = server.role_list.find((r) => r.can_recharge === 1);
    if (role) return { server: server.cp_server_id, role: role.cp_role_id };
  }
  throw new Error('the bench member has no character that can take a top-up');
}

/** A product of the demo catalog with a web payment channel, found through the public pay calls. */
export async function orderProduct(base: string): Promise<OrderProduct> {
  type Game = { game_base_id: number; game_id: string };
  const games = (await getJson(base, '/pay/api/komoe/webpay/game_list?distribution_region=5&lang=en'))
    .data as Game[];
  for (const game of games) {
    const q = `distribution_region=5&game_base_id=${game.game_base_id}&lang=en`;
    type Currency = { currency: string };
    const currencies = (
      await getJson(base, `/pay/api/komoe/webpay/currency_list?${q}&game_id=${game.game_id}`)
    ).data as Currency[];
    for (const { currency } of currencies ?? []) {
      type Channel = { pay_mode: number; payment_type: string };
      const channels = (await getJson(base, `/pay/api/komoe/webpay/channel_list?${q}&currency=${currency}`))
        .data as Channel[];
      const channel = channels?.[0];
      if (!channel) continue;
      type Product = { product_id: string; product_name: string; product_price: number };
      const products = (
        await getJson(
          base,
          `/pay/api/komoe/webpay/product_list?${q}&game_id=${game.game_id}&currency=${currency}&pay_mode=${channel.pay_mode}`,
        )
      ).data as Product[];
      const product = products?.[0];
      if (!product) continue;
      return {
        gameBaseId: game.game_base_id,
        gameId: game.game_id,
        productId: product.product_id,
        productName: product.product_name,
        price: product.product_price,
        currency,
        payMode: channel.pay_mode,
        paymentType: channel.payment_type,
      };
    }
  }
  throw new Error('the demo catalog has no product with a web payment channel');
}

function summarize(scenario: string, result: Result, perSecond: number, failures: number, total: number) {
  return {
    scenario,
    perSecond: Math.round(perSecond),
    ratio: null,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: failures + result.errors + result.timeouts,
    total,
  } satisfies ScenarioResult;
}

/** A GET every connection repeats; an answer counts when it is HTTP 200 with code 0. */
async function readScenario(
  name: string,
  url: string,
  settings: LoadSettings,
  headers: Record<string, string> = {},
): Promise<ScenarioResult> {
  let bad = 0;
  const counting = { on: false };
  const options: LoadOptions = {
    url,
    connections: settings.connections,
    headers,
    requests: [
      {
        method: 'GET',
        onResponse: (status, body) => {
          if (counting.on && (status !== 200 || !body.startsWith('{"code":0'))) bad++;
        },
      },
    ],
  };
  if (settings.warmupS > 0) await autocannon({ ...options, duration: settings.warmupS });
  counting.on = true;
  const result = await autocannon({ ...options, duration: settings.durationS });
  counting.on = false;
  return summarize(name, result, result.requests.average, bad, result.requests.total);
}

/**
 * Fresh orders the way a player and the provider make them: a top-up captcha, add_order with a new idempotency
 * key, then the sandbox's signed "paid" notification for it. Each connection is its own member.
 */
async function orderScenario(base: string, members: Member[], product: OrderProduct, settings: LoadSettings) {
  let placed = 0;
  let paid = 0;
  let bad = 0;
  const counting = { on: false };
  const options: LoadOptions = {
    url: base,
    connections: members.length,
    requests: orderRequests({
      members: members.map(buyer),
      product,
      captchaAnswer,
      sandboxSecret,
      onCaptcha: (ok) => {
        if (!ok && counting.on) bad++;
      },
      onOrder: (ok) => {
        if (!counting.on) return;
        if (ok) placed++;
        else bad++;
      },
      onPaid: (ok) => {
        if (!counting.on) return;
        if (ok) paid++;
        else bad++;
      },
    }),
  };
  if (settings.warmupS > 0) await autocannon({ ...options, duration: settings.warmupS });
  counting.on = true;
  const result = await autocannon({ ...options, duration: settings.durationS });
  counting.on = false;
  return {
    ...summarize(
      'add_order + notify (orders/s)',
      result,
      paid / settings.durationS,
      bad,
      result.requests.total,
    ),
    placed,
  };
}

/** The replay of the buyers' own order statements (order-replay.ts), at as many buyers at once. */
async function replayScenario(
  api: FastifyInstance,
  url: string,
  buyers: readonly Member[],
  product: OrderProduct,
  settings: LoadSettings,
): Promise<ScenarioResult> {
  const recorder = new StatementRecorder();
  let templates: OrderTemplate[];
  try {
    templates = await orderTemplates(recorder, api, buyers.map(buyer), {
      product,
      captchaAnswer,
      sandboxSecret,
    });
  } finally {
    recorder.restore();
  }
  const pool = new pg.Pool({ connectionString: url, max: replayPoolSize(templates) });
  const replayed = await replayLoad(pool, templates, settings).finally(() => pool.end());
  if (replayed.failures > 0)
    throw new Error(`the orders' replay failed ${replayed.failures} times: ${replayed.error}`);
  return {
    scenario: `${orderReplayScenarioName}: ${replayWork(templates[0]!)}`,
    perSecond: replayed.perSecond,
    ratio: null,
    p50Ms: replayed.p50Ms,
    p99Ms: replayed.p99Ms,
    failures: 0,
    total: replayed.total,
  };
}

async function startBaseline(port: number): Promise<FastifyInstance> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ code: 0, message: 'success', data: null }));
  await bare.listen({ host: '127.0.0.1', port });
  return bare;
}

/**
 * The API's settings under a bench: quiet, no rate limit (one client address sends thousands of requests a
 * second), a known captcha answer and sandbox secret so the load generator can order, no delivery worker.
 */
export function benchApiEnv(options: { captchaAnswer: string; sandboxSecret: string; port: number }) {
  return parseEnv({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000000',
    // The bench stands where the deployment's proxy does: its load may say which player each request is from.
    TRUSTED_PROXIES: '127.0.0.1',
    CAPTCHA_TEST_ANSWER: options.captchaAnswer,
    PAY_SANDBOX_SECRET: options.sandboxSecret,
    PAY_WORKER: 'false',
    DEMO_ID: 'false',
    API_PORT: String(options.port),
  });
}

export async function runApiLoad(
  kind: 'pglite' | 'postgres',
  settings: LoadSettings = defaultLoad,
  log: (line: string) => void = () => {},
): Promise<ApiLoadResult> {
  const dataDir = kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'gp-bench-db-')) : undefined;
  const url = process.env.DATABASE_URL;
  if (kind === 'postgres' && !url) throw new Error('DATABASE_URL is not set');
  let database: Database | undefined;
  let api: FastifyInstance | undefined;
  let bare: FastifyInstance | undefined;
  try {
    log(`API load on ${kind}: preparing the database`);
    database = await openDatabase(
      kind === 'pglite'
        ? { kind: 'pglite', dataDir: dataDir! }
        : { kind: 'postgres', url: url!, poolSize: 10 },
    );
    await database.migrate();
    const notes: SeedNotes = { oneTimePasswords: [] };
    await runSeed(database.db, seedSteps, notes);
    const env = benchApiEnv({ captchaAnswer, sandboxSecret, port: settings.port });
    api = await buildApp({ env, database, logger: false, dev: developmentParts });
    await api.listen({ host: '127.0.0.1', port: settings.port });
    bare = await startBaseline(settings.port + 1);
    const base = `http://127.0.0.1:${settings.port}`;

    const members: Member[] = [];
    const product = await orderProduct(base);
    for (let n = 0; n < Math.max(settings.connections, settings.orderConnections); n++) {
      const member = await loginMember(database.db, n);
      members.push({ ...member, role: await rechargeableRole(base, member, product.gameBaseId) });
    }
    const scenarios: ScenarioResult[] = [];
    const run = async (task: () => Promise<ScenarioResult>) => {
      const result = await task();
      log(`  ${result.scenario}: ${result.perSecond}/s, p99 ${result.p99Ms} ms`);
      scenarios.push(result);
    };
    await run(() =>
      readScenario('bare Fastify route (baseline)', `http://127.0.0.1:${settings.port + 1}/bare`, settings),
    );
    await run(() => readScenario('/web/home/banner', `${base}/web/home/banner?lang=en&region=5`, settings));
    await run(() =>
      readScenario(
        '/web/news/page',
        `${base}/web/news/page?lang=en&region=5&page_num=1&page_size=10`,
        settings,
      ),
    );
    const someone = members[0]!;
    await run(() =>
      readScenario(
        '/passport/web/user/info (logged in)',
        `${base}/passport/web/user/info?lang=en&ct=${someone.ct}`,
        settings,
        {
          cookie: someone.cookie,
        },
      ),
    );
    const baseline = scenarios[0]!.perSecond;
    for (const s of scenarios.slice(1))
      s.ratio = baseline > 0 ? Math.round((s.perSecond / baseline) * 1000) / 1000 : null;
    const buyers = members.slice(0, settings.orderConnections);
    // On PostgreSQL the orders' baseline: each buyer's order recorded through the API, its statements replayed by
    // a bare node-postgres script (order-replay.ts; PGlite has no such client to record).
    const replayed =
      kind === 'postgres' ? await replayScenario(api, url!, buyers, product, settings) : undefined;
    if (replayed) {
      scenarios.push(replayed);
      log(`  ${replayed.scenario}: ${replayed.perSecond}/s, p99 ${replayed.p99Ms} ms`);
    }
    await run(async () => {
      const orders = await orderScenario(base, buyers, product, settings);
      const ratio = replayed?.perSecond
        ? Math.round((orders.perSecond / replayed.perSecond) * 1000) / 1000
        : null;
      return { ...orders, ratio };
    });
    return { database: kind, settings, scenarios };
  } finally {
    await bare?.close();
    await api?.close();
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
