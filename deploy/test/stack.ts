/**
 * The production stack of `compose.yaml`, on loopback and from the built artefacts: PostgreSQL, two API processes
 * (`node apps/api/dist/server.js`, RUN_JOBS=false), one worker (`node apps/api/dist/worker.js`) and nginx with
 * the configuration `deploy/nginx/render.mjs` renders, for the hosts `www.`, `passport.`, `pay.`, `cs.` and
 * `api.` of `gp.localtest` with a certificate made for them now. Every port is picked free (the e2e suite may
 * run beside it on its fixed ports); everything lives in one temporary folder.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { direct, viaProxy } from './client.ts';
import { startPostgres, type Postgres } from './postgres.ts';
import { freePort, run, start, waitFor, type Started } from './processes.ts';
import { render } from '../nginx/render.mjs';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const apiDist = join(repoRoot, 'apps/api/dist');
export const appNames = ['portal', 'passport', 'pay', 'cs-admin'] as const;
export type AppName = (typeof appNames)[number];

export const domain = 'gp.localtest';
export const hosts: Record<AppName | 'api', string> = {
  portal: `www.${domain}`,
  passport: `passport.${domain}`,
  pay: `pay.${domain}`,
  'cs-admin': `cs.${domain}`,
  api: `api.${domain}`,
};

/** Requests per minute per client address: small, so the shared limit is reached in a few requests. */
export const rateLimitMax = 60;
/** The challenge token the stack's ACME folder holds (served on plain http before the redirect). */
export const acmeToken = {
  name: 'smoke-token-0123456789',
  content: 'smoke-token-0123456789.key-authorization',
};
/** The CDN the stack is deployed behind: its edges connect from these loopback addresses. */
export const cdn = { ranges: '127.0.0.64/26', header: 'X-CDN-Client-IP' };

export interface ApiProcess {
  process: Started;
  port: number;
  metricsPort: number;
}

export interface Stack {
  dir: string;
  postgres: Postgres;
  apiA: ApiProcess;
  apiB: ApiProcess;
  worker: { process: Started; metricsPort: number };
  nginx: Started;
  proxy: { port: number; httpPort: number; ca: string };
  /** nginx's access log (its first field is the client address as nginx decided it). */
  accessLog: string;
  demoIdPort: number;
  /** The certificate of every host (and of 127.0.0.1), self-signed; the API processes trust it. */
  tls: { cert: string; key: string };
  /** `https://<host>:<nginx's port>`. */
  origin: (host: string) => string;
  /** The staff admin's one-time password, printed once by `admin.js first-admin`. */
  adminPassword: string;
  /**
   * Starts one of the stack's Node processes again as it was started (after a crash a test caused): same
   * settings and ports, a log of its own (`<name>-<n>.log`); stopped with the stack.
   */
  respawn: (which: 'api-a' | 'api-b' | 'worker') => Started;
  /**
   * A second nginx of the same configuration but for the render.mjs settings in `changed` (e.g. where the pages
   * are rendered), on ports of its own; stopped with the stack. Its certificate is the stack's.
   */
  anotherProxy: (changed: Record<string, string>) => Promise<Stack['proxy']>;
  stop: () => Promise<void>;
}

/** What the stack gives its neighbours before the API starts. */
export interface StackContext {
  dir: string;
  tls: { cert: string; key: string };
  httpsPort: number;
  origin: (host: string) => string;
}

/** A neighbour's part: settings for the API and worker, and processes to stop with the stack. */
export interface StackServices {
  env?: NodeJS.ProcessEnv;
  started?: Started[];
}

export interface StackOptions {
  /**
   * Starts the stack's neighbours (a provider's test server, an SMTP server, a game server) once the
   * certificate and nginx's port exist, before the API: what it answers is added to the API's environment.
   */
  services?: (context: StackContext) => Promise<StackServices>;
  /** nginx's https port, when the apps were built for it (their origins are fixed at build time); default: free. */
  httpsPort?: number;
  /** Where the built apps are (`<appsDir>/<app>/dist`); default: the repository's `apps/`. */
  appsDir?: string;
  /**
   * `small` (default): `rateLimitMax` requests a minute per client, so the smoke test reaches the limit in a few;
   * `production`: the API's own default, for a journey that works as staff and players do.
   */
  rateLimit?: 'small' | 'production';
  /**
   * The demo data (SEED_DEMO=true: games, news, banners, the console's admin), for measuring pages as a visitor
   * sees a filled site (the bench); the admin's one-time password is the one the seeding process printed. Default:
   * an empty database, as a publisher starts, and `admin.js first-admin`.
   */
  demo?: boolean;
}

/** The stack runs what `pnpm build` makes: the API's `server.js` and `worker.js`, and each app's build. */
function checkBuilt(appsDir: string): void {
  const missing = [
    join(apiDist, 'server.js'),
    join(apiDist, 'worker.js'),
    ...appNames.map((a) => join(appsDir, a, 'dist/.vite/content-security-policy.txt')),
  ].filter((f) => !existsSync(f));
  if (missing.length > 0) throw new Error(`not built (run pnpm build): ${missing.join(', ')}`);
}

function makeCertificate(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  // 127.0.0.1 too: the neighbours on loopback (SMTP, a game server) serve it; the API trusts it as its CA.
  const names = [...Object.values(hosts).map((h) => `DNS:${h}`), 'IP:127.0.0.1'].join(',');
  run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '2',
    '-subj',
    `/CN=${domain}`,
    '-addext',
    `subjectAltName=${names}`,
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  return { cert, key };
}

/** Only what a production process is given: no inherited NODE_ENV=test, no developer settings. */
function baseEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'C.UTF-8', TZ: 'UTC' };
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const appsDir = options.appsDir ?? resolve(repoRoot, 'apps');
  checkBuilt(appsDir);
  const dir = mkdtempSync(join(tmpdir(), 'gp-smoke-'));
  chmodSync(dir, 0o755); // nginx's workers (nobody) and PostgreSQL (postgres) work inside it
  const started: Started[] = [];
  let postgres: Postgres | undefined;
  const stop = async () => {
    await Promise.allSettled(started.reverse().map((p) => p.stop(5_000)));
    postgres?.stop();
    if (!process.env.GP_SMOKE_KEEP) rmSync(dir, { recursive: true, force: true });
  };
  try {
    postgres = await startPostgres(join(dir, 'pg'));
    const port = freePort;
    const [apiPortA, apiPortB, metricsA, metricsB, metricsW] = [
      await port(),
      await port(),
      await port(),
      await port(),
      await port(),
    ];
    const [httpsPort, httpPort, demoIdPort, smtpPort, smsPort] = [
      options.httpsPort ?? (await port()),
      await port(),
      await port(),
      await port(),
      await port(),
    ];
    const origin = (host: string) => `https://${host}:${httpsPort}`;
    const tls = makeCertificate(dir);
    const services = (await options.services?.({ dir, tls, httpsPort, origin })) ?? {};
    started.push(...(services.started ?? []));
    const env: NodeJS.ProcessEnv = {
      ...baseEnv(),
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      DATABASE_URL: postgres.url,
      DATABASE_POOL_SIZE: '5',
      PORTAL_ORIGIN: origin(hosts.portal),
      PASSPORT_ORIGIN: origin(hosts.passport),
      PAY_ORIGIN: origin(hosts.pay),
      CS_ADMIN_ORIGIN: origin(hosts['cs-admin']),
      // As compose.yaml: the pictures on the portal's host, the connection its pages came on.
      PUBLIC_UPLOAD_URL: `${origin(hosts.portal)}/upload`,
      COOKIE_DOMAIN: `.${domain}`,
      PREVIEW_SECRET: 'smoke-preview-secret-0123456789abcdefghijklmnop',
      STAFF_LINK_SECRET: 'smoke-staff-link-secret-0123456789abcdefghijkl',
      STAFF_TOTP_KEY: 'smoke-staff-totp-key-0123456789abcdefghijklmn',
      PAY_PROVIDER: 'none',
      // Real transports to addresses where nothing listens: the smoke test sends no message.
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'JoyPeak Games <no-reply@gp.localtest>',
      SMS_TRANSPORT: 'http',
      SMS_GATEWAY_URL: `https://127.0.0.1:${smsPort}/sms`,
      // Only nginx, on loopback, says who the client is.
      TRUSTED_PROXIES: '127.0.0.1',
      ...(options.rateLimit === 'production' ? {} : { RATE_LIMIT_MAX: String(rateLimitMax) }),
      SEED_DEMO: options.demo ? 'true' : 'false',
      // Long, so a staff write can only show on the other process within a second through the shared
      // invalidation, never because an entry happened to expire.
      PUBLIC_CACHE_TTL_MS: '60000',
      // Where Demo ID would listen if anything started it (nothing may).
      DEMO_ID_PORT: String(demoIdPort),
      SHUTDOWN_GRACE_MS: '8000',
      // The operator's CA bundle: the neighbours' certificates are this stack's own.
      NODE_EXTRA_CA_CERTS: tls.cert,
      ...services.env,
    };
    const logDir = dir;
    // Each API process serves the apps' pages on ports of its own (SERVE_APPS, as compose.yaml's replicas do on
    // theirs); nginx sends the player hosts' page requests there.
    const pagePorts = async () => ({
      portal: await port(),
      passport: await port(),
      pay: await port(),
      'cs-admin': await port(),
    });
    const pagesA = await pagePorts();
    const pagesB = await pagePorts();
    const api = (name: string, port: number, metricsPort: number, pages: Record<AppName, number>) =>
      start(name, process.execPath, [join(apiDist, 'server.js')], {
        cwd: repoRoot,
        logDir,
        env: {
          ...env,
          API_PORT: String(port),
          METRICS_PORT: String(metricsPort),
          RUN_JOBS: 'false',
          SERVE_APPS: 'true',
          // The builds nginx serves the assets of: a page names the assets of the build it was rendered from.
          APPS_DIR: appsDir,
          PORTAL_PORT: String(pages.portal),
          PASSPORT_PORT: String(pages.passport),
          PAY_PORT: String(pages.pay),
          CS_ADMIN_PORT: String(pages['cs-admin']),
        },
      });
    // Each poll as a client of its own (the test stands in for the trusted proxy), so a slow start cannot use up
    // the small rate limit of one address.
    let polls = 0;
    const healthy = (port: number) => async () => {
      const client = `192.0.2.${(polls++ % 250) + 1}`;
      return (
        (await direct(port, { path: '/healthz', headers: { 'x-forwarded-for': client } })).status === 200
      );
    };

    // Both API processes start at once on the empty database, as compose starts its replicas: one migrates
    // under the advisory lock, the other waits for it (apps/api/src/db/database.ts). The demo seed is not made for
    // two at once: with it, the second starts once the first has seeded.
    const a = api('api-a', apiPortA, metricsA, pagesA);
    started.push(a);
    if (options.demo) await waitFor('api-a /healthz', healthy(apiPortA), { process: a, ms: 120_000 });
    const b = api('api-b', apiPortB, metricsB, pagesB);
    started.push(b);
    await Promise.all([
      waitFor('api-a /healthz', healthy(apiPortA), { process: a }),
      waitFor('api-b /healthz', healthy(apiPortB), { process: b }),
    ]);
    // The app hosts listen right after the API.
    for (const [p, pages] of [
      [a, pagesA],
      [b, pagesB],
    ] as const)
      for (const app of appNames)
        await waitFor(
          `${p.name} ${app} pages`,
          async () => (await direct(pages[app], { path: '/' })).status === 200,
          {
            process: p,
          },
        );
    // Production starts empty and prints no password: the operator makes the first administrator with the command
    // deploy/README.md names, against the database the processes migrated.
    let adminPassword: string;
    if (options.demo) {
      // One of the two seeded the demo (the other found it seeded) and printed the admin's password once.
      const printed = [a, b].map((p) => /one-time password\s+(\S+)/.exec(p.output())?.[1]).filter(Boolean);
      adminPassword = printed[0] ?? '';
      if (printed.length !== 1) throw new Error(`the demo seed printed ${printed.length} admin passwords`);
    } else {
      for (const p of [a, b])
        if (/one-time password/i.test(p.output()))
          throw new Error('an API process printed a password at its start');
      const firstAdmin = run(process.execPath, [join(apiDist, 'admin.js'), 'first-admin'], {
        env: { ...env, METRICS_PORT: '0' },
      });
      adminPassword = /One-time password: (\S+)/.exec(firstAdmin)?.[1] ?? '';
      if (!adminPassword) throw new Error(`admin.js first-admin printed no password:\n${firstAdmin}`);
    }
    const startWorker = (name: string) =>
      start(name, process.execPath, [join(apiDist, 'worker.js')], {
        cwd: repoRoot,
        logDir,
        env: { ...env, METRICS_PORT: String(metricsW) },
      });
    const worker = startWorker('worker');
    started.push(worker);
    let respawned = 0;
    const respawn = (which: 'api-a' | 'api-b' | 'worker') => {
      const name = `${which}-${++respawned}`;
      const again =
        which === 'worker'
          ? startWorker(name)
          : which === 'api-a'
            ? api(name, apiPortA, metricsA, pagesA)
            : api(name, apiPortB, metricsB, pagesB);
      started.push(again);
      return again;
    };

    // certbot --webroot's folder, with a challenge token in it.
    const acmeRoot = join(dir, 'acme');
    mkdirSync(join(acmeRoot, '.well-known/acme-challenge'), { recursive: true, mode: 0o755 });
    chmodSync(join(acmeRoot, '.well-known'), 0o755);
    chmodSync(join(acmeRoot, '.well-known/acme-challenge'), 0o755);
    writeFileSync(join(acmeRoot, '.well-known/acme-challenge', acmeToken.name), acmeToken.content, {
      mode: 0o644,
    });
    const ca = readFileSync(tls.cert, 'utf8');
    /** nginx with the rendered configuration, in a folder of its own; `changed` replaces settings of render.mjs. */
    const startProxy = async (
      name: string,
      ports: { https: number; http: number },
      changed: Record<string, string> = {},
    ) => {
      const runDir = join(dir, name);
      mkdirSync(runDir, { mode: 0o755 });
      const conf = render(
        join(dir, `${name}-conf`),
        {
          API_ORIGIN: origin(hosts.api),
          PORTAL_ORIGIN: env.PORTAL_ORIGIN,
          PASSPORT_ORIGIN: env.PASSPORT_ORIGIN,
          PAY_ORIGIN: env.PAY_ORIGIN,
          CS_ADMIN_ORIGIN: env.CS_ADMIN_ORIGIN,
          HTTPS_PORT: String(ports.https),
          HTTP_PORT: String(ports.http),
          API_UPSTREAMS: `127.0.0.1:${apiPortA},127.0.0.1:${apiPortB}`,
          PORTAL_PAGES: `127.0.0.1:${pagesA.portal},127.0.0.1:${pagesB.portal}`,
          PASSPORT_PAGES: `127.0.0.1:${pagesA.passport},127.0.0.1:${pagesB.passport}`,
          PAY_PAGES: `127.0.0.1:${pagesA.pay},127.0.0.1:${pagesB.pay}`,
          APPS_DIR: appsDir,
          TLS_CERT: tls.cert,
          TLS_KEY: tls.key,
          RUN_DIR: runDir,
          // A file: nginx cannot open /dev/stdout when it is the test's pipe (a socket).
          ACCESS_LOG: join(runDir, 'access.log'),
          ACME_ROOT: acmeRoot,
          // Deployed behind a CDN whose edges are the loopback addresses 127.0.0.64/26.
          CDN_RANGES: cdn.ranges,
          CDN_CLIENT_HEADER: cdn.header,
          // As root, the workers drop to nobody (as the image's run as nginx); otherwise nginx runs as the tester.
          NGINX_USER: process.getuid?.() === 0 ? 'nobody nogroup' : '',
          ...changed,
        },
        appsDir,
      );
      const nginx = start(
        name,
        '/usr/sbin/nginx',
        ['-p', runDir, '-e', 'stderr', '-c', conf, '-g', 'daemon off;'],
        { cwd: dir, logDir, env: baseEnv() },
      );
      started.push(nginx);
      const proxy = { port: ports.https, httpPort: ports.http, ca };
      await waitFor(
        name,
        async () => (await viaProxy(proxy, hosts.api, { path: '/healthz' })).status === 200,
        { process: nginx, ms: 20_000 },
      );
      return { nginx, proxy, accessLog: join(runDir, 'access.log') };
    };
    const { nginx, proxy, accessLog } = await startProxy('nginx', { https: httpsPort, http: httpPort });
    let proxies = 0;
    const anotherProxy = async (changed: Record<string, string>) =>
      (await startProxy(`nginx-${++proxies}`, { https: await port(), http: await port() }, changed)).proxy;

    return {
      dir,
      postgres,
      apiA: { process: a, port: apiPortA, metricsPort: metricsA },
      apiB: { process: b, port: apiPortB, metricsPort: metricsB },
      worker: { process: worker, metricsPort: metricsW },
      nginx,
      proxy,
      accessLog,
      anotherProxy,
      demoIdPort,
      tls,
      origin,
      adminPassword,
      respawn,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
