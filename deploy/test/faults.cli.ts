/**
 * `pnpm test:faults`: money survives a bad night. The production stack of stack.ts (PostgreSQL, the built API twice
 * behind nginx with TLS, the worker) with the local Stripe test server and a studio's game server beside it takes
 * 500 concurrent top-ups from 60 players while one API process and the worker are killed with SIGKILL and started
 * again, and every database connection is cut once. Then it checks, and prints, that no order was lost, none was
 * credited twice, every order is final or truthfully pending, and every player's order page tells the truth within
 * a minute. Exit code 0: all held; 1: a check failed (each failure printed); 2: the run itself broke.
 *
 * A script with an exit code, not a vitest file: it is one long run with figures to print, not a set of cases, and
 * deploy's `vitest run` (test/**\/*.test.ts) must not pick it up (CI has no time for it). tsc and eslint still see
 * it (deploy's tsconfig includes test/), so it keeps compiling.
 *
 * Settings (environment): FAULTS_ATTEMPTS (500), FAULTS_PLAYERS (60), FAULTS_IN_FLIGHT (50), GP_SMOKE_KEEP=1 keeps
 * the stack's folder (every process's log) after the run.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpus, hostname } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gameServerSecretPurpose } from '../../apps/api/src/modules/pay/testing.ts';
import { SealedSecretBox } from '../../apps/api/src/modules/staff/testing.ts';
import { direct, viaProxy, type Answer } from './client.ts';
import {
  askGameServerDelivery,
  gameServerSimulator,
  stripeEnv,
  stripeTestServer,
  type GameServerKey,
} from './neighbours.ts';
import { pgBin } from './postgres.ts';
import { freePort, waitFor, type Started } from './processes.ts';
import { hosts, startStack, type Stack, type StackContext } from './stack.ts';

const attempts = Number(process.env.FAULTS_ATTEMPTS ?? 500);
const playerCount = Number(process.env.FAULTS_PLAYERS ?? 60);
const inFlight = Number(process.env.FAULTS_IN_FLIGHT ?? 50);
/** Every tenth top-up is left unpaid on purpose: its order must stay truthfully pending. */
const unpaid = (i: number) => i % 10 === 9;
/** How long after the last fault and the last request every order page must tell the truth. */
const truthWithinMs = 60_000;
/** The longest the run waits for the system to settle before it checks. */
const settleMs = 180_000;

const stripeKeys = { secretKey: 'sk_test_faults_0123456789', webhookSecret: 'whsec_faults_0123456789' };
const gameServerKey: GameServerKey = {
  keyId: 'studio-faults',
  secret: 'studio secret for the faults run 0123456789',
};
const serverIds = ['asia-1', 'asia-2'];
const staffTotpKey = 'faults-staff-totp-key-0123456789abcdefghijklmn';
const region = 5; // packages/config site.distributionRegion
const product = {
  id: 'gems_300',
  credit: 300,
  price: 17_900,
  currency: 'THB',
  payMode: 108,
  method: 'promptpay',
};
const captchaAnswer = 'fault';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const q = (text: string) => `'${text.replace(/'/g, "''")}'`;
const since = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;
const log = (line: string) =>
  process.stdout.write(`[faults ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

/** psql without blocking the event loop (the top-ups keep running around it). */
async function sqlAsync(stack: Stack, statement: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    join(pgBin(), 'psql'),
    [stack.postgres.url, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-At', '-c', statement],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

interface Player {
  mid: number;
  sid: string;
  ct: string;
  /** The loopback address the player's requests leave from: each player is a client of its own to nginx. */
  from: string;
  server: string;
  role: string;
}

/** A player's call through nginx, as the pay page makes it (session cookie, `ct`). */
function call(
  stack: Stack,
  player: Player,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, string>,
) {
  const withCt = new URLSearchParams({ ...params, ct: player.ct }).toString();
  return viaProxy(stack.proxy, hosts.api, {
    method,
    path: method === 'GET' ? `${path}?${withCt}` : path,
    from: player.from,
    headers: {
      cookie: `__Host-joy_sid=${player.sid}; joy_jct=${player.ct}`,
      origin: stack.origin(hosts.pay),
      ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(method === 'POST' ? { body: withCt } : {}),
  });
}

const envelope = (res: Answer) => {
  try {
    return res.json();
  } catch {
    return { code: -1, message: `HTTP ${res.status}`, data: null };
  }
};

/**
 * The catalog staff set up in the console (first-day.spec.ts does it through the UI): written with SQL here, where a
 * person would act, so the run spends its time on top-ups. The game server's secret is sealed as the API seals it
 * (STAFF_TOTP_KEY); its servers and health are what "Test connection" and "Sync servers" record.
 */
function setUpCatalog(stack: Stack, gameServerUrl: string): number {
  const sql = stack.postgres.sql;
  const gameBaseId = Number(
    sql(
      `insert into game (game_id, slug, url) values ('faults_th', 'faults', 'https://faults.example.com') returning game_base_id`,
    ).split('\n')[0],
  );
  const sealed = new SealedSecretBox(staffTotpKey, gameServerSecretPurpose).seal(
    gameBaseId,
    gameServerKey.secret,
  );
  sql(`
    insert into game_i18n (game_base_id, lang, name) values (${gameBaseId}, 'en', 'Faults Legends');
    insert into pay_setting (distribution_region, main_switch_on) values (${region}, true)
      on conflict (distribution_region) do update set main_switch_on = true;
    insert into pay_game (distribution_region, game_base_id, is_open) values (${region}, ${gameBaseId}, true);
    insert into pay_currency (game_base_id, currency) values (${gameBaseId}, '${product.currency}');
    insert into pay_game_server (game_base_id, base_url, key_id, secret_sealed, secret_saved_at)
      values (${gameBaseId}, ${q(gameServerUrl)}, ${q(gameServerKey.keyId)}, ${q(sealed)}, now());
    insert into pay_game_server_health (game_base_id, checked_at, check_ok, synced_at, sync_ok, servers_listed, servers_maintenance)
      values (${gameBaseId}, now(), true, now(), true, ${serverIds.length}, 0);
    ${serverIds
      .map(
        (s, i) => `with s as (insert into pay_server (game_base_id, cp_server_id, reported_at, sort)
        values (${gameBaseId}, '${s}', now(), ${i}) returning id)
      insert into pay_server_i18n (pay_server_id, lang, name) select id, 'en', '${s}' from s;`,
      )
      .join('\n')}
    with p as (insert into pay_product (game_base_id, product_id, credit_amount)
      values (${gameBaseId}, '${product.id}', ${product.credit}) returning id),
    n as (insert into pay_product_i18n (pay_product_id, lang, name) select id, 'en', '300 Gems' from p)
    insert into pay_product_price (pay_product_id, currency, pay_mode, price)
      select id, '${product.currency}', ${product.payMode}, ${product.price} from p;
    with c as (insert into pay_channel (game_base_id, currency, pay_mode, payment_type, provider, provider_methods)
      values (${gameBaseId}, '${product.currency}', ${product.payMode}, '${product.method}', 'stripe',
              '{"stripe":["${product.method}"]}') returning id)
    insert into pay_channel_i18n (pay_channel_id, lang, name) select id, 'en', 'PromptPay' from c;
  `);
  return gameBaseId;
}

/**
 * The players, as rows with a live session each: standing in for sign-up and login (argon2's cost would make 60
 * logins the slowest part of the run, and the run is about payments). The API checks each session as ever.
 */
function makePlayers(stack: Stack): Player[] {
  const players: Player[] = [];
  const rows: string[] = [];
  for (let i = 0; i < playerCount; i++) {
    const sid = randomBytes(24).toString('base64url');
    const ct = randomBytes(18).toString('base64url');
    players.push({ mid: 0, sid, ct, from: `127.0.1.${i + 1}`, server: '', role: '' });
    rows.push(`('fault-player-${i}@example.com', 'Fault player ${i}', 'fault-player-${i}@example.com')`);
  }
  const mids = stack.postgres
    .sql(`insert into member (user_id, nick_name, email) values ${rows.join(',')} returning mid`)
    .split('\n')
    .filter((line) => /^\d+$/.test(line))
    .map(Number);
  players.forEach((p, i) => (p.mid = mids[i]!));
  stack.postgres.sql(
    `insert into member_session (id_hash, mid, csrf_token, expires_at) values ${players
      .map((p) => `('${sha256(p.sid)}', ${p.mid}, '${p.ct}', now() + interval '1 day')`)
      .join(',')}`,
  );
  return players;
}

/** Each player's character, as the pay page finds it: the first server on which the game server reports one. */
async function findCharacters(stack: Stack, players: Player[], gameBaseId: number): Promise<void> {
  await Promise.all(
    players.map(async (player) => {
      const res = envelope(
        await call(stack, player, 'GET', '/pay/api/web/pay/user/role_list', {
          game_base_id: String(gameBaseId),
        }),
      );
      const servers = (res.data ?? []) as {
        cp_server_id: string;
        role_list: { cp_role_id: string; can_recharge: number }[];
      }[];
      for (const server of servers) {
        const role = server.role_list.find((r) => r.can_recharge === 1);
        if (role) {
          player.server = server.cp_server_id;
          player.role = role.cp_role_id;
          return;
        }
      }
      throw new Error(`player ${player.mid} has no character (${res.code} ${res.message})`);
    }),
  );
}

/** Captchas issued to players and answered in the database (the eyes that read the picture), handed out once each. */
class CaptchaPool {
  private ready: string[] = [];
  constructor(
    private readonly stack: Stack,
    private readonly players: Player[],
  ) {}

  async fill(count: number): Promise<void> {
    const tokens: string[] = [];
    for (let i = 0; i < count; i += inFlight) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(inFlight, count - i) }, async (_, j) => {
          const res = envelope(
            await call(
              this.stack,
              this.players[(i + j) % this.players.length]!,
              'GET',
              '/pay/api/web/pay/get_captcha',
              {},
            ),
          );
          return (res.data as { captcha_token?: string } | null)?.captcha_token;
        }),
      );
      tokens.push(...batch.filter((t): t is string => typeof t === 'string'));
    }
    await sqlAsync(
      this.stack,
      `update captcha_challenge set answer_hash = '${sha256(captchaAnswer)}' where token_hash in (${tokens
        .map((t) => `'${sha256(t)}'`)
        .join(',')})`,
    );
    this.ready.push(...tokens);
  }

  async take(): Promise<string> {
    for (let tries = 0; this.ready.length === 0; tries++) {
      if (tries > 20) throw new Error('no captcha could be issued');
      await this.fill(10).catch(() => sleep(500));
    }
    return this.ready.shift()!;
  }
}

interface Attempt {
  index: number;
  player: Player;
  pay: boolean;
  orderNo?: string;
  payOrderNo?: string;
  sessionId?: string;
  paidAtStripe: boolean;
  /** Every failure the client met (a connection cut, a 502, an error code), in order. */
  failures: string[];
  gaveUp?: string;
}

/** One top-up as the page makes it: place the order (retrying with the same idempotency key), then pay at Stripe. */
async function topUp(
  stack: Stack,
  gameBaseId: number,
  captchas: CaptchaPool,
  attempt: Attempt,
  stripeUrl: string,
): Promise<void> {
  const key = randomBytes(16).toString('hex');
  const giveUpAt = performance.now() + 90_000;
  while (!attempt.orderNo) {
    if (performance.now() > giveUpAt) {
      attempt.gaveUp = attempt.failures.at(-1) ?? 'no answer';
      return;
    }
    try {
      const res = envelope(
        await call(stack, attempt.player, 'POST', '/pay/api/web/pay/add_pay_order', {
          game_base_id: String(gameBaseId),
          game_id: 'faults_th',
          cp_server_id: attempt.player.server,
          cp_role_id: attempt.player.role,
          product_id: product.id,
          product_price: String(product.price),
          currency: product.currency,
          pay_mode: String(product.payMode),
          payment_type: product.method,
          captcha_token: await captchas.take(),
          captcha_code: captchaAnswer,
          idempotency_key: key,
        }),
      );
      const data = res.data as { order_no?: string; pay_order_no?: string; pay_url?: string } | null;
      if (res.code === 0 && data?.order_no && data.pay_url) {
        attempt.orderNo = data.order_no;
        attempt.payOrderNo = data.pay_order_no;
        attempt.sessionId = /\/checkout\/(cs_test_\w+)/.exec(data.pay_url)?.[1];
        break;
      }
      attempt.failures.push(`code ${res.code}: ${res.message}`);
    } catch (error) {
      attempt.failures.push(`connection: ${(error as Error).message}`);
    }
    await sleep(500 + Math.random() * 500);
  }
  if (!attempt.pay || !attempt.sessionId) return;
  // The player presses Pay on Stripe's page; Stripe sends the signed webhook (whatever the shop answers).
  const res = await fetch(`${stripeUrl}/checkout/${attempt.sessionId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=pay',
    redirect: 'manual',
  });
  attempt.paidAtStripe = res.status === 303;
  if (!attempt.paidAtStripe) attempt.failures.push(`stripe page: ${res.status}`);
}

interface StripeSession {
  id: string;
  client_reference_id: string | null;
  payment_status: string;
}

async function stripeSessions(stripeUrl: string): Promise<StripeSession[]> {
  const all: StripeSession[] = [];
  let after = '';
  for (;;) {
    const res = await fetch(
      `${stripeUrl}/v1/checkout/sessions?limit=100${after ? `&starting_after=${after}` : ''}`,
      {
        headers: { authorization: `Bearer ${stripeKeys.secretKey}` },
      },
    );
    const page = (await res.json()) as { data: StripeSession[]; has_more: boolean };
    all.push(...page.data);
    if (!page.has_more || page.data.length === 0) return all;
    after = page.data.at(-1)!.id;
  }
}

/** Runs `work` over `items`, at most `limit` at once. */
async function bounded<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** What a player's order page (order_result, as the order tracker asks it) says, against what is true. */
async function pageTellsTruth(stack: Stack, attempt: Attempt): Promise<boolean> {
  try {
    const res = envelope(
      await call(stack, attempt.player, 'GET', '/pay/api/web/pay/order_result', {
        pay_order_no: attempt.payOrderNo!,
      }),
    );
    const status = (res.data as { status?: string } | null)?.status;
    // Paid at Stripe: credited, "recharge successful". Unpaid: not paid yet (15), or failed once expired.
    if (attempt.paidAtStripe) return res.code === 0 && status === 'success';
    return res.code === 15 || (res.code === 0 && status === 'failed');
  } catch {
    return false;
  }
}

async function main(): Promise<number> {
  const runStart = performance.now();
  const ports = { stripe: await freePort(), gameServer: await freePort() };
  const stripeUrl = `http://127.0.0.1:${ports.stripe}`;
  const gameServerUrl = `https://127.0.0.1:${ports.gameServer}`;
  const services = async (context: StackContext) => ({
    started: [
      await stripeTestServer(context, ports.stripe, stripeKeys),
      await gameServerSimulator(context, ports.gameServer, gameServerKey, serverIds),
    ],
    env: {
      ...stripeEnv(ports.stripe, stripeKeys),
      GAME_SERVER_HOSTS: '127.0.0.1',
      STAFF_TOTP_KEY: staffTotpKey,
      // A real setting, shorter than its default: a payment whose webhook a fault lost is asked of Stripe after 10 s.
      PAY_RECONCILE_AFTER_MS: '10000',
    },
  });
  // The API's own rate limit (1,200 a minute per client), each player its own client: the run is of faults, not
  // of limits.
  const stack = await startStack({ services, rateLimit: 'production' });
  const failures: string[] = [];
  try {
    log(`stack up in ${since(runStart)} (${stack.dir})`);
    const gameBaseId = setUpCatalog(stack, gameServerUrl);
    const players = makePlayers(stack);
    await findCharacters(stack, players, gameBaseId);
    const captchas = new CaptchaPool(stack, players);
    await captchas.fill(attempts + 100);
    log(`catalog, ${players.length} players and ${attempts + 100} captchas ready`);

    const plan: Attempt[] = Array.from({ length: attempts }, (_, index) => ({
      index,
      player: players[index % players.length]!,
      pay: !unpaid(index),
      paidAtStripe: false,
      failures: [],
    }));
    let done = 0;
    let restartedAt = 0;
    const faults: Promise<void>[] = [];
    const faultLog: string[] = [];
    const killAndRestart = async () => {
      const apiA = stack.apiA.process;
      const worker = stack.worker.process;
      apiA.child.kill('SIGKILL');
      worker.child.kill('SIGKILL');
      await Promise.all([apiA.exited, worker.exited]);
      faultLog.push(`SIGKILL api-a and worker after ${done} top-ups`);
      log(faultLog.at(-1)!);
      await sleep(3_000);
      const a: Started = stack.respawn('api-a');
      stack.respawn('worker');
      await waitFor(
        'api-a again',
        async () => (await direct(stack.apiA.port, { path: '/healthz' })).status === 200,
        // Two shared, loaded cores start a Node process in seconds to a minute.
        { process: a, ms: 180_000 },
      );
      restartedAt = performance.now();
      log(`api-a and worker started again (${done} top-ups done)`);
    };
    const cutDatabase = async () => {
      const cut = await sqlAsync(
        stack,
        `select count(*) from (select pg_terminate_backend(pid) from pg_stat_activity where datname = 'gp' and pid <> pg_backend_pid()) t`,
      );
      faultLog.push(`cut ${cut.trim()} database connections after ${done} top-ups`);
      log(faultLog.at(-1)!);
    };
    const fireStart = performance.now();
    await bounded(plan, inFlight, async (attempt) => {
      await topUp(stack, gameBaseId, captchas, attempt, stripeUrl);
      done++;
      if (done === Math.round(attempts * 0.3)) faults.push(killAndRestart());
      if (done === Math.round(attempts * 0.6)) faults.push(cutDatabase());
    });
    await Promise.all(faults);
    const lastRequest = performance.now();
    log(`${attempts} top-ups in ${since(fireStart)}`);

    // Every order page (order_result through nginx, as the player's tracker asks) until all tell the truth.
    const known = plan.filter((a) => a.payOrderNo);
    const settleFrom = Math.max(lastRequest, restartedAt);
    let converged = -1;
    // Each round asks the pages that have not told the truth yet, a few at a time, as their players' trackers
    // would: the run must not starve the worker it waits for of the machine's two cores. A page that told the truth
    // once is not asked again; the checks below hold the database to the same truth.
    let lying = known;
    while (performance.now() - settleFrom < settleMs) {
      const still: Attempt[] = [];
      await bounded(lying, 10, async (a) => {
        if (!(await pageTellsTruth(stack, a))) still.push(a);
      });
      lying = still;
      if (lying.length === 0) {
        converged = performance.now() - settleFrom;
        break;
      }
      await sleep(2_000);
    }
    const wrong = lying.length;
    log(
      converged >= 0
        ? `every order page tells the truth ${(converged / 1000).toFixed(1)} s after the last request and restart`
        : `${wrong} order pages still wrong after ${settleMs / 1000} s`,
    );
    if (converged < 0 || converged > truthWithinMs)
      failures.push(
        `order pages: ${converged < 0 ? `${wrong} never told the truth` : `truth after ${(converged / 1000).toFixed(1)} s`} (limit ${truthWithinMs / 1000} s)`,
      );

    // The checks, against the database, Stripe and the game server.
    const rows = (await sqlAsync(stack, `select order_no, state, coalesce(pay_order_no, '') from pay_order`))
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [orderNo = '', state = '', payOrderNo = ''] = line.split('|');
        return { orderNo, state, payOrderNo };
      });
    const byNo = new Map(rows.map((r) => [r.orderNo, r]));
    const sessions = await stripeSessions(stripeUrl);
    const paidAtStripe = new Set(
      sessions.filter((s) => s.payment_status === 'paid').map((s) => s.client_reference_id ?? `?${s.id}`),
    );
    const lost = [
      ...plan.filter((a) => a.orderNo && !byNo.has(a.orderNo)).map((a) => `client's ${a.orderNo}`),
      ...[...paidAtStripe].filter((no) => !byNo.has(no)).map((no) => `paid at Stripe ${no}`),
    ];
    if (lost.length) failures.push(`lost: ${lost.length} (${lost.slice(0, 5).join(', ')})`);

    const credited: string[] = [];
    const creditProblems: string[] = [];
    await bounded(rows, inFlight, async (row) => {
      const held = await askGameServerDelivery(
        { url: gameServerUrl, ...gameServerKey },
        stack.tls.cert,
        gameBaseId,
        row.orderNo,
      );
      if (!held.signed) creditProblems.push(`${row.orderNo}: unsigned answer`);
      const paid = paidAtStripe.has(row.orderNo);
      if (held.delivery) {
        credited.push(row.orderNo);
        if (!paid) creditProblems.push(`${row.orderNo}: credited but not paid`);
        if (held.delivery.credit_amount !== product.credit || held.delivery.status !== 'delivered')
          creditProblems.push(`${row.orderNo}: ${held.delivery.status} ${held.delivery.credit_amount}`);
      } else if (paid) creditProblems.push(`${row.orderNo}: paid, not credited (${held.status})`);
    });
    // One delivery job and at most one "delivered" step per order: the game server was asked once per credit.
    const twice = (
      await sqlAsync(
        stack,
        `select o.order_no from pay_order o join pay_order_event e on e.order_id = o.id where e.to_state = 'delivered' group by o.order_no having count(*) > 1`,
      ).catch((error: Error) => `?${error.message}`)
    ).trim();
    if (twice) creditProblems.push(`delivered more than once: ${twice.split('\n').slice(0, 5).join(', ')}`);
    if (creditProblems.length)
      failures.push(`credits: ${creditProblems.length} (${creditProblems.slice(0, 5).join('; ')})`);

    const untruthful: string[] = [];
    for (const row of rows) {
      const paid = paidAtStripe.has(row.orderNo);
      if (paid && row.state !== 'delivered') untruthful.push(`${row.orderNo} paid at Stripe, ${row.state}`);
      if (!paid && ['paid', 'delivering', 'delivered', 'refunded'].includes(row.state))
        untruthful.push(`${row.orderNo} not paid at Stripe, ${row.state}`);
    }
    for (const a of plan)
      if (a.pay && a.sessionId && !a.paidAtStripe)
        untruthful.push(`${a.orderNo}: the Stripe page refused the payment`);
    if (untruthful.length)
      failures.push(
        `not final or truthfully pending: ${untruthful.length} (${untruthful.slice(0, 5).join('; ')})`,
      );

    const pending = rows.filter((r) => r.state === 'created' || r.state === 'awaiting_payment').length;
    const figures = {
      attempts,
      players: players.length,
      'orders created': rows.length,
      'orders the client learned': plan.filter((a) => a.orderNo).length,
      'attempts given up by the client': plan.filter((a) => a.gaveUp).length,
      'paid at Stripe': paidAtStripe.size,
      credited: credited.length,
      'pending (unpaid on purpose)': pending,
      'expired or failed': rows.filter((r) => r.state === 'expired' || r.state === 'failed').length,
      'client-side failures during the faults': plan.reduce((n, a) => n + a.failures.length, 0),
      'top-ups that met a failure and retried': plan.filter((a) => a.failures.length > 0).length,
      faults: faultLog.join('; '),
      'order pages truthful after': converged >= 0 ? `${(converged / 1000).toFixed(1)} s` : 'never',
      'wall time': since(runStart),
      machine: `${hostname()}, ${cpus().length} cores, Node ${process.version}`,
    };
    const kinds = new Map<string, number>();
    for (const a of plan)
      for (const f of a.failures) {
        const kind = f.replace(/\d{5,}|cs_test_\w+/g, '…').slice(0, 80);
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      }
    process.stdout.write(`\nFigures (${new Date().toISOString()}):\n`);
    for (const [k, v] of Object.entries(figures)) process.stdout.write(`  ${k}: ${v}\n`);
    process.stdout.write('  client failures by kind:\n');
    for (const [k, v] of kinds) process.stdout.write(`    ${v} x ${k}\n`);
    if (failures.length === 0) {
      process.stdout.write('\nPASS: 0 lost, 0 credited twice, every order final or truthfully pending.\n');
      return 0;
    }
    process.env.GP_SMOKE_KEEP = '1'; // the logs of a failed run stay for reading
    process.stdout.write(`\nFAIL:\n${failures.map((f) => `  - ${f}`).join('\n')}\n(logs: ${stack.dir})\n`);
    return 1;
  } finally {
    await stack.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `faults run broke: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(2);
  },
);
