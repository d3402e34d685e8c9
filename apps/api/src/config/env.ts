/**
 * The API's environment, read once and checked here; everything else receives the parsed object.
 *
 * Fail closed: a process is production unless NODE_ENV says `development` or `test`. `pnpm start`,
 * `pnpm dev`, the API's own scripts and the test runners say so; a bare `node dist/server.js` is production.
 * Development has a local default for everything (DESIGN section 3); production has no defaults for what only
 * the operator can know (`requiredInProduction`) and refuses every development-only part (the outbox
 * transports, the sandbox payment provider, Demo ID, a fixed captcha answer). A wrong start stops with one
 * error that lists every missing or wrong variable.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';
import { localHosts, localPorts } from '@gp/config';
import { isTimeZone } from '@gp/i18n/format';
import { appsRoot, repoRoot } from './paths.ts';
import { noProxy, parseTrustedProxies } from './trusted-proxies.ts';
import { gameServerUrlProblem, parseHostList } from './game-server-hosts.ts';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const local = localHosts();
/** A setting written as JSON (`fallback` when unset), then checked by `schema`; bad JSON is named as such. */
const jsonSetting = <T extends z.ZodType>(fallback: string, schema: T) =>
  z
    .string()
    .default(fallback)
    .transform((v, ctx) => {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
/** A provider account's short name (`th`, `sg-2`): the part after the dot of `stripe.th`. */
const accountName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,15}$/, 'account names are a-z, 0-9 and -, up to 16');
/** The built-in game simulator's key: it answers on loopback in development only, so a known default is safe. */
export const gameSimDevelopmentSecret = 'gp-game-sim-development-only-secret-0001';
/** SITE_TIME_ZONE when unset (also for app hosts built without the whole environment, as tests do). */
export const defaultSiteTimeZone = 'Asia/Bangkok';
/** STAFF_TOTP_KEY outside production, where it is required. */
const developmentTotpKey = 'gp-staff-totp-development-only-key-00001';

const fields = z
  .object({
    /** Unset: production. Only `development` and `test` turn the development-only parts on. */
    NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    HOST: z.string().min(1).default('127.0.0.1'),
    API_PORT: z.coerce.number().int().min(0).max(65535).default(localPorts.api),
    /**
     * Prometheus metrics (src/observability): text format at `http://METRICS_HOST:METRICS_PORT/metrics`, on a
     * port of their own that the public proxy never routes to. 0 = off. Default 9464 (the OpenTelemetry
     * Prometheus exporter's port) in production; off in development and tests, where several processes of one
     * machine would fight over it. METRICS_CACHE_MS: how long a scrape reuses the database-derived gauges
     * (orders, delivery, outbox, exports), so scrapes cannot load the database.
     */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    METRICS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    /** Set: PostgreSQL. Unset: embedded PGlite in DATA_DIR. */
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATA_DIR: z.string().min(1).default('.data'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /**
     * Seed demo data (games, news, a catalog, the console's admin) on an empty database. Default: on in development
     * and tests, off in production, which starts empty (the first administrator comes from `admin.js first-admin`).
     */
    SEED_DEMO: bool.optional(),
    /** Where players' browsers reach the upload group (absolute URLs of icons and images). */
    PUBLIC_UPLOAD_URL: z.url().default(`http://localhost:${localPorts.api}/upload`),
    PORTAL_ORIGIN: z.url().default(local.apps.portal),
    PASSPORT_ORIGIN: z.url().default(local.apps.passport),
    PAY_ORIGIN: z.url().default(local.apps.pay),
    CS_ADMIN_ORIGIN: z.url().default(local.apps.csAdmin),
    /** Requests per minute per client address before 429. */
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1200),
    /**
     * Who may say the client's address (config/trusted-proxies.ts): `none` (no proxy; X-Forwarded-For ignored),
     * a comma list of proxy addresses / CIDRs, or `hops:N`. Required in production; `none` elsewhere when unset.
     */
    TRUSTED_PROXIES: z
      .string()
      .min(1)
      .transform((v, ctx) => {
        const parsed = parseTrustedProxies(v);
        if ('problem' in parsed) {
          ctx.addIssue({ code: 'custom', message: parsed.problem });
          return z.NEVER;
        }
        return parsed;
      })
      .optional(),
    /**
     * How long (app clock) a process serves a cached public read (modules/public-cache) before asking the database
     * again: the most another process's staff write takes to show here. 0 turns the cache off. Default 1000, but 0
     * under NODE_ENV=test, whose tests write rows behind the app's back and read them at once (the cache's own
     * tests turn it on).
     */
    PUBLIC_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    /**
     * The IANA zone the server writes a page's dates in for a browser it does not know yet (a first visit: the
     * browser keeps its own zone in a cookie for the next pages, `@gp/i18n/format` `timeZoneCookie`).
     */
    SITE_TIME_ZONE: z
      .string()
      .refine(isTimeZone, 'an IANA time zone, e.g. Asia/Bangkok')
      .default(defaultSiteTimeZone),
    /**
     * Outgoing e-mail and SMS (DESIGN section 6; modules/messaging). `outbox` keeps them in the outbox table, read
     * in the dev mailbox and by tests, and sends nothing: refused in production. `smtp` sends e-mail with
     * nodemailer through SMTP_URL (`smtp://user:pass@host:587`, `smtps://` for TLS on 465) from MAIL_FROM; `http`
     * POSTs `{ to, text }` to the SMS gateway at SMS_GATEWAY_URL, with `Authorization: Bearer SMS_GATEWAY_TOKEN`
     * when set. OUTBOX_POLL_MS: how often the dispatcher looks for messages to send.
     */
    MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
    SMS_TRANSPORT: z.enum(['outbox', 'http']).default('outbox'),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z
      .string()
      .regex(
        /^[^\r\n]+@[^\r\n]+$/,
        'an address, optionally with a name: "JoyPeak Games <no-reply@example.com>"',
      )
      .optional(),
    SMS_GATEWAY_URL: z.url({ protocol: /^https?$/ }).optional(),
    SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
    OUTBOX_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(2_000),
    /** Accounts one client address may create (registration flood limit, -800; see registration-limit.ts). */
    REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).default(5),
    REGISTRATIONS_PER_DAY: z.coerce.number().int().min(1).default(20),
    /** SMS and e-mail codes one client address may ask for in an hour (then 800000, too frequent). */
    CODES_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(30),
    /**
     * SMS cost guards (verification-code.service.ts): SMS one number, one client address and one country
     * calling code may be sent a day (then -701, -701, -707), and the global daily budget of SMS, whose
     * exhaustion stops every SMS until midnight UTC (-706). Staff see today's count on the console's status
     * page.
     */
    SMS_PER_NUMBER_PER_DAY: z.coerce.number().int().min(1).default(10),
    SMS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).default(100),
    SMS_PER_PREFIX_PER_DAY: z.coerce.number().int().min(1).default(2_000),
    SMS_DAILY_BUDGET: z.coerce.number().int().min(1).default(10_000),
    /**
     * The longest a login from a client address with many failed logins waits before it is answered (the
     * per-address slowdown; lockout.service.ts). 0 turns the slowdown off.
     */
    LOGIN_SLOWDOWN_MAX_MS: z.coerce.number().int().min(0).max(10_000).default(2_000),
    /**
     * Days between a member's account-deletion request and the erasure of their data (modules/privacy); logging
     * in meanwhile cancels it. SPEC's own waiting periods are days, not hours: two weeks leaves room to change one's mind.
     */
    PRIVACY_DELETION_GRACE_DAYS: z.coerce.number().int().min(1).max(90).default(14),
    /** Tests only: every graphic captcha accepts this answer. Refused in production. */
    CAPTCHA_TEST_ANSWER: z.string().min(1).max(12).optional(),
    /** PKCS#8 PEM of the password-transport key; generated once and kept in the database when unset. */
    RSA_PRIVATE_KEY: z.string().min(1).optional(),
    /** Signs preview links of unpublished content; random per process when unset (fine locally, not in production). */
    PREVIEW_SECRET: z.string().min(32).optional(),
    /**
     * Signs the staff desk's download links (ticket exports); random per process when unset (fine locally, where
     * a restart only spoils links younger than ten minutes), required in production.
     */
    STAFF_LINK_SECRET: z.string().min(32).optional(),
    /**
     * Seals the staff's authenticator-app secrets in the database (modules/staff/totp-secret.box.ts). Required in
     * production; elsewhere a fixed development key. Changing it locks every authenticator app out (the start
     * refuses a key that does not open the stored secrets).
     */
    STAFF_TOTP_KEY: z.string().min(32).optional(),
    /** Runs the desk's export worker with the other jobs (tests turn it off and drive it themselves). */
    DESK_EXPORT_WORKER: bool.default(true),
    /**
     * Runs the background jobs (src/composition/background-jobs.ts: pay delivery and expiry, desk exports, outbox, ticket
     * housekeeping) in this process. On for `pnpm start` (one process); off on API replicas when `worker.js` runs
     * them. Any number of processes may run them at once (leases, advisory locks); off only saves the work.
     */
    RUN_JOBS: bool.default(true),
    /**
     * On SIGTERM: how long the process keeps answering (with /readyz at 503) before it closes its listeners, so a
     * proxy that polls readiness stops sending first. 0 locally; 5000 or so behind a proxy in production.
     */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /** Cookie Domain in production (e.g. `.example.com`) so every host of the site shares the session. */
    COOKIE_DOMAIN: z.string().min(1).optional(),
    /**
     * Social login (DESIGN section 6). DEMO_ID runs the built-in "Demo ID" OpenID provider on the loopback port
     * DEMO_ID_PORT, so anyone can try a third-party sign-in locally; refused in production.
     */
    DEMO_ID: bool.optional(),
    DEMO_ID_PORT: z.coerce.number().int().min(0).max(65535).default(localPorts.demoId),
    /**
     * Standard OpenID Connect providers (Google): a JSON array of `{ "provider": "google", "issuer": "<https
     * URL>", "clientId": "...", "clientSecret": "..." }` (discovery at the issuer). Apple and Facebook are not
     * plain OpenID Connect and have settings of their own (below).
     */
    OIDC_PROVIDERS: jsonSetting(
      '[]',
      z.array(
        z.object({
          provider: z.enum(['google'], {
            message: 'only google here: Apple and Facebook are set with APPLE_* and FACEBOOK_*',
          }),
          issuer: z.url({ protocol: /^https$/ }),
          clientId: z.string().min(1),
          clientSecret: z.string().min(1).optional(),
        }),
      ),
    ),
    /**
     * Sign in with Apple (modules/accounts/apple-sign-in.ts), on when APPLE_CLIENT_ID is set: the Services ID,
     * the team id, the id of the Sign in with Apple key and that key's .p8 file (PKCS#8 PEM; `\n` for line
     * breaks is accepted), which signs the ES256 client secret. All four are required in production once
     * APPLE_CLIENT_ID is set.
     */
    APPLE_CLIENT_ID: z.string().min(1).optional(),
    APPLE_TEAM_ID: z
      .string()
      .regex(/^[A-Z0-9]{10}$/, 'the 10-character team id')
      .optional(),
    APPLE_KEY_ID: z
      .string()
      .regex(/^[A-Z0-9]{10}$/, 'the 10-character key id')
      .optional(),
    APPLE_PRIVATE_KEY: z
      .string()
      .transform((v) => v.replace(/\\n/g, '\n'))
      .pipe(z.string().regex(/-----BEGIN PRIVATE KEY-----/, 'the .p8 file: a PKCS#8 PEM private key'))
      .optional(),
    /**
     * Facebook Login (modules/accounts/facebook-login.ts), on when FACEBOOK_APP_ID is set: the Meta app's id and
     * secret (required in production once the id is set) and the Graph API version its calls use.
     */
    FACEBOOK_APP_ID: z
      .string()
      .regex(/^\d{1,30}$/, 'the numeric app id')
      .optional(),
    FACEBOOK_APP_SECRET: z.string().min(16).optional(),
    FACEBOOK_GRAPH_VERSION: z
      .string()
      .regex(/^v\d+\.\d+$/, 'like v21.0')
      .default('v21.0'),
    /**
     * Development and tests only (off unless set; `pnpm start` sets it): run the local Apple and Facebook test
     * servers (dev/social/social-test-servers.ts) on loopback and send those providers' calls to them
     * instead of Apple and Meta, so the login buttons go through the real protocols without accounts there.
     */
    SOCIAL_TEST_SERVERS: bool.default(false),
    /**
     * Top-up payment (DESIGN section 6 "Pay"; modules/pay). PAY_PROVIDER `sandbox` is the built-in test provider
     * (checkout page served by this API, signed notifications): on by default except in production, where it is
     * refused; `none` takes no payments (orders are refused with err3). PAY_SANDBOX_SECRET signs its
     * notifications (random per process when unset); PAY_SANDBOX_URL is where browsers reach its checkout page;
     * PAY_SANDBOX_NOTIFY_URL, when set, is where it POSTs notifications over HTTP (unset: into this process);
     * PAY_SANDBOX_LATE_MS delays the notification of "pay, notify late". PAY_ORDER_TTL_S: seconds to pay before
     * an order expires. PAY_WORKER runs the delivery worker (and the expiry sweep) with the other background jobs
     * (RUN_JOBS), polling every PAY_WORKER_POLL_MS.
     */
    PAY_PROVIDER: z.enum(['sandbox', 'stripe', 'xendit', 'none']).optional(),
    /**
     * Stripe Checkout (modules/pay/providers/stripe/stripe-provider.ts): the secret API key and the webhook endpoint's signing
     * secret, both required in production when PAY_PROVIDER=stripe. STRIPE_API_BASE (development / test only)
     * points the SDK at another server, the local test server; STRIPE_TEST_SERVER (development / test only, a
     * port) makes this process run that local test server on loopback and use it.
     */
    STRIPE_SECRET_KEY: z.string().min(8).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
    STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
    /**
     * The one seam of the production-shaped journey (`pnpm test:production`): with `true`, a production process
     * accepts STRIPE_API_BASE (the local Stripe test server). A real deployment never sets it; without it,
     * production refuses STRIPE_API_BASE.
     */
    PROVIDER_TEST_SERVER_ALLOWED: bool.default(false),
    STRIPE_TEST_SERVER: z.coerce.number().int().min(1).max(65535).optional(),
    /**
     * Xendit's Payment Requests (modules/pay/providers/xendit/xendit-provider.ts): the secret API key and the
     * callback verification token Xendit sends in `x-callback-token`, both required in production when either is
     * set or PAY_PROVIDER=xendit. XENDIT_API_BASE and XENDIT_TEST_SERVER work as Stripe's do.
     */
    XENDIT_SECRET_KEY: z.string().min(8).optional(),
    XENDIT_CALLBACK_TOKEN: z.string().min(8).optional(),
    XENDIT_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
    XENDIT_TEST_SERVER: z.coerce.number().int().min(1).max(65535).optional(),
    /**
     * More accounts of a provider, each for the markets its country takes (a Stripe account in Thailand for
     * PromptPay, one in Singapore for PayNow), by a short name: `{"th": {"secret_key": "sk_live_...",
     * "webhook_secret": "whsec_..."}}` and `{"ph": {"secret_key": "xnd_production_...", "callback_token": "..."}}`.
     * A channel names one as `<provider>.<name>` (`stripe.th`); its notifications arrive at
     * /pay/notify/stripe.th and are checked with that account's secret; its orders are asked about, refunded and
     * settled there. The keys of each account are both required.
     */
    STRIPE_ACCOUNTS: jsonSetting(
      '{}',
      z.record(
        accountName,
        z.object({ secret_key: z.string().min(8), webhook_secret: z.string().min(8) }).strict(),
      ),
    ),
    XENDIT_ACCOUNTS: jsonSetting(
      '{}',
      z.record(
        accountName,
        z.object({ secret_key: z.string().min(8), callback_token: z.string().min(8) }).strict(),
      ),
    ),
    PAY_SANDBOX_SECRET: z.string().min(32).optional(),
    PAY_SANDBOX_URL: z
      .url({ protocol: /^https?$/ })
      .default(`http://localhost:${localPorts.api}/pay/sandbox`),
    PAY_SANDBOX_NOTIFY_URL: z.url({ protocol: /^https?$/ }).optional(),
    PAY_SANDBOX_LATE_MS: z.coerce.number().int().min(0).max(86_400_000).default(120_000),
    PAY_ORDER_TTL_S: z.coerce.number().int().min(10).max(86_400).default(1_800),
    PAY_WORKER: bool.default(true),
    PAY_WORKER_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(2_000),
    /**
     * Reconciliation (modules/pay/orders/pay-reconcile.job.ts): how long after an order was opened the job first asks its
     * provider about a payment no notification has decided (then again with backoff until the provider's expiry).
     */
    PAY_RECONCILE_AFTER_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(300_000),
    /**
     * The live order status (modules/pay/orders/pay-order-stream.service.ts): open streams one member may
     * hold in a process (tabs, devices), that a process holds in all, and the longest a stream stays open
     * before the browser reconnects.
     */
    PAY_STREAMS_PER_MEMBER: z.coerce.number().int().min(1).max(100).default(5),
    PAY_STREAMS_MAX: z.coerce.number().int().min(1).max(100_000).default(2_000),
    PAY_STREAM_LIFETIME_S: z.coerce.number().int().min(1).max(86_400).default(1_800),
    /**
     * Serve the four built apps on their ports from this process, with the player pages' first screens rendered:
     * `pnpm start`, and production, where nginx sends the player hosts' page requests to these ports
     * (deploy/README.md "Pages").
     */
    SERVE_APPS: bool.default(false),
    /** Where the built apps are, `<APPS_DIR>/<app>/dist` (default: this checkout's `apps/`). */
    APPS_DIR: z.string().min(1).optional(),
    PORTAL_PORT: z.coerce.number().int().min(0).max(65535).default(localPorts.portal),
    PASSPORT_PORT: z.coerce.number().int().min(0).max(65535).default(localPorts.passport),
    PAY_PORT: z.coerce.number().int().min(0).max(65535).default(localPorts.pay),
    CS_ADMIN_PORT: z.coerce.number().int().min(0).max(65535).default(localPorts.csAdmin),
    /**
     * Game servers (modules/pay/game-server-protocol): GAME_SERVERS maps a game_base_id to the base URL of the
     * studio's implementation of the protocol and the key id we sign with, `{"1001": {"url": "https://...",
     * "key_id": "gp-2026a"}}`; GAME_SERVER_KEYS holds the secrets by key id, `{"gp-2026a": "<32+ chars>"}` (a key
     * is rotated by adding the new one, asking the studio to accept both, then switching key_id). A game left out
     * is served by the built-in simulator when GAME_SIM is on, else its calls fail (err8 / retried delivery).
     * GAME_SERVER_TIMEOUT_MS bounds each call. GAME_SIM (on except in production, where it is refused) serves the
     * protocol on 127.0.0.1:GAME_SIM_PORT (0: any free port; the default in tests) with key id `sim` and
     * GAME_SIM_SECRET.
     */
    GAME_SERVERS: jsonSetting(
      '{}',
      z.record(
        z.string().regex(/^[1-9]\d{0,9}$/, 'keys are game_base_id numbers'),
        z.object({ url: z.url({ protocol: /^https?$/ }), key_id: z.string().min(1).max(64) }).strict(),
      ),
    ),
    GAME_SERVER_KEYS: jsonSetting(
      '{}',
      z.record(z.string().min(1).max(64), z.string().min(32, 'a secret has 32+ characters')),
    ),
    GAME_SERVER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    /**
     * The hosts game servers may be at (config/game-server-hosts.ts): a comma list of host names, `*.domain`
     * patterns and addresses. Unset: any host, but in production only at public addresses.
     */
    GAME_SERVER_HOSTS: z
      .string()
      .transform((v, ctx) => {
        const parsed = parseHostList(v);
        if ('problem' in parsed) {
          ctx.addIssue({ code: 'custom', message: parsed.problem });
          return z.NEVER;
        }
        return parsed.hosts;
      })
      .default([]),
    GAME_SIM: bool.optional(),
    GAME_SIM_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    GAME_SIM_SECRET: z.string().min(32).default(gameSimDevelopmentSecret),
  })
  // Read once at start and never changed after.
  .readonly();

type Fields = z.output<typeof fields>;

/** Every setting the process reads (deploy/README.md must list each: env.docs.test.ts). */
export const settingNames: readonly string[] = Object.keys(fields.unwrap().shape);
type Source = Record<string, string | undefined>;

/** What a production start must be given, and why (the error names both). */
export const requiredInProduction = {
  DATABASE_URL: "PostgreSQL (the embedded PGlite is one process's database, for development)",
  PREVIEW_SECRET: 'signs preview links of unpublished content (32+ characters)',
  STAFF_LINK_SECRET: "signs the console's download links (32+ characters)",
  STAFF_TOTP_KEY:
    "seals the staff's authenticator-app secrets in the database (32+ characters; keep it: a new key locks those apps out)",
  PORTAL_ORIGIN: 'the https origin of the portal (main host)',
  PASSPORT_ORIGIN: 'the https origin of the passport host',
  PAY_ORIGIN: 'the https origin of the pay host',
  CS_ADMIN_ORIGIN: 'the https origin of the staff console',
  PUBLIC_UPLOAD_URL: 'the https URL browsers reach the upload group at (image addresses)',
  COOKIE_DOMAIN:
    'the registrable domain of the app hosts (`.example.com`): the apps read the CSRF cookies from it',
  TRUSTED_PROXIES:
    'the reverse proxies in front of the API (addresses / CIDRs, or `hops:N`), or `none` when clients connect directly',
  PAY_PROVIDER:
    'the payment provider (`sandbox` is refused; `none` takes no payments and says so in the log at start)',
} as const;

/** Origins and URLs that browsers use with Secure cookies: https only in production. */
const httpsInProduction = [
  'PORTAL_ORIGIN',
  'PASSPORT_ORIGIN',
  'PAY_ORIGIN',
  'CS_ADMIN_ORIGIN',
  'PUBLIC_UPLOAD_URL',
] as const;

export function isProductionSource(source: Source): boolean {
  return source.NODE_ENV !== 'development' && source.NODE_ENV !== 'test';
}

const isSet = (v: string | undefined): v is string => v !== undefined && v !== '';
const isOn = (v: string | undefined) => v === 'true' || v === '1';
const hostOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).hostname : undefined;
  } catch {
    return undefined; // reported by the field's own check
  }
};

/** The rules across variables, on the raw values, so they are reported together with every type error. */
function crossChecks(s: Source): Array<[variable: string, message: string]> {
  const out: Array<[string, string]> = [];
  const problem = (variable: string, message: string) => void out.push([variable, message]);
  if (isProductionSource(s)) {
    for (const [variable, what] of Object.entries(requiredInProduction)) {
      if (!isSet(s[variable])) problem(variable, `required in production: ${what}`);
    }
    // Phone numbers and sign-in codes never cross the network in the clear (SMTP: smtp.transport.ts `requireTls`).
    if (isSet(s.SMS_GATEWAY_URL) && !s.SMS_GATEWAY_URL.startsWith('https://'))
      problem(
        'SMS_GATEWAY_URL',
        'must be an https:// URL in production (it carries phone numbers and codes)',
      );
    for (const variable of httpsInProduction) {
      const value = s[variable];
      if (isSet(value) && !value.startsWith('https://'))
        problem(variable, 'must be an https:// URL in production (the session cookies are Secure)');
    }
    if (isOn(s.DEMO_ID))
      problem('DEMO_ID', 'the Demo ID sign-in lets anyone in as anyone and is refused in production');
    if (isSet(s.CAPTCHA_TEST_ANSWER))
      problem('CAPTCHA_TEST_ANSWER', 'a fixed captcha answer is for tests only and is refused in production');
    // Either key configures Stripe (a channel may name it with another PAY_PROVIDER): a secret key alone would
    // verify webhooks with the local test server's public signing secret.
    if (s.PAY_PROVIDER === 'stripe' || isSet(s.STRIPE_SECRET_KEY) || isSet(s.STRIPE_WEBHOOK_SECRET)) {
      if (!isSet(s.STRIPE_SECRET_KEY))
        problem(
          'STRIPE_SECRET_KEY',
          'required in production with PAY_PROVIDER=stripe or STRIPE_WEBHOOK_SECRET: the Stripe secret API key',
        );
      if (!isSet(s.STRIPE_WEBHOOK_SECRET))
        problem(
          'STRIPE_WEBHOOK_SECRET',
          "required in production with PAY_PROVIDER=stripe or STRIPE_SECRET_KEY: the webhook endpoint's signing secret (whsec_...)",
        );
    }
    // Either setting configures Xendit; a key alone would take callbacks with the test server's public token.
    if (s.PAY_PROVIDER === 'xendit' || isSet(s.XENDIT_SECRET_KEY) || isSet(s.XENDIT_CALLBACK_TOKEN)) {
      if (!isSet(s.XENDIT_SECRET_KEY))
        problem(
          'XENDIT_SECRET_KEY',
          'required in production with PAY_PROVIDER=xendit or XENDIT_CALLBACK_TOKEN: the Xendit secret API key',
        );
      if (!isSet(s.XENDIT_CALLBACK_TOKEN))
        problem(
          'XENDIT_CALLBACK_TOKEN',
          "required in production with PAY_PROVIDER=xendit or XENDIT_SECRET_KEY: the account's callback verification token",
        );
    }
    if (isSet(s.XENDIT_API_BASE) && !isOn(s.PROVIDER_TEST_SERVER_ALLOWED))
      problem(
        'XENDIT_API_BASE',
        'points Xendit calls away from Xendit; for development and tests only (PROVIDER_TEST_SERVER_ALLOWED)',
      );
    if (isSet(s.XENDIT_TEST_SERVER))
      problem('XENDIT_TEST_SERVER', 'the local Xendit test server is for development and tests only');
    if (isOn(s.SOCIAL_TEST_SERVERS))
      problem(
        'SOCIAL_TEST_SERVERS',
        'the local Apple and Facebook test servers sign anyone in and are refused in production',
      );
    if (isSet(s.STRIPE_API_BASE) && !isOn(s.PROVIDER_TEST_SERVER_ALLOWED))
      problem(
        'STRIPE_API_BASE',
        'points Stripe calls away from Stripe; for development and tests only (PROVIDER_TEST_SERVER_ALLOWED)',
      );
    if (isSet(s.STRIPE_TEST_SERVER))
      problem('STRIPE_TEST_SERVER', 'the local Stripe test server is for development and tests only');
    if (s.PAY_PROVIDER === 'sandbox')
      problem(
        'PAY_PROVIDER',
        'the sandbox payment provider lets anyone pay without money and is refused in production',
      );
    // Unset is the default, `outbox`.
    if ((s.MAIL_TRANSPORT || 'outbox') === 'outbox')
      problem(
        'MAIL_TRANSPORT',
        '`outbox` keeps e-mails in the database and sends none; production needs smtp (with SMTP_URL, MAIL_FROM)',
      );
    if ((s.SMS_TRANSPORT || 'outbox') === 'outbox')
      problem(
        'SMS_TRANSPORT',
        '`outbox` keeps SMS in the database and sends none; production needs http (with SMS_GATEWAY_URL)',
      );
    if (isOn(s.GAME_SIM))
      problem('GAME_SIM', 'the built-in game server credits nothing real and is refused in production');
    const listed = parseHostList(s.GAME_SERVER_HOSTS ?? '');
    const egress = { production: true, hosts: 'hosts' in listed ? listed.hosts : [] };
    for (const [game, server] of Object.entries(jsonOf(s.GAME_SERVERS))) {
      const why = gameServerUrlProblem(String((server as { url?: unknown })?.url ?? ''), egress);
      if (why === 'https_required')
        problem('GAME_SERVERS', `game ${game}: the protocol URL must be https:// in production`);
      if (why === 'host_not_allowed')
        problem(
          'GAME_SERVERS',
          `game ${game}: the host is not on GAME_SERVER_HOSTS (or, without it, not a public address)`,
        );
    }
    if (isSet(s.COOKIE_DOMAIN)) {
      const domain = s.COOKIE_DOMAIN.replace(/^\./, '').toLowerCase();
      for (const variable of ['PORTAL_ORIGIN', 'PASSPORT_ORIGIN', 'PAY_ORIGIN', 'CS_ADMIN_ORIGIN']) {
        const host = hostOf(s[variable]);
        if (host && host !== domain && !host.endsWith(`.${domain}`))
          problem('COOKIE_DOMAIN', `${s.COOKIE_DOMAIN} does not cover ${variable} (${host})`);
      }
    }
  }
  // A provider switched on without its secrets cannot sign anybody in, here or in production.
  if (isSet(s.APPLE_CLIENT_ID))
    for (const variable of ['APPLE_TEAM_ID', 'APPLE_KEY_ID', 'APPLE_PRIVATE_KEY'])
      if (!isSet(s[variable])) problem(variable, 'required with APPLE_CLIENT_ID (Sign in with Apple)');
  if (isSet(s.FACEBOOK_APP_ID) && !isSet(s.FACEBOOK_APP_SECRET))
    problem('FACEBOOK_APP_SECRET', "required with FACEBOOK_APP_ID: the Meta app's secret");
  const keys = jsonOf(s.GAME_SERVER_KEYS);
  for (const [game, server] of Object.entries(jsonOf(s.GAME_SERVERS))) {
    const keyId = (server as { key_id?: unknown })?.key_id;
    if (typeof keyId === 'string' && !(keyId in keys))
      problem('GAME_SERVER_KEYS', `game ${game}: no secret for key id ${keyId}`);
  }
  // The old switch trusted every hop; refusing it tells an operator who still sets it what took its place.
  if (isSet(s.TRUST_PROXY))
    problem(
      'TRUST_PROXY',
      "replaced by TRUSTED_PROXIES (the proxies' addresses / CIDRs, `hops:N`, or `none`)",
    );
  if (s.MAIL_TRANSPORT === 'smtp' && !isSet(s.SMTP_URL))
    problem('SMTP_URL', 'required with MAIL_TRANSPORT=smtp');
  if (s.MAIL_TRANSPORT === 'smtp' && !isSet(s.MAIL_FROM))
    problem('MAIL_FROM', 'required with MAIL_TRANSPORT=smtp');
  if (s.SMS_TRANSPORT === 'http' && !isSet(s.SMS_GATEWAY_URL))
    problem('SMS_GATEWAY_URL', 'required with SMS_TRANSPORT=http');
  return out;
}

/** A JSON object setting for the cross checks; its own field reports what is wrong with it. */
function jsonOf(value: string | undefined): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(value || '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function complete(e: Fields) {
  return {
    ...e,
    previewSecret: e.PREVIEW_SECRET ?? randomBytes(32).toString('base64url'),
    staffLinkSecret: e.STAFF_LINK_SECRET ?? randomBytes(32).toString('base64url'),
    // Not random per process: the sealed secrets must open after a restart, in development too.
    staffTotpKey: e.STAFF_TOTP_KEY ?? developmentTotpKey,
    SEED_DEMO: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    /** On by default everywhere but production, where it is refused. */
    demoId: e.DEMO_ID ?? e.NODE_ENV !== 'production',
    /** The sandbox everywhere but production, where it is refused and a provider must be named. */
    payProvider: e.PAY_PROVIDER ?? (e.NODE_ENV === 'production' ? ('none' as const) : ('sandbox' as const)),
    /** Unset only outside production (there it is required): no proxy in front. */
    trustedProxies: e.TRUSTED_PROXIES ?? noProxy,
    /** The built-in game server everywhere but production, where it is refused. */
    gameSim: e.GAME_SIM ?? e.NODE_ENV !== 'production',
    /** Tests run many apps side by side: any free port. */
    GAME_SIM_PORT: e.GAME_SIM_PORT ?? (e.NODE_ENV === 'test' ? 0 : localPorts.gameSim),
    paySandboxSecret: e.PAY_SANDBOX_SECRET ?? randomBytes(32).toString('base64url'),
    PUBLIC_CACHE_TTL_MS: e.PUBLIC_CACHE_TTL_MS ?? (e.NODE_ENV === 'test' ? 0 : 1_000),
    METRICS_PORT: e.METRICS_PORT ?? (e.NODE_ENV === 'production' ? 9464 : 0),
    DATA_DIR: resolve(repoRoot, e.DATA_DIR),
    APPS_DIR: e.APPS_DIR === undefined ? appsRoot : resolve(repoRoot, e.APPS_DIR),
    appOrigins: [e.PORTAL_ORIGIN, e.PASSPORT_ORIGIN, e.PAY_ORIGIN, e.CS_ADMIN_ORIGIN].map(
      (o) => new URL(o).origin,
    ),
  };
}

export type Env = ReturnType<typeof complete>;

/** Parses the environment or throws one error that lists every missing or wrong variable. */
export function parseEnv(source: Source = process.env): Env {
  const result = fields.safeParse(source);
  const lines = [
    ...(result.success ? [] : result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)),
    ...crossChecks(source).map(([variable, message]) => `  ${variable}: ${message}`),
  ];
  if (!result.success || lines.length > 0) {
    const mode = isProductionSource(source)
      ? ' (production: NODE_ENV is neither development nor test; see apps/api/README.md "Production")'
      : '';
    throw new Error(`Invalid environment${mode}:\n${lines.join('\n')}`);
  }
  return complete(result.data);
}

/**
 * The development-only parts an environment turns on. Production refuses them when the environment is read;
 * buildApp checks again, so an environment put together by hand cannot bring one into a production app.
 */
export function developmentPartsOn(env: Env): string[] {
  return [
    env.MAIL_TRANSPORT === 'outbox' && 'MAIL_TRANSPORT=outbox',
    env.SMS_TRANSPORT === 'outbox' && 'SMS_TRANSPORT=outbox',
    env.payProvider === 'sandbox' && 'the sandbox payment provider',
    env.STRIPE_API_BASE !== undefined && !env.PROVIDER_TEST_SERVER_ALLOWED && 'STRIPE_API_BASE',
    env.STRIPE_TEST_SERVER !== undefined && 'the local Stripe test server',
    env.XENDIT_API_BASE !== undefined && !env.PROVIDER_TEST_SERVER_ALLOWED && 'XENDIT_API_BASE',
    env.XENDIT_TEST_SERVER !== undefined && 'the local Xendit test server',
    env.demoId && 'Demo ID',
    env.SOCIAL_TEST_SERVERS && 'the local Apple and Facebook test servers (SOCIAL_TEST_SERVERS)',
    env.CAPTCHA_TEST_ANSWER !== undefined && 'CAPTCHA_TEST_ANSWER',
    env.gameSim && 'the built-in game server (GAME_SIM)',
  ].filter((part): part is string => typeof part === 'string');
}

/** For the entry points: the environment, or what is wrong with it on stderr and exit code 1 (no stack trace). */
export function parseEnvOrExit(source: Source = process.env): Env {
  try {
    return parseEnv(source);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
