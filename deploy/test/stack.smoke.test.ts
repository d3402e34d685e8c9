/**
 * The production smoke test: the stack of compose.yaml on loopback (`stack.ts`), started from
 * the built JavaScript with production settings behind the repository's nginx configuration, and what must hold
 * there.
 *
 * How a request reaches one API process on purpose: straight to its loopback port, with the test standing in for
 * the proxy. The API trusts 127.0.0.1 as its proxy (TRUSTED_PROXIES), so the `X-Forwarded-For` the test sends
 * there names the client, exactly as nginx's would; the halves of a lockout or a rate limit are then sent by "one
 * client" to each process in turn. Through nginx the same client could not pick a process (round robin, shared by
 * the workers), and a test-only pinning in the proxy configuration would make it a different configuration from
 * the one deployed. What a client can do to the proxy (a spoofed `X-Forwarded-For`) is tested through nginx, from
 * distinct loopback source addresses (127.0.0.0/8), which nginx reports to the API as distinct clients. The stack
 * is deployed behind a CDN whose edges are 127.0.0.64/26 (`cdn` in stack.ts): from there, the CDN's header names
 * the client; from anywhere else it is ignored.
 */
import { createHash, createHmac } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookieHeader, cookiesOf, direct, viaProxy, type Answer, type RequestOptions } from './client.ts';
import { pgBin } from './postgres.ts';
import { acmeToken, appNames, cdn, hosts, rateLimitMax, repoRoot, startStack, type Stack } from './stack.ts';

/**
 * The API's own `browserHeaders` (src/http/browser-policy.ts), loaded at run time by path: type-checking it here
 * would need the whole API's Fastify declarations.
 */
type BrowserHeaders = (env: { NODE_ENV: 'production' }) => Record<string, string>;
let browserHeaders: BrowserHeaders;

let s: Stack;
beforeAll(async () => {
  const policy = join(repoRoot, 'apps/api/src/http/browser-policy.ts');
  ({ browserHeaders } = (await import(policy)) as { browserHeaders: BrowserHeaders });
  s = await startStack();
});
afterAll(async () => {
  await s?.stop();
});

const proxied = (host: string, options: RequestOptions) => viaProxy(s.proxy, host, options);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The headers every app answer must carry: the API's production browser headers and the build's policy. */
function expectedAppHeaders(app: string): Record<string, string> {
  return {
    ...browserHeaders({ NODE_ENV: 'production' }),
    'content-security-policy': readFileSync(
      join(repoRoot, 'apps', app, 'dist/.vite/content-security-policy.txt'),
      'utf8',
    ).trim(),
  };
}

function expectBrowserSide(res: Answer) {
  const csp = String(res.headers['content-security-policy']);
  const scripts =
    /(?:^|;)\s*script-src([^;]*)/.exec(csp)?.[1] ?? /(?:^|;)\s*default-src([^;]*)/.exec(csp)?.[1];
  expect(scripts, csp).toBeDefined();
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['permissions-policy']).toContain('camera=()');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['x-frame-options']).toBe('DENY');
}

/** A staff captcha whose answer is known: asked of `port`, its stored answer hash then set to that of `answer`. */
async function solvedCaptcha(port: number, client: string, answer = 'smoke'): Promise<string> {
  const res = await direct(port, { path: '/csmng/captcha/sget', headers: { 'x-forwarded-for': client } });
  const token = String((res.json().data as { token: string }).token);
  // The picture is for eyes; the test sets the answer (stored as a hash, see captcha.service.ts) instead.
  s.postgres.sql(
    `UPDATE captcha_challenge SET answer_hash = '${sha256(answer)}' WHERE token_hash = '${sha256(token)}'`,
  );
  return token;
}

async function staffLogin(port: number, client: string, password: string, account = 'admin') {
  const token = await solvedCaptcha(port, client);
  const res = await direct(port, {
    method: 'POST',
    path: '/csmng/login',
    headers: { 'x-forwarded-for': client },
    body: JSON.stringify({ account_id: account, account_pwd: password, token, captcha_code: 'smoke' }),
  });
  return { res, body: res.json(), cookies: cookiesOf(res) };
}

const indexHtml = (app: string) => readFileSync(join(repoRoot, 'apps', app, 'dist/index.html'), 'utf8');

/** A page answer: HTML, never cached, every browser header of the app exactly once. */
function expectPage(page: Answer, app: string) {
  expect(page.status).toBe(200);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  expect(page.headers['cache-control']).toBe('no-cache');
  for (const [name, value] of Object.entries(expectedAppHeaders(app))) {
    expect(page.headers[name], name).toBe(value);
  }
  expectBrowserSide(page);
}

/** The player pages' texts in Thai, as the first screens must hold them before any script runs. */
const thai = (namespace: string) =>
  JSON.parse(readFileSync(join(repoRoot, `packages/i18n/locales/th/${namespace}.json`), 'utf8')) as Record<
    string,
    Record<string, string>
  >;
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div><script/.exec(html)?.[1] ?? '';

describe('app hosts through nginx', () => {
  it.each(appNames)(
    "%s: a client-side route is the static page with the app's headers, HEAD as GET",
    async (app) => {
      const host = hosts[app];
      // A path no first screen is rendered for: the built page as it is, from nginx or from the app host.
      const page = await proxied(host, { path: '/some/client/route?x=1' });
      expectPage(page, app);
      expect(page.text()).toBe(indexHtml(app));

      const head = await proxied(host, { method: 'HEAD', path: '/some/client/route?x=1' });
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers['content-security-policy']).toBe(page.headers['content-security-policy']);

      // A missing asset and the build's metadata are not the page.
      expect((await proxied(host, { path: '/assets/missing-0000.js' })).status).toBe(404);
      expect((await proxied(host, { path: '/.vite/content-security-policy.txt' })).status).toBe(404);
      expect((await proxied(host, { path: '/.vite/manifest.json' })).status).toBe(404);
    },
  );

  it('every app host passes /upload/ to the API: the picture with its own headers, once each', async () => {
    // A 1x1 PNG stored as an upload would be (media.repository.ts), read through each host and the API's.
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201e2a5f5b30000000049454e44ae426082',
      'hex',
    );
    const id = `${sha256(png.toString('hex')).slice(0, 32)}.png`;
    s.postgres.sql(
      `INSERT INTO media (id, content_type, byte_size, width, height, bytes) VALUES ('${id}', 'image/png', ${png.length}, 1, 1, '\\x${png.toString('hex')}') ON CONFLICT DO NOTHING`,
    );
    for (const host of [...appNames.map((app) => hosts[app]), hosts.api]) {
      const res = await proxied(host, { path: `/upload/media/${id}` });
      expect(res.status, host).toBe(200);
      expect(res.body.equals(png), host).toBe(true);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // The picture's sandboxing policy, not the page's; no header twice (node joins repeated ones with ", ").
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBe(
        browserHeaders({ NODE_ENV: 'production' })['strict-transport-security'],
      );
      expect(
        (await proxied(host, { path: '/upload/media/0123456789abcdef0123456789abcdef.png' })).status,
      ).toBe(404);
    }
  });

  it('the console is its static page', async () => {
    const page = await proxied(hosts['cs-admin'], { path: '/' });
    expectPage(page, 'cs-admin');
    expect(page.text()).toBe(indexHtml('cs-admin'));
  });

  it.each([
    { app: 'portal', path: '/', heading: thai('portal').home!.heading! },
    { app: 'passport', path: '/login', heading: thai('passport').login!.heading! },
    { app: 'pay', path: '/paygame/', heading: thai('pay').paygame!.heading! },
  ] as const)(
    '$app $path: the first screen in Thai before any script, rendered behind nginx',
    async (page) => {
      const res = await proxied(hosts[page.app], {
        path: page.path,
        headers: { 'accept-language': 'th-TH,th;q=0.9,en;q=0.5' },
      });
      expectPage(res, page.app);
      const html = res.text();
      expect(html).toMatch(/<html lang="th"/);
      expect(rootOf(html)).toContain(page.heading);
      // Rendered once per visit, in the visitor's language: never cached by anyone.
      expect(res.headers.vary).toMatch(/accept-language/);
    },
  );

  it('a renderer that refuses or hangs gives way to the static page, never an error', async () => {
    // A renderer that takes the connection and never answers, and a port where nothing listens.
    const hanging = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const hangingPort = (hanging.address() as AddressInfo).port;
    try {
      const proxy = await s.anotherProxy({
        PORTAL_PAGES: `127.0.0.1:${hangingPort}`,
        PAY_PAGES: '127.0.0.1:9',
        PAGE_RENDER_TIMEOUT: '800ms',
      });
      for (const app of ['portal', 'pay'] as const) {
        const started = Date.now();
        const res = await viaProxy(proxy, hosts[app], { path: '/' });
        expectPage(res, app);
        expect(res.text()).toBe(indexHtml(app));
        expect(Date.now() - started).toBeLessThan(5_000);
      }
    } finally {
      hanging.closeAllConnections();
      hanging.close();
    }
  });

  it.each(appNames)('%s: a hashed asset is cached for a year and compressed', async (app) => {
    const assets = readdirSync(join(repoRoot, 'apps', app, 'dist/assets'));
    const script = assets.filter((f) => f.endsWith('.js')).sort()[0];
    expect(script).toBeDefined();
    const res = await proxied(hosts[app], {
      path: `/assets/${script}`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toMatch(/^(gzip|br)$/);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['content-security-policy']).toBe(expectedAppHeaders(app)['content-security-policy']);
  });

  it('plain http is sent to https; an unknown name gets no certificate', async () => {
    const res = await new Promise<{ status: number; location: string }>((resolve, reject) => {
      const socket = connect(s.proxy.httpPort, '127.0.0.1', () => {
        socket.end(`GET /news?id=1 HTTP/1.1\r\nHost: ${hosts.portal}\r\nConnection: close\r\n\r\n`);
      });
      let text = '';
      socket.on('data', (c: Buffer) => (text += c.toString('utf8')));
      socket.on('end', () =>
        resolve({
          status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1]),
          location: /\r\nlocation: (\S+)/i.exec(text)?.[1] ?? '',
        }),
      );
      socket.on('error', reject);
    });
    expect(res).toEqual({ status: 301, location: `https://${hosts.portal}/news?id=1` });
    await expect(proxied('elsewhere.example', { path: '/' })).rejects.toThrow();
  });

  it('plain http answers the ACME challenge from its folder before the redirect, and nothing else there', async () => {
    const plain = (path: string) => direct(s.proxy.httpPort, { path, headers: { host: hosts.portal } });
    const token = await plain(`/.well-known/acme-challenge/${acmeToken.name}`);
    expect([token.status, token.text()]).toEqual([200, acmeToken.content]);
    expect(token.headers['content-type']).toMatch(/^text\/plain/);
    expect((await plain('/.well-known/acme-challenge/unknown-token')).status).toBe(404);
    expect((await plain('/.well-known/acme-challenge/../../etc/passwd')).status).not.toBe(200);
    const elsewhere = await plain('/.well-known/security.txt');
    expect([elsewhere.status, elsewhere.headers.location]).toEqual([
      301,
      `https://${hosts.portal}/.well-known/security.txt`,
    ]);
  });
});

describe('the API through nginx', () => {
  it("behind the CDN the player is its header's address, on the CDN's connections only", async () => {
    const marker = `cdn-${Date.now()}`;
    const ask = (from: string, client: string, n: number) =>
      proxied(hosts.api, {
        path: `/web/game/list?lang=en&${marker}=${n}`,
        from,
        headers: { [cdn.header]: client },
      });
    expect((await ask('127.0.0.70', '198.51.100.180', 1)).status).toBe(200);
    // Not a CDN edge: its header is ignored.
    expect((await ask('127.0.0.40', '198.51.100.181', 2)).status).toBe(200);
    const clients = () =>
      readFileSync(s.accessLog, 'utf8')
        .split('\n')
        .filter((line) => line.includes(marker))
        .map((line) => line.split(' ')[0]);
    // nginx logs a request once its answer is sent: the line may come a moment after the client has it.
    await vi.waitFor(() => expect(clients()).toEqual(['198.51.100.180', '127.0.0.40']), { timeout: 2_000 });
  });

  it("the API counts a CDN's players apart, and a player the same through any edge", async () => {
    // Through two edges, one player: one limit. Another player through the same edges is still served.
    const statuses = await pacedBurst((i) =>
      proxied(hosts.api, {
        path: '/web/game/list?lang=en',
        from: i % 2 === 0 ? '127.0.0.71' : '127.0.0.72',
        headers: { [cdn.header]: '198.51.100.190' },
      }),
    );
    expectOneLimit(statuses);
    const other = await proxied(hosts.api, {
      path: '/web/game/list?lang=en',
      from: '127.0.0.71',
      headers: { [cdn.header]: '198.51.100.191' },
    });
    expect(other.status).toBe(200);
  });

  it('answers with the browser headers and a request id', async () => {
    const res = await proxied(hosts.api, { path: '/web/home/nav/list?lang=en', from: '127.0.0.21' });
    expect(res.status).toBe(200);
    expect(res.json().code).toBe(0);
    expectBrowserSide(res);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    // nginx's $request_id (32 hex digits), passed as X-Request-Id and kept by the API as the request's id.
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('has no development route: mailbox, game-server console and sandbox checkout answer 404', async () => {
    for (const [method, path] of [
      ['GET', '/dev/mailbox'],
      ['GET', '/dev/mailbox.json'],
      ['GET', '/dev/game-sim/deliveries'],
      ['POST', '/dev/game-sim/switch'],
      ['GET', '/pay/sandbox/checkout/P0001?lang=en'],
      ['POST', '/pay/sandbox/checkout/P0001'],
    ] as const) {
      const res = await proxied(hosts.api, {
        method,
        path,
        from: '127.0.0.22',
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });

  it('starts no Demo ID provider', async () => {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(s.demoIdPort, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    expect(refused).toBe(true);
    for (const p of [s.apiA.process, s.apiB.process]) expect(p.output()).not.toMatch(/Demo ID/);
  });
});

interface NavFlags {
  is_show_cs: number;
  is_show_fans_group: number;
  is_show_game: number;
  is_show_invest: number;
  is_show_news: number;
}

describe('two API processes, one truth', () => {
  const staffClient = '203.0.113.40';
  const newPassword = 'Smoke test 2026 password';

  it('a staff content change shows through the other process within a second', async () => {
    const first = await staffLogin(s.apiA.port, staffClient, s.adminPassword);
    expect(first.body.code).toBe(0);
    const sid = Object.keys(first.cookies).find((name) => name.endsWith('gp_staff_sid'));
    expect(sid).toBe('__Host-gp_staff_sid');
    const ct = first.cookies.gp_staff_jct ?? '';
    const staffCall = (port: number, path: string, body: object) =>
      direct(port, {
        method: 'POST',
        path: `${path}?ct=${encodeURIComponent(ct)}`,
        headers: { 'x-forwarded-for': staffClient, cookie: cookieHeader(first.cookies) },
        body: JSON.stringify(body),
      });
    // The first administrator's one-time password (admin.js first-admin) must be changed first.
    const changed = await staffCall(s.apiA.port, '/csmng/account/password', {
      old_pwd: s.adminPassword,
      new_pwd: newPassword,
      re_pwd: newPassword,
    });
    expect(changed.json().code).toBe(0);
    // Then every staff account enrols a second factor before anything else (-40020 until it has one).
    const started = await staffCall(s.apiA.port, '/csmng/second_factor/totp/start', {});
    const secret = (started.json().data as { secret: string }).secret;
    const confirmed = await staffCall(s.apiA.port, '/csmng/second_factor/totp/confirm', {
      code: totp(secret),
    });
    expect(confirmed.json().code).toBe(0);

    const navOnB = async () => {
      const res = await direct(s.apiB.port, {
        path: '/web/home/nav/list?lang=en',
        headers: { 'x-forwarded-for': '203.0.113.41' },
      });
      expect(res.status).toBe(200);
      return res.json().data as NavFlags;
    };
    const before = await navOnB();
    expect(await navOnB()).toEqual(before); // now in B's cache
    const flipped = { ...before, is_show_news: before.is_show_news === 1 ? 0 : 1 };
    const saved = await staffCall(s.apiA.port, '/csmng/komoe/mng/content/nav/save', flipped);
    expect(saved.json().code).toBe(0);
    const savedAt = Date.now();
    let seen = await navOnB();
    while (seen.is_show_news !== flipped.is_show_news && Date.now() - savedAt < 1_000) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await navOnB();
    }
    expect(seen.is_show_news, 'B still answers the flags from before the write').toBe(flipped.is_show_news);
  });

  it('a soft lock reached half through one process and half through the other', async () => {
    const client = '203.0.113.10';
    const ports = [s.apiA.port, s.apiB.port];
    const codes: number[] = [];
    // Six wrong passwords, A, B, A, B, A, B: the account is soft-locked at its fifth (lockout.service.ts) only if
    // both processes count into one total; per process, neither would reach five.
    for (let i = 0; i < 6; i++) {
      codes.push((await staffLogin(ports[i % 2]!, client, 'wrong password 1')).body.code);
    }
    // Wrong passwords answer as wrong, before and after the soft lock; nothing answers "locked" (500004).
    expect(codes).toEqual(Array.from({ length: 6 }, () => 500002));
    const softLocked = s.postgres.sql(
      "select count(*) from staff_audit_log where action = 'staff.login_failed' and after->>'soft_locked' = 'true'",
    );
    expect(softLocked.trim()).toBe('1');
    // The right password still gets in, through either process.
    expect((await staffLogin(s.apiB.port, client, newPassword)).body.code).toBe(0);
  });

  it('a rate limit reached half through one process and half through the other', async () => {
    const client = '203.0.113.20';
    const statuses = await pacedBurst((i) =>
      direct(i % 2 === 0 ? s.apiA.port : s.apiB.port, {
        path: '/web/game/list?lang=en',
        headers: { 'x-forwarded-for': client },
      }),
    );
    expectOneLimit(statuses);
  });

  it('a spoofed X-Forwarded-For changes nothing; another client is not limited with the first', async () => {
    // Through nginx, which spreads the requests over both processes; each names a new address of its own.
    const statuses = await pacedBurst((i) =>
      proxied(hosts.api, {
        path: '/web/game/list?lang=en',
        from: '127.0.0.30',
        headers: { 'x-forwarded-for': `198.51.100.${i % 250}`, 'x-real-ip': `198.51.100.${i % 250}` },
      }),
    );
    expectOneLimit(statuses);
    // nginx's own address does not stand for every player: a second client is still served.
    expect((await proxied(hosts.api, { path: '/web/game/list?lang=en', from: '127.0.0.31' })).status).toBe(
      200,
    );
  });
});

/**
 * Twice the limit's worth of requests from one client, `paceMs` apart, answering their statuses. Paced because a
 * shared store may batch its counts (@gp/api's merges every 250 ms), so a burst can overshoot the limit by what
 * the other process lets through before it hears of the rest; the overshoot `expectOneLimit` allows is that.
 */
async function pacedBurst(send: (i: number) => Promise<Answer>, paceMs = 20): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 2 * rateLimitMax; i++) {
    statuses.push((await send(i)).status);
    await new Promise((r) => setTimeout(r, paceMs));
  }
  return statuses;
}

/** One limit for the client across both processes: about RATE_LIMIT_MAX served in all (two limits: twice that). */
function expectOneLimit(statuses: number[]) {
  expect(statuses.filter((x) => x !== 200 && x !== 429)).toEqual([]);
  const served = statuses.filter((x) => x === 200).length;
  expect(served, 'refused before the limit').toBeGreaterThanOrEqual(rateLimitMax);
  expect(served, 'served past one limit: counted per process or per spoofed address').toBeLessThanOrEqual(
    rateLimitMax * 1.25,
  );
  expect(statuses.slice(-4), 'the last requests, two on each process').toEqual([429, 429, 429, 429]);
}

describe('watchable', () => {
  /** Samples of a Prometheus text answer: the line's name and labels -> value. */
  async function metrics(port: number): Promise<Map<string, number>> {
    const res = await direct(port, { path: '/metrics' });
    expect(res.status).toBe(200);
    const samples = new Map<string, number>();
    for (const line of res.text().split('\n')) {
      const m = /^([a-zA-Z_:][\w:]*(?:\{.*\})?)\s+(\S+)/.exec(line);
      if (m && !line.startsWith('#')) samples.set(m[1]!, Number(m[2]));
    }
    return samples;
  }

  it("/metrics on a process's metrics port counts the requests just made", async () => {
    const before = await metrics(s.apiA.metricsPort);
    const made = 7;
    for (let i = 0; i < made; i++) {
      const res = await direct(s.apiA.port, {
        path: '/web/home/banner?lang=en',
        headers: { 'x-forwarded-for': '203.0.113.50' },
      });
      expect(res.status).toBe(200);
    }
    const after = await metrics(s.apiA.metricsPort);
    // A request counter of that route (whatever the metric's name): up by exactly the requests made.
    const counted = [...after].filter(
      ([key, value]) =>
        /_total\{|_count\{/.test(key) &&
        key.includes('/web/home/banner') &&
        /"200"|"2xx"/.test(key) &&
        value - (before.get(key) ?? 0) === made,
    );
    expect(
      counted.map(([key]) => key),
      [...after.keys()].join('\n'),
    ).not.toEqual([]);
    // The worker is running and answers on its own metrics port.
    expect(s.worker.process.child.exitCode).toBeNull();
    expect((await metrics(s.worker.metricsPort)).size).toBeGreaterThan(0);
  });
});

describe('shutdown', () => {
  it('SIGTERM to one API process during a burst of requests through nginx loses none', async () => {
    const total = 240;
    const concurrency = 12;
    const kinds: RequestOptions[] = [
      { path: '/web/home/nav/list?lang=en' },
      { path: '/web/game/list?lang=th' },
      { path: '/healthz' },
      // A write: refused for its captcha (HTTP 200, -105) after reaching the database.
      {
        method: 'POST',
        path: '/csmng/login',
        body: JSON.stringify({ account_id: 'nobody', account_pwd: 'x', token: 'none', captcha_code: 'x' }),
      },
    ];
    const results: Array<number | string> = [];
    let next = 0;
    let stopping: Promise<number | string> | undefined;
    const lane = async () => {
      while (next < total) {
        const i = next++;
        if (i === Math.floor(total / 4)) stopping = s.apiA.process.stop(15_000);
        // 24 clients, 10 requests each: well under the per-client limit.
        const from = `127.0.1.${(i % 24) + 1}`;
        try {
          const res = await proxied(hosts.api, { ...kinds[i % kinds.length]!, from });
          results.push(res.status);
        } catch (error) {
          results.push(String(error));
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, lane));
    expect(results).toHaveLength(total);
    expect(results.filter((r) => r !== 200)).toEqual([]);
    expect(await stopping).toBe(0);
    // The other process is still there and serving.
    expect((await direct(s.apiB.port, { path: '/healthz' })).status).toBe(200);
  });
});

describe('backups', () => {
  const script = join(repoRoot, 'deploy/backup/pg-backup.sh');
  const backupDir = () => join(s.dir, 'backups');
  const backups = (args: string[], keep = 2) =>
    spawnSync('bash', [script, ...args], {
      encoding: 'utf8',
      env: {
        ...process.env,
        PATH: `${pgBin()}:${process.env.PATH}`,
        DATABASE_URL: s.postgres.url,
        BACKUP_DIR: backupDir(),
        BACKUP_KEEP: String(keep),
      },
    });
  const dumps = () => readdirSync(backupDir()).filter((f) => /^gp-[0-9TZ]+\.dump$/.test(f));

  it('dumps with a checksum and row counts, rotates, and restores the newest with every count equal', async () => {
    for (let i = 0; i < 3; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 1_100)); // dumps are named by the second
      const made = backups(['backup']);
      expect(made.status, made.stderr).toBe(0);
    }
    expect(dumps()).toHaveLength(2);
    const newest = dumps()
      .sort()
      .at(-1)!
      .replace(/\.dump$/, '');
    const counts = readFileSync(join(backupDir(), `${newest}.counts`), 'utf8');
    // The migrated schema with the first administrator in it.
    expect(counts).toMatch(/^public\.staff_account\t[1-9]\d*$/m);
    expect(counts).toMatch(/^drizzle\.__drizzle_migrations\t[1-9]\d*$/m);
    expect(readFileSync(join(backupDir(), 'last-success.prom'), 'utf8')).toMatch(
      /^gp_backup_last_success_timestamp_seconds \d{10}$/m,
    );
    const checked = backups(['restore-check']);
    expect(checked.status, checked.stderr).toBe(0);
    expect(checked.stdout).toMatch(new RegExp(`${newest} restored .* every count equal`));
    // The throwaway database is gone.
    expect(
      s.postgres.sql("select count(*) from pg_database where datname like 'gp_restore_check_%'").trim(),
    ).toBe('0');
  });

  it('refuses a dump that does not match its checksum, or whose rows do not all come back', () => {
    const newest = join(backupDir(), dumps().sort().at(-1)!);
    const counts = newest.replace(/\.dump$/, '.counts');
    // The dump says one more staff account than it holds.
    const dumped = readFileSync(counts, 'utf8');
    const staff = Number(/^public\.staff_account\t(\d+)$/m.exec(dumped)![1]);
    writeFileSync(counts, dumped.replace(/^(public\.staff_account)\t\d+$/m, `$1\t${staff + 1}`));
    const short = backups(['restore-check', newest]);
    expect(short.status).toBe(1);
    expect(short.stderr).toContain(`< public.staff_account\t${staff}`);
    const bytes = readFileSync(newest);
    bytes[200] = bytes[200]! ^ 0xff;
    writeFileSync(newest, bytes);
    const corrupt = backups(['restore-check', newest]);
    expect(corrupt.status).toBe(1);
    expect(corrupt.stderr).toMatch(/does not match its checksum/);
  });
});

/** The current RFC 6238 code (SHA-1, 30 s, 6 digits) of a base32 secret, as an authenticator app computes it. */
function totp(base32: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of base32.replace(/=+$/, '').toUpperCase())
    bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
