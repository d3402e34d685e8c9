/**
 * Social login end to end over real HTTP to a real OpenID provider: the built-in Demo ID on 127.0.0.1, driven
 * as a browser would (its cookies, its sign-in form, its redirects), with the API calls the return page makes.
 */
import type { CaptchaAction } from '@gp/contracts/passport';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialChannels } from '@gp/contracts/passport';
import { createTestApp } from '../../../test/test-app.ts';
import { captchaTicket, sealPasswords } from '../../../test/passport-steps.ts';
import { productionEnv } from '../../../test/production-env.ts';
import { parseEnv } from '../../config/env.ts';
import { authLockout } from '../../db/schema/passport.schema.ts';
import { oauthGrant } from '../../db/schema/social.schema.ts';
import { ceilingOf } from '../rate-limit/index.ts';
import { startDemoIdServer, type DemoIdServer } from '../../dev/social/demo-id.server.ts';
import { csrfCookie, sessionCookie } from './member-auth.ts';
import { hashSessionId } from '../sessions/index.ts';

const returnUrl = 'http://localhost:8081/apple_return_url';
const quiet = { warn: () => {} };
let demo: DemoIdServer;
/** A second Demo ID posing as another provider: the same person there is another identity. */
let other: DemoIdServer;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  const options = { host: '127.0.0.1', port: 0, redirectUris: [returnUrl], log: quiet };
  demo = await startDemoIdServer(options);
  other = await startDemoIdServer(options);
  t = await createTestApp(
    { CAPTCHA_TEST_ANSWER: 'pass' },
    { socialProviders: [demo.provider, { ...other.provider, provider: 'google' }] },
  );
});
afterAll(async () => {
  await t.close();
  await demo.close();
  await other.close();
});

/** Each call from its own address unless a test says otherwise: sign-ups per address are limited (-800). */
let ips = 0;
const nextIp = () => `10.1.${Math.floor(++ips / 250)}.${(ips % 250) + 1}`;

type Json = { code: number; message: string; data: Record<string, unknown> | null };
async function post(
  url: string,
  form: Record<string, string | number>,
  cookies: Record<string, string> = {},
  ip = nextIp(),
) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    payload: new URLSearchParams(
      Object.entries(form).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    cookies,
  });
  return { res, body: res.json() as Json };
}

const ticket = (action?: CaptchaAction) => captchaTicket(t.app, undefined, action);

/** The provider's side as a browser lives it: follow redirects by hand, keeping its cookies. */
async function throughProvider(authorizeUrl: string, act: { name?: string; cancel?: boolean }) {
  const jar = new Map<string, string>();
  const visit = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
  let res = await visit(authorizeUrl);
  const interaction = new URL(res.headers.get('location')!, authorizeUrl).href;
  const form = await visit(interaction);
  expect(form.status).toBe(200);
  const html = await form.text();
  res = await visit(interaction, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(act.cancel ? { cancel: '1' } : { name: act.name ?? '' }).toString(),
  });
  if (res.status === 400) return { html: await res.text(), back: undefined };
  // The provider resumes the authorization, then sends the browser back to the passport host.
  while (res.status >= 300 && res.status < 400) {
    const next = new URL(res.headers.get('location')!, authorizeUrl).href;
    if (next.startsWith(returnUrl)) return { html, back: new URL(next) };
    res = await visit(next);
  }
  throw new Error(`provider answered ${res.status}`);
}

async function start(channel: number = socialChannels.demo, lang = 'en') {
  const { body } = await post(`/passport/web/game/request/token?lang=${lang}`, {
    channel_type: channel,
    oauth_callback: returnUrl,
  });
  expect(body.code).toBe(0);
  return body.data as { oauth_token: string; authorize_url: string; expires_in: number };
}

/** The whole sign-in as the return page does it; answers the login answer and the session cookies. */
async function signIn(name: string, channel: number = socialChannels.demo, ip = nextIp()) {
  const { oauth_token, authorize_url } = await start(channel);
  const { back } = await throughProvider(authorize_url, { name });
  const access = await post('/passport/web/game/access/token', {
    channel_type: channel,
    oauth_token,
    oauth_verifier: back!.search.slice(1),
  });
  expect(access.body.code).toBe(0);
  const login = await post(
    '/passport/web/game/login/sns',
    {
      channel_type: channel,
      type: 1,
      access_key: String(access.body.data!.access_key),
      gourl: 'http://localhost:8082/paygame',
    },
    {},
    ip,
  );
  const cookies = Object.fromEntries(login.res.cookies.map((c) => [c.name, c.value]));
  return { login: login.body, cookies, accessKey: String(access.body.data!.access_key) };
}

describe('social login through the Demo ID provider', () => {
  it('signs a new player up on the first visit and back in to the same member later', async () => {
    const first = await signIn('Somchai Demo');
    expect(first.login.code).toBe(0);
    expect(first.login.data).toMatchObject({
      loginType: socialChannels.demo,
      gourl: 'http://localhost:8082/paygame',
    });
    // The provider's display name, without its space, becomes the nickname (spec 5 allows no symbols).
    expect(first.login.data!.nickName).toBe('SomchaiDemo');
    expect(first.cookies[sessionCookie]).toBeTruthy();

    const info = await t.app.inject({
      url: `/passport/web/user/info?ct=${first.cookies[csrfCookie]}`,
      cookies: first.cookies,
    });
    expect(info.json().data).toMatchObject({ mid: first.login.data!.mid, loginType: 9 });
    const oauth = await t.app.inject({
      url: `/passport/web/login/oauth/cookie?ct=${first.cookies[csrfCookie]}`,
      cookies: first.cookies,
    });
    expect(oauth.json()).toMatchObject({ code: 0, data: { channel_type: 9 } });

    const again = await signIn('somchai demo');
    expect(again.login.data!.mid).toBe(first.login.data!.mid);
    expect(again.cookies[sessionCookie]).not.toBe(first.cookies[sessionCookie]);
  });

  it('keys members on provider and subject: the same person at another provider is another member', async () => {
    const here = await signIn('Mai Tran');
    const there = await signIn('Mai Tran', socialChannels.google);
    expect(there.login.code).toBe(0);
    expect(there.login.data!.loginType).toBe(socialChannels.google);
    expect(there.login.data!.mid).not.toBe(here.login.data!.mid);
    // Nicknames stay unique.
    expect(there.login.data!.nickName).not.toBe(here.login.data!.nickName);
  });

  it('gives third-party members no account settings', async () => {
    const { cookies } = await signIn('No Password');
    const ct = cookies[csrfCookie]!;
    const [oldPwd, pwd, repeatPwd] = await sealPasswords(t.app, 'abc123', 'abc1234', 'abc1234');
    const change = await post(
      '/passport/web/user/change/pwd',
      { ct, code: '123456', oldPwd: oldPwd!, pwd: pwd!, repeatPwd: repeatPwd! },
      cookies,
    );
    expect(change.body.code).toBe(-111);
    const bind = await post(
      '/passport/web/captcha/auth/send',
      { ct, user: 'np@example.com', captcha: await ticket('account') },
      cookies,
    );
    expect(bind.body.code).toBe(-111);
  });

  it('sends the player back to the portal home when gourl is not one of our hosts', async () => {
    const { oauth_token, authorize_url } = await start();
    const { back } = await throughProvider(authorize_url, { name: 'Elsewhere' });
    const access = await post('/passport/web/game/access/token', {
      channel_type: 9,
      oauth_token,
      oauth_verifier: back!.search.slice(1),
    });
    const login = await post('/passport/web/game/login/sns', {
      channel_type: 9,
      access_key: String(access.body.data!.access_key),
      gourl: 'https://evil.example.net/',
    });
    expect(login.body.data!.gourl).toBe('http://localhost:8080/');
  });

  it('shows the provider page in the player language and asks again for an empty name', async () => {
    const { authorize_url } = await start(socialChannels.demo, 'th');
    expect(new URL(authorize_url).searchParams.get('ui_locales')).toBe('th');
    const { html, back } = await throughProvider(authorize_url, { name: '  ' });
    expect(html).toContain('<html lang="th">');
    expect(back).toBeUndefined();
  });

  it('refuses a callback that is not the passport return page (-112) and a provider not offered (-111)', async () => {
    const foreign = await post('/passport/web/game/request/token', {
      channel_type: 9,
      oauth_callback: 'https://evil.example.net/apple_return_url',
    });
    expect(foreign.body.code).toBe(-112);
    const apple = await post('/passport/web/game/request/token', {
      channel_type: 1,
      oauth_callback: returnUrl,
    });
    expect(apple.body.code).toBe(-111);
    const unknown = await post('/passport/web/game/request/token', {
      channel_type: 7,
      oauth_callback: returnUrl,
    });
    expect(unknown.body.code).toBe(-400);
  });

  it('answers 900001 when the player cancels at the provider, and 900000 for a spent or unknown oauth_token', async () => {
    const { oauth_token, authorize_url } = await start();
    const { back } = await throughProvider(authorize_url, { cancel: true });
    expect(back!.searchParams.get('error')).toBe('access_denied');
    const cancelled = await post('/passport/web/game/access/token', {
      channel_type: 9,
      oauth_token,
      oauth_verifier: back!.search.slice(1),
    });
    expect(cancelled.body.code).toBe(900001);
    // The round trip is spent: replaying the return URL does not work either.
    const replay = await post('/passport/web/game/access/token', {
      channel_type: 9,
      oauth_token,
      oauth_verifier: back!.search.slice(1),
    });
    expect(replay.body.code).toBe(900000);
    const unknown = await post('/passport/web/game/access/token', {
      channel_type: 9,
      oauth_token: 'made-up',
      oauth_verifier: 'code=x&state=made-up',
    });
    expect(unknown.body.code).toBe(900000);
  });

  it('refuses a forged code or state (900001) and a token of another channel (900000)', async () => {
    const first = await start();
    const { back } = await throughProvider(first.authorize_url, { name: 'Forger' });
    const forged = new URLSearchParams(back!.search);
    forged.set('code', 'not-the-code');
    expect(
      (
        await post('/passport/web/game/access/token', {
          channel_type: 9,
          oauth_token: first.oauth_token,
          oauth_verifier: forged.toString(),
        })
      ).body.code,
    ).toBe(900001);

    const second = await start();
    expect(
      (
        await post('/passport/web/game/access/token', {
          channel_type: 2,
          oauth_token: second.oauth_token,
          oauth_verifier: 'code=x',
        })
      ).body.code,
    ).toBe(900000);
  });

  it('takes an access_key once (-659), for its own channel (-659), and only while fresh (-658)', async () => {
    const { accessKey } = await signIn('Key Once');
    const reused = await post('/passport/web/game/login/sns', { channel_type: 9, access_key: accessKey });
    expect(reused.body.code).toBe(-659);
    expect(
      (await post('/passport/web/game/login/sns', { channel_type: 9, access_key: 'forged' })).body.code,
    ).toBe(-659);

    const fresh = await start();
    const { back } = await throughProvider(fresh.authorize_url, { name: 'Key Late' });
    const access = await post('/passport/web/game/access/token', {
      channel_type: 9,
      oauth_token: fresh.oauth_token,
      oauth_verifier: back!.search.slice(1),
    });
    const key = String(access.body.data!.access_key);
    expect((await post('/passport/web/game/login/sns', { channel_type: 2, access_key: key })).body.code).toBe(
      -659,
    );
    await t.db
      .update(oauthGrant)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthGrant.keyHash, hashSessionId(key)));
    expect((await post('/passport/web/game/login/sns', { channel_type: 9, access_key: key })).body.code).toBe(
      -658,
    );
  });
});

describe('sign-ups per address', () => {
  it('counts first visits like form registrations (-800 at the ceiling), while known members still sign in', async () => {
    const ip = '10.200.0.1';
    const known = await signIn('Cafe Regular', socialChannels.demo, ip);
    // No captcha to ask for in a provider's return: only the address's ceiling (ten times the soft line of 5 an
    // hour) refuses. The address has made 46 accounts this hour.
    await t.db
      .update(authLockout)
      .set({ failures: ceilingOf(5) - 4 })
      .where(eq(authLockout.key, `reg-ip:${ip}`));
    for (let i = 1; i < 5; i++)
      expect((await signIn(`Cafe Guest ${i}`, socialChannels.demo, ip)).login.code).toBe(0);
    const sixth = await signIn('Cafe Guest 5', socialChannels.demo, ip);
    expect(sixth.login.code).toBe(-800);
    expect(sixth.login.message).toBe('Too many sign-ups. Please try again later.');
    const again = await signIn('Cafe Regular', socialChannels.demo, ip);
    expect(again.login.data!.mid).toBe(known.login.data!.mid);
  });
});

describe('the password keys of the two login calls', () => {
  it('hand out the same one-time sealing key as /web/rsa_public', async () => {
    for (const path of ['/passport/web/login/get_key', '/passport/web/game/login/get_key']) {
      const res = await t.app.inject({ url: path });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json().data).toMatchObject({
        public_key: expect.stringContaining('PUBLIC KEY'),
        nonce: expect.any(String),
      });
    }
  });
});

describe('Demo ID in production', () => {
  it('is refused, and off unless asked for elsewhere', () => {
    const production = productionEnv;
    expect(() => parseEnv({ ...production, DEMO_ID: 'true' })).toThrow(/DEMO_ID/);
    expect(parseEnv(production).demoId).toBe(false);
    expect(parseEnv({ NODE_ENV: 'development' }).demoId).toBe(true);
    expect(() =>
      parseEnv({
        NODE_ENV: 'development',
        OIDC_PROVIDERS: '[{"provider":"google","issuer":"http://x.test","clientId":"a"}]',
      }),
    ).toThrow(/OIDC_PROVIDERS/);
  });
});
