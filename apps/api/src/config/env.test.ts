import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { productionEnv } from '../../test/production-env.ts';
import { developmentPartsOn, parseEnv, requiredInProduction } from './env.ts';
import { appsRoot, repoRoot } from './paths.ts';

/** A development start says so (pnpm start, pnpm dev); everything else has a local default there. */
const dev = { NODE_ENV: 'development' };

/** Real transports for outgoing e-mail and SMS, which production requires. */
const senders = {
  MAIL_TRANSPORT: 'smtp',
  SMTP_URL: 'smtp://mailer:secret@smtp.example.com:587',
  MAIL_FROM: 'JoyPeak Games <no-reply@example.com>',
  SMS_TRANSPORT: 'http',
  SMS_GATEWAY_URL: 'https://sms.example.com/send',
};

describe('parseEnv', () => {
  it('has a local default for everything in development', () => {
    const env = parseEnv(dev);
    expect(env).toMatchObject({ API_PORT: 8090, PORTAL_PORT: 8080, SEED_DEMO: true, SERVE_APPS: false });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.appOrigins).toEqual([
      'http://localhost:8080',
      'http://localhost:8081',
      'http://localhost:8082',
      'http://localhost:8083',
    ]);
  });

  it("serves the apps this checkout built unless APPS_DIR names another folder (from the repository's root)", () => {
    expect(parseEnv(dev).APPS_DIR).toBe(appsRoot);
    expect(parseEnv({ ...dev, APPS_DIR: '/srv/apps' }).APPS_DIR).toBe('/srv/apps');
    expect(parseEnv({ ...dev, APPS_DIR: 'build/apps' }).APPS_DIR).toBe(join(repoRoot, 'build/apps'));
  });

  it('sends SMS and e-mail only encrypted in production', () => {
    expect(() => parseEnv({ ...productionEnv, SMS_GATEWAY_URL: 'http://sms.example.com/send' })).toThrow(
      /SMS_GATEWAY_URL: must be an https:\/\/ URL in production/,
    );
    expect(parseEnv(productionEnv).SMS_GATEWAY_URL).toMatch(/^https:/);
    expect(parseEnv({ ...dev, SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms' }).SMS_GATEWAY_URL).toMatch(/^http:/);
  });

  it('seeds demo data by default only outside production, which starts empty unless told otherwise', () => {
    expect(parseEnv({ NODE_ENV: 'test' }).SEED_DEMO).toBe(true);
    expect(parseEnv(productionEnv).SEED_DEMO).toBe(false);
    expect(parseEnv({ ...productionEnv, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(parseEnv({ ...dev, SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });

  it('lists every wrong variable at once', () => {
    expect(() =>
      parseEnv({ ...dev, API_PORT: 'eighty', DATABASE_URL: 'mysql://x', SERVE_APPS: 'yes' }),
    ).toThrow(/API_PORT[\s\S]*DATABASE_URL[\s\S]*SERVE_APPS/);
  });

  it('accepts a PostgreSQL URL', () => {
    expect(parseEnv({ ...dev, DATABASE_URL: 'postgres://gp:pw@127.0.0.1:5433/gp' }).DATABASE_URL).toBe(
      'postgres://gp:pw@127.0.0.1:5433/gp',
    );
  });

  it('refuses test-only and missing secrets in production', () => {
    const prod = {
      ...productionEnv,
      PREVIEW_SECRET: 'x'.repeat(32),
      STAFF_LINK_SECRET: 'y'.repeat(32),
      ...senders,
    };
    expect(() => parseEnv({ ...prod, CAPTCHA_TEST_ANSWER: 'pass' })).toThrow(
      /CAPTCHA_TEST_ANSWER: a fixed captcha answer is for tests only/,
    );
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/PREVIEW_SECRET: required in production/);
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/STAFF_LINK_SECRET: required in production/);
    expect(parseEnv(prod).previewSecret).toBe('x'.repeat(32));
    expect(parseEnv(prod).staffLinkSecret).toBe('y'.repeat(32));
    // Locally a random one per process, never a fixed default anyone could know.
    expect(parseEnv(dev).staffLinkSecret).not.toBe(parseEnv(dev).staffLinkSecret);
    expect(() => parseEnv({ ...dev, STAFF_LINK_SECRET: 'short' })).toThrow(/STAFF_LINK_SECRET/);
    // The sealing key of the authenticator-app secrets: required in production, fixed elsewhere (a random one
    // would lock every app out at the next restart).
    const { STAFF_TOTP_KEY: _key, ...withoutTotpKey } = prod;
    expect(() => parseEnv(withoutTotpKey)).toThrow(/STAFF_TOTP_KEY: required in production/);
    expect(parseEnv(prod).staffTotpKey).toBe(productionEnv.STAFF_TOTP_KEY);
    expect(parseEnv(dev).staffTotpKey).toBe(parseEnv(dev).staffTotpKey);
    expect(() => parseEnv({ ...dev, STAFF_TOTP_KEY: 'short' })).toThrow(/STAFF_TOTP_KEY/);
  });

  it('keeps e-mail and SMS in the outbox by default, and refuses that in production', () => {
    expect(parseEnv(dev)).toMatchObject({
      MAIL_TRANSPORT: 'outbox',
      SMS_TRANSPORT: 'outbox',
      OUTBOX_POLL_MS: 2000,
    });
    const {
      MAIL_TRANSPORT: _m,
      SMTP_URL: _s,
      MAIL_FROM: _f,
      SMS_TRANSPORT: _t,
      SMS_GATEWAY_URL: _g,
      ...prod
    } = productionEnv;
    expect(() => parseEnv(prod)).toThrow(/MAIL_TRANSPORT: `outbox` keeps e-mails in the database/);
    expect(() => parseEnv({ ...prod, MAIL_TRANSPORT: 'outbox' })).toThrow(/MAIL_TRANSPORT: `outbox` keeps/);
    expect(() => parseEnv(prod)).toThrow(/SMS_TRANSPORT: `outbox` keeps SMS in the database/);
    expect(() => parseEnv({ ...prod, ...senders, SMS_TRANSPORT: 'outbox' })).toThrow(/SMS_TRANSPORT/);
    expect(parseEnv({ ...prod, ...senders })).toMatchObject({
      MAIL_TRANSPORT: 'smtp',
      SMS_TRANSPORT: 'http',
    });
  });

  it('names the trusted proxies: required in production, none by default elsewhere, every entry checked', () => {
    expect(parseEnv(dev).trustedProxies).toEqual({ kind: 'none' });
    expect(parseEnv({ NODE_ENV: 'test' }).trustedProxies).toEqual({ kind: 'none' });
    const { TRUSTED_PROXIES: _p, ...prod } = productionEnv;
    expect(() => parseEnv(prod)).toThrow(/TRUSTED_PROXIES: required in production/);
    expect(parseEnv(productionEnv).trustedProxies).toEqual({ kind: 'list', entries: ['127.0.0.1'] });
    expect(parseEnv({ ...productionEnv, TRUSTED_PROXIES: 'none' }).trustedProxies).toEqual({ kind: 'none' });
    expect(parseEnv({ ...productionEnv, TRUSTED_PROXIES: 'hops:1' }).trustedProxies).toEqual({
      kind: 'hops',
      hops: 1,
    });
    expect(() => parseEnv({ ...dev, TRUSTED_PROXIES: '10.0.0.0/8,10.0.0.256' })).toThrow(
      /TRUSTED_PROXIES: "10\.0\.0\.256" is not an IP address or CIDR/,
    );
    expect(() => parseEnv({ ...dev, TRUSTED_PROXIES: '0.0.0.0/0' })).toThrow(
      /TRUSTED_PROXIES: .*trusts every/,
    );
    // The old boolean is gone, and `true` is not a proxy.
    expect(() => parseEnv({ ...dev, TRUSTED_PROXIES: 'true' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => parseEnv({ ...dev, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: replaced by TRUSTED_PROXIES/,
    );
  });

  it('needs the settings of the chosen transports', () => {
    expect(() => parseEnv({ ...dev, MAIL_TRANSPORT: 'smtp' })).toThrow(
      /SMTP_URL: required with MAIL_TRANSPORT=smtp[\s\S]*MAIL_FROM: required with MAIL_TRANSPORT=smtp/,
    );
    expect(() => parseEnv({ ...dev, SMS_TRANSPORT: 'http' })).toThrow(
      /SMS_GATEWAY_URL: required with SMS_TRANSPORT=http/,
    );
    expect(
      parseEnv({ ...dev, SMS_TRANSPORT: 'http', SMS_GATEWAY_URL: 'http://127.0.0.1:9000/sms' })
        .SMS_GATEWAY_TOKEN,
    ).toBe(undefined);
  });

  it('checks the transport settings themselves', () => {
    expect(() =>
      parseEnv({
        ...dev,
        MAIL_TRANSPORT: 'pigeon',
        SMTP_URL: 'http://smtp.example.com',
        MAIL_FROM: 'nobody',
        SMS_GATEWAY_URL: 'ftp://sms.example.com',
      }),
    ).toThrow(/MAIL_TRANSPORT[\s\S]*SMTP_URL[\s\S]*MAIL_FROM[\s\S]*SMS_GATEWAY_URL/);
    expect(() => parseEnv({ ...dev, MAIL_FROM: 'a@example.com\r\nBcc: x@example.com' })).toThrow(/MAIL_FROM/);
    expect(
      parseEnv({
        ...dev,
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: 'smtps://u:p@mail.example.com:465',
        MAIL_FROM: 'a@example.com',
      }).SMTP_URL,
    ).toBe('smtps://u:p@mail.example.com:465');
  });

  it('is production unless told it is development or test, and then lists everything missing at once', () => {
    let message = '';
    try {
      parseEnv({});
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid environment \(production: /);
    const named = [...message.matchAll(/^ {2}([A-Z_]+): /gm)].map((m) => m[1]);
    expect(named.sort()).toEqual(
      [...Object.keys(requiredInProduction), 'MAIL_TRANSPORT', 'SMS_TRANSPORT'].sort(),
    );
    // A type error and what production misses come in the same list.
    expect(() => parseEnv({ API_PORT: 'eighty' })).toThrow(/API_PORT[\s\S]*DATABASE_URL[\s\S]*PAY_PROVIDER/);
    // An unknown mode is wrong and still production.
    expect(() => parseEnv({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV[\s\S]*PREVIEW_SECRET: required/);
    expect(parseEnv(productionEnv).NODE_ENV).toBe('production');
    expect(parseEnv({ ...productionEnv, NODE_ENV: undefined }).NODE_ENV).toBe('production');
    expect(parseEnv({ NODE_ENV: 'test' }).NODE_ENV).toBe('test');
  });

  it('refuses every development-only part in production', () => {
    const refused: Array<[Record<string, string>, RegExp]> = [
      [{ DEMO_ID: 'true' }, /DEMO_ID: the Demo ID sign-in .* refused in production/],
      [{ CAPTCHA_TEST_ANSWER: 'pass' }, /CAPTCHA_TEST_ANSWER: .* refused in production/],
      [{ PAY_PROVIDER: 'sandbox' }, /PAY_PROVIDER: the sandbox payment provider .* refused in production/],
      [{ MAIL_TRANSPORT: 'outbox' }, /MAIL_TRANSPORT: `outbox`/],
      [{ SMS_TRANSPORT: 'outbox' }, /SMS_TRANSPORT: `outbox`/],
      [{ GAME_SIM: 'true' }, /GAME_SIM: the built-in game server .* refused in production/],
    ];
    for (const [part, why] of refused) {
      expect(() => parseEnv({ ...productionEnv, ...part })).toThrow(why);
      // The same settings are fine in development.
      expect(() => parseEnv({ ...dev, ...part })).not.toThrow();
    }
    expect(developmentPartsOn(parseEnv(productionEnv))).toEqual([]);
    expect(developmentPartsOn(parseEnv(dev))).toEqual([
      'MAIL_TRANSPORT=outbox',
      'SMS_TRANSPORT=outbox',
      'the sandbox payment provider',
      'Demo ID',
      'the built-in game server (GAME_SIM)',
    ]);
    expect(developmentPartsOn(parseEnv({ ...dev, CAPTCHA_TEST_ANSWER: 'pass' }))).toContain(
      'CAPTCHA_TEST_ANSWER',
    );
  });

  it('wants both Xendit settings in production with PAY_PROVIDER=xendit or either one, never its test server', () => {
    const named = (env: Record<string, string>) => {
      try {
        parseEnv(env);
        return [];
      } catch (error) {
        return [...(error as Error).message.matchAll(/^ {2}([A-Z_]+): /gm)].map((m) => m[1]).sort();
      }
    };
    expect(named({ ...productionEnv, PAY_PROVIDER: 'xendit' })).toEqual([
      'XENDIT_CALLBACK_TOKEN',
      'XENDIT_SECRET_KEY',
    ]);
    // A key alone would take callbacks with the local test server's token.
    expect(
      named({ ...productionEnv, PAY_PROVIDER: 'none', XENDIT_SECRET_KEY: 'xnd_production_abc' }),
    ).toEqual(['XENDIT_CALLBACK_TOKEN']);
    const complete = {
      ...productionEnv,
      PAY_PROVIDER: 'xendit',
      XENDIT_SECRET_KEY: 'xnd_production_abc',
      XENDIT_CALLBACK_TOKEN: 'callback-token-abc',
    };
    expect(parseEnv(complete).payProvider).toBe('xendit');
    expect(developmentPartsOn(parseEnv(complete))).toEqual([]);
    expect(named({ ...complete, XENDIT_API_BASE: 'http://127.0.0.1:12112' })).toEqual(['XENDIT_API_BASE']);
    expect(named({ ...complete, XENDIT_TEST_SERVER: '8097' })).toEqual(['XENDIT_TEST_SERVER']);
    const journey = parseEnv({
      ...complete,
      XENDIT_API_BASE: 'http://127.0.0.1:12112',
      PROVIDER_TEST_SERVER_ALLOWED: 'true',
    });
    expect(developmentPartsOn(journey)).toEqual([]);
    expect(developmentPartsOn(parseEnv({ NODE_ENV: 'test', XENDIT_TEST_SERVER: '8097' }))).toContain(
      'the local Xendit test server',
    );
  });

  it('takes more provider accounts by short name, each with both of its keys', () => {
    const env = parseEnv({
      NODE_ENV: 'test',
      STRIPE_ACCOUNTS: '{"th": {"secret_key": "sk_test_th_0123", "webhook_secret": "whsec_th_0123"}}',
      XENDIT_ACCOUNTS: '{"ph": {"secret_key": "xnd_development_ph", "callback_token": "ph-token-0123"}}',
    });
    expect(env.STRIPE_ACCOUNTS.th).toEqual({
      secret_key: 'sk_test_th_0123',
      webhook_secret: 'whsec_th_0123',
    });
    expect(env.XENDIT_ACCOUNTS.ph!.callback_token).toBe('ph-token-0123');
    expect(() =>
      parseEnv({ NODE_ENV: 'test', STRIPE_ACCOUNTS: '{"th": {"secret_key": "sk_test_th_0123"}}' }),
    ).toThrow(/STRIPE_ACCOUNTS/);
    expect(() =>
      parseEnv({
        NODE_ENV: 'test',
        XENDIT_ACCOUNTS: '{"P H": {"secret_key": "xnd_development_ph", "callback_token": "ph-token-0123"}}',
      }),
    ).toThrow(/XENDIT_ACCOUNTS/);
    expect(() => parseEnv({ NODE_ENV: 'test', STRIPE_ACCOUNTS: '{th:' })).toThrow(
      /STRIPE_ACCOUNTS: not valid JSON/,
    );
  });

  it('wants both Stripe keys in production with PAY_PROVIDER=stripe, and never the local test server', () => {
    const stripe = { ...productionEnv, PAY_PROVIDER: 'stripe' };
    let message = '';
    try {
      parseEnv(stripe);
    } catch (error) {
      message = (error as Error).message;
    }
    const named = [...message.matchAll(/^ {2}([A-Z_]+): /gm)].map((m) => m[1]);
    expect(named.sort()).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
    expect(() => parseEnv({ ...stripe, STRIPE_SECRET_KEY: 'sk_live_abcdef' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required in production with PAY_PROVIDER=stripe/,
    );
    const complete = {
      ...stripe,
      STRIPE_SECRET_KEY: 'sk_live_abcdef',
      STRIPE_WEBHOOK_SECRET: 'whsec_abcdef',
    };
    expect(parseEnv(complete).payProvider).toBe('stripe');
    expect(developmentPartsOn(parseEnv(complete))).toEqual([]);
    expect(() => parseEnv({ ...complete, STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toThrow(
      /STRIPE_API_BASE: points Stripe calls away from Stripe/,
    );
    // The production-shaped journey's one seam, only under its explicit switch (and only that seam).
    const journey = parseEnv({
      ...complete,
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      PROVIDER_TEST_SERVER_ALLOWED: 'true',
    });
    expect(journey.STRIPE_API_BASE).toBe('http://127.0.0.1:12111');
    expect(developmentPartsOn(journey)).toEqual([]);
    expect(() =>
      parseEnv({ ...complete, PROVIDER_TEST_SERVER_ALLOWED: 'true', STRIPE_TEST_SERVER: '8096' }),
    ).toThrow(/STRIPE_TEST_SERVER: the local Stripe test server is for development and tests only/);
    expect(() =>
      parseEnv({
        ...complete,
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
        PROVIDER_TEST_SERVER_ALLOWED: 'false',
      }),
    ).toThrow(/STRIPE_API_BASE: points Stripe calls away from Stripe/);
    expect(() => parseEnv({ ...complete, STRIPE_TEST_SERVER: '8096' })).toThrow(
      /STRIPE_TEST_SERVER: the local Stripe test server is for development and tests only/,
    );
    // A channel may name Stripe with another PAY_PROVIDER: a key alone must not verify webhooks with the local
    // test server's public signing secret.
    expect(() =>
      parseEnv({ ...productionEnv, PAY_PROVIDER: 'none', STRIPE_SECRET_KEY: 'sk_live_abcdef' }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET: required in production/);
    expect(() =>
      parseEnv({ ...productionEnv, PAY_PROVIDER: 'none', STRIPE_WEBHOOK_SECRET: 'whsec_abcdef' }),
    ).toThrow(/STRIPE_SECRET_KEY: required in production/);
    // Outside production the keys default to the local test server's.
    const local = parseEnv({ ...dev, PAY_PROVIDER: 'stripe', STRIPE_TEST_SERVER: '8096' });
    expect(developmentPartsOn(local)).toContain('the local Stripe test server');
  });

  it("reads each game's protocol server and the keys by id: https in production, every key id with a secret", () => {
    const servers = JSON.stringify({ '7': { url: 'https://game.studio.test/gp', key_id: 'k2026a' } });
    const keys = JSON.stringify({ k2026a: 'k'.repeat(32), k2026b: 'l'.repeat(32) });
    const env = parseEnv({ ...productionEnv, GAME_SERVERS: servers, GAME_SERVER_KEYS: keys });
    expect(env.GAME_SERVERS).toEqual({ '7': { url: 'https://game.studio.test/gp', key_id: 'k2026a' } });
    expect(env.GAME_SERVER_KEYS.k2026b).toBe('l'.repeat(32));
    expect(env.gameSim).toBe(false);
    expect(() => parseEnv({ ...productionEnv, GAME_SERVERS: servers })).toThrow(
      /GAME_SERVER_KEYS: game 7: no secret for key id k2026a/,
    );
    expect(() =>
      parseEnv({ ...productionEnv, GAME_SERVERS: servers.replace('https', 'http'), GAME_SERVER_KEYS: keys }),
    ).toThrow(/GAME_SERVERS: game 7: the protocol URL must be https/);
    expect(() => parseEnv({ ...productionEnv, GAME_SERVER_KEYS: '{"k": "short"}' })).toThrow(
      /32\+ characters/,
    );
    expect(() =>
      parseEnv({ ...productionEnv, GAME_SERVERS: '{"sfl": {"url": "https://x.test", "key_id": "k"}}' }),
    ).toThrow(/GAME_SERVERS.sfl: Invalid key in record/);
    // An address outside the internet is refused unless GAME_SERVER_HOSTS lists it; a list it cannot read too.
    const internal = servers.replace('game.studio.test', '10.4.0.7');
    expect(() => parseEnv({ ...productionEnv, GAME_SERVERS: internal, GAME_SERVER_KEYS: keys })).toThrow(
      /GAME_SERVERS: game 7: the host is not on GAME_SERVER_HOSTS/,
    );
    const listed = { ...productionEnv, GAME_SERVERS: internal, GAME_SERVER_KEYS: keys };
    expect(parseEnv({ ...listed, GAME_SERVER_HOSTS: '10.4.0.7' }).GAME_SERVER_HOSTS).toEqual(['10.4.0.7']);
    expect(() => parseEnv({ ...listed, GAME_SERVER_HOSTS: 'https://10.4.0.7' })).toThrow(
      /GAME_SERVER_HOSTS: not a host name/,
    );
    // Development: plain http to a studio's local build is fine; the simulator is on, on port 8095.
    const dev = parseEnv({
      NODE_ENV: 'development',
      GAME_SERVERS: servers.replace('https', 'http'),
      GAME_SERVER_KEYS: keys,
    });
    expect([dev.gameSim, dev.GAME_SIM_PORT]).toEqual([true, 8095]);
    expect(parseEnv({ NODE_ENV: 'test' }).GAME_SIM_PORT).toBe(0);
  });

  it('wants https origins in production, on hosts the cookie domain covers', () => {
    expect(() => parseEnv({ ...productionEnv, PAY_ORIGIN: 'http://pay.joypeak.test' })).toThrow(
      /PAY_ORIGIN: must be an https:\/\/ URL in production/,
    );
    expect(() => parseEnv({ ...productionEnv, PUBLIC_UPLOAD_URL: 'http://api.joypeak.test/upload' })).toThrow(
      /PUBLIC_UPLOAD_URL: must be an https/,
    );
    expect(() => parseEnv({ ...productionEnv, CS_ADMIN_ORIGIN: 'https://cs.other.test' })).toThrow(
      /COOKIE_DOMAIN: \.joypeak\.test does not cover CS_ADMIN_ORIGIN \(cs\.other\.test\)/,
    );
    // A lookalike is not a subdomain.
    expect(() => parseEnv({ ...productionEnv, PORTAL_ORIGIN: 'https://www.notjoypeak.test' })).toThrow(
      /COOKIE_DOMAIN: .* does not cover PORTAL_ORIGIN/,
    );
    expect(parseEnv({ ...productionEnv, COOKIE_DOMAIN: 'joypeak.test' }).COOKIE_DOMAIN).toBe('joypeak.test');
    // Development keeps its http://localhost defaults.
    expect(parseEnv(dev).appOrigins[0]).toBe('http://localhost:8080');
  });
});
