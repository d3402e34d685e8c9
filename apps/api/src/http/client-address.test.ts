/**
 * Client addresses behind proxies, through the real app: with TRUSTED_PROXIES naming the proxy, what a client
 * writes into X-Forwarded-For cannot move it to another lockout, registration or rate-limit count, and two
 * clients behind the one proxy are counted apart; with `none` the header is not read at all; `hops:1`
 * believes exactly the entry the nearest proxy appended.
 */
import { codes } from '@gp/errors';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaTicket, sealPasswords } from '../../test/passport-steps.ts';
import { createTestApp } from '../../test/test-app.ts';
import { authLockout } from '../db/schema/passport.schema.ts';
import { lockoutPolicy } from '../modules/sessions/index.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The reverse proxy on the API's machine, as in the smoke test (nginx sets `X-Forwarded-For $remote_addr`). */
const proxy = '127.0.0.1';

/** A request as the proxy relays it: from the proxy's socket, with the header the client sent plus the proxy's. */
const viaProxy = (client: string, spoofed?: string) => ({
  remoteAddress: proxy,
  headers: { 'x-forwarded-for': spoofed ? `${spoofed}, ${client}` : client },
});

describe('behind a trusted proxy (TRUSTED_PROXIES=127.0.0.1,::1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      CAPTCHA_TEST_ANSWER: 'pass',
      TRUSTED_PROXIES: '127.0.0.1,::1',
      LOGIN_SLOWDOWN_MAX_MS: '0',
    });
  });
  afterAll(() => t.close());

  /**
   * A login of an unknown member (a new name each time, so no name locks), relayed by the proxy: one failure
   * counted against the client address.
   */
  let tries = 0;
  async function failedLogin(relay: ReturnType<typeof viaProxy>) {
    const [pwd] = await sealPasswords(t.app, 'Secret123');
    const res = await t.app.inject({
      method: 'POST',
      url: '/passport/web/game/login',
      payload: new URLSearchParams({
        user: `nobody${++tries}@example.com`,
        pwd: pwd!,
        captcha: await captchaTicket(t.app),
      }).toString(),
      remoteAddress: relay.remoteAddress,
      headers: { ...relay.headers, 'content-type': 'application/x-www-form-urlencoded' },
    });
    return (res.json() as { code: number }).code;
  }

  const ipCounters = async () =>
    new Map(
      (await t.db.select().from(authLockout).where(like(authLockout.key, 'ip:%'))).map((r) => [
        r.key,
        r.failures,
      ]),
    );

  it('counts a failed login against the real client, whatever it wrote to the left', async () => {
    expect(await failedLogin(viaProxy('203.0.113.5', '1.2.3.4'))).toBe(codes.passportGameWrongCredentials);
    expect(await failedLogin(viaProxy('203.0.113.5', '5.6.7.8, 9.9.9.9'))).toBe(
      codes.passportGameWrongCredentials,
    );
    expect(await failedLogin(viaProxy('203.0.113.5'))).toBe(codes.passportGameWrongCredentials);
    const counters = await ipCounters();
    expect(counters.get('ip:203.0.113.5')).toBe(3);
    // Neither the spoofed entries nor the proxy itself got a count.
    for (const other of ['1.2.3.4', '5.6.7.8', '9.9.9.9', proxy])
      expect(counters.has(`ip:${other}`)).toBe(false);
  });

  it("an address's failures stay its own whatever it puts into X-Forwarded-For; its neighbour behind the proxy starts clean", async () => {
    const n = lockoutPolicy.address.tightenAfter;
    for (let i = 0; i < n; i++) await failedLogin(viaProxy('203.0.113.6', `10.9.0.${i}`));
    expect(await failedLogin(viaProxy('203.0.113.6', '203.0.113.7'))).toBe(
      codes.passportGameWrongCredentials,
    );
    const counters = await ipCounters();
    // Every try, spoofed or not, slowed and tightened the real client's own count ...
    expect(counters.get('ip:203.0.113.6')).toBe(n + 1);
    // ... and none of the addresses it wrote got one, nor the other player behind the same proxy.
    for (let i = 0; i < n; i++) expect(counters.has(`ip:10.9.0.${i}`)).toBe(false);
    expect(counters.has('ip:203.0.113.7')).toBe(false);
  });

  it('the registration cap follows the real client, not a spoofed entry', async () => {
    const send = async (relay: ReturnType<typeof viaProxy>, user: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/passport/web/captcha/generic/send',
        payload: new URLSearchParams({
          user,
          type: 'register',
          captcha: await captchaTicket(t.app, undefined, 'register'),
        }).toString(),
        remoteAddress: relay.remoteAddress,
        headers: { ...relay.headers, 'content-type': 'application/x-www-form-urlencoded' },
      });
      return (res.json() as { code: number }).code;
    };
    // This address has reached its hour's ceiling (fifty sign-ups, ten times the soft line of five).
    await t.db
      .insert(authLockout)
      .values({ key: 'reg-ip:203.0.113.8', failures: 50, windowStartedAt: new Date() });
    expect(await send(viaProxy('203.0.113.8', '1.2.3.4'), 'cap1@example.com')).toBe(
      codes.passportTooManyRegistrations,
    );
    expect(await send(viaProxy('203.0.113.8', '198.51.100.1'), 'cap2@example.com')).toBe(
      codes.passportTooManyRegistrations,
    );
    // A neighbour behind the same proxy still gets its code.
    expect(await send(viaProxy('203.0.113.9'), 'cap3@example.com')).toBe(0);
  });
});

/** `x-ratelimit-remaining` of a cheap GET: how much of its minute the address the app resolved has left. */
async function remaining(t: TestApp, request: { remoteAddress: string; headers?: Record<string, string> }) {
  const res = await t.app.inject({ url: '/healthz', ...request });
  return { status: res.statusCode, left: Number(res.headers['x-ratelimit-remaining']) };
}

describe('the rate limit behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUSTED_PROXIES: proxy, RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => t.close());

  it('is one count per client: spoofing cannot dodge it, the proxy does not share it out', async () => {
    expect(await remaining(t, viaProxy('198.51.100.10', '1.1.1.1'))).toEqual({ status: 200, left: 2 });
    expect(await remaining(t, viaProxy('198.51.100.10', '2.2.2.2'))).toEqual({ status: 200, left: 1 });
    expect(await remaining(t, viaProxy('198.51.100.10'))).toEqual({ status: 200, left: 0 });
    expect((await remaining(t, viaProxy('198.51.100.10', '3.3.3.3'))).status).toBe(429);
    // A second player behind the same proxy has its own minute.
    expect(await remaining(t, viaProxy('198.51.100.11'))).toEqual({ status: 200, left: 2 });
  });

  it('an untrusted peer is the client, whatever it claims', async () => {
    const direct = { remoteAddress: '192.0.2.50', headers: { 'x-forwarded-for': '198.51.100.12' } };
    expect((await remaining(t, direct)).left).toBe(2);
    expect((await remaining(t, { remoteAddress: '192.0.2.50' })).left).toBe(1);
    expect((await remaining(t, { remoteAddress: '198.51.100.12' })).left).toBe(2);
  });

  it('one IPv4 client is one count whether its socket speaks IPv4 or IPv6', async () => {
    expect((await remaining(t, { remoteAddress: '192.0.2.60' })).left).toBe(2);
    expect((await remaining(t, { remoteAddress: '::ffff:192.0.2.60' })).left).toBe(1);
  });
});

describe('TRUSTED_PROXIES=none', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUSTED_PROXIES: 'none', RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For entirely: the socket peer is the client', async () => {
    const from = (xff: string) => ({ remoteAddress: '198.51.100.20', headers: { 'x-forwarded-for': xff } });
    expect((await remaining(t, from('1.1.1.1'))).left).toBe(2);
    expect((await remaining(t, from('2.2.2.2, 3.3.3.3'))).left).toBe(1);
    expect((await remaining(t, from('198.51.100.21'))).left).toBe(0);
    expect((await remaining(t, { remoteAddress: '198.51.100.21' })).left).toBe(2);
  });
});

describe('TRUSTED_PROXIES=hops:1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUSTED_PROXIES: 'hops:1', RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => t.close());

  it('believes the entry the nearest proxy appended and nothing left of it', async () => {
    const relayed = (xff: string) => ({ remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': xff } });
    expect((await remaining(t, relayed('198.51.100.30'))).left).toBe(2);
    expect((await remaining(t, relayed('1.2.3.4, 198.51.100.30'))).left).toBe(1);
    // Another client through the same proxy; the proxy's own address counts for nobody.
    expect((await remaining(t, relayed('198.51.100.31'))).left).toBe(2);
    expect((await remaining(t, { remoteAddress: '10.0.0.2' })).left).toBe(2);
  });
});
