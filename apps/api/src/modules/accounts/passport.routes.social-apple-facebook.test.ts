/**
 * Sign in with Apple and Facebook Login through their real protocols, against the local test servers that answer
 * and sign as Apple and Facebook do (social-test-servers.ts), driven over HTTP as a browser would: the provider's
 * page, Apple's form POST back (cross-site, so without our cookies), the return page's API calls.
 */
import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialChannels } from '@gp/contracts/passport';
import { createTestApp } from '../../../test/test-app.ts';
import { productionEnv } from '../../../test/production-env.ts';
import { parseEnv } from '../../config/env.ts';
import { memberIdentity } from '../../db/schema/social.schema.ts';
import { startSocialTestServers, type SocialTestServers } from '../../dev/social/social-test-servers.ts';

const returnUrl = 'http://localhost:8081/apple_return_url';
let servers: SocialTestServers;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  servers = await startSocialTestServers({ host: '127.0.0.1', port: 0, redirectUris: [returnUrl] });
  t = await createTestApp({}, { socialProviders: [servers.apple, servers.facebook] });
});
afterAll(async () => {
  await t?.close();
  await servers?.close();
});

let ips = 0;
const nextIp = () => `10.7.${Math.floor(++ips / 250)}.${(ips % 250) + 1}`;
type Json = { code: number; message: string; data: Record<string, unknown> | null };

async function post(app: typeof t.app, url: string, form: Record<string, string | number>) {
  const res = await app.inject({
    method: 'POST',
    url,
    remoteAddress: nextIp(),
    payload: new URLSearchParams(
      Object.entries(form).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return res.json() as Json;
}

async function start(channel: number, app = t.app) {
  const body = await post(app, '/passport/web/game/request/token?lang=th', {
    channel_type: channel,
    oauth_callback: returnUrl,
  });
  expect(body.code).toBe(0);
  return body.data as { oauth_token: string; authorize_url: string };
}

/** The hidden fields of the auto-submitting form Apple's page answers with, and where it posts them. */
function formOf(html: string) {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1]!,
      m[2]!
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    ]),
  );
  return { action, fields };
}

/** Apple's page as a player uses it: the page, the form, then Apple's form POST to our API, cross-site. */
async function throughApple(
  authorizeUrl: string,
  player: { first?: string; last?: string; email?: string; hide?: boolean; cancel?: boolean },
  app = t.app,
) {
  const page = await fetch(authorizeUrl);
  expect(page.status).toBe(200);
  const shown = formOf(await page.text());
  const answer = await fetch(new URL('/apple/auth/authorize', authorizeUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      ...shown.fields,
      first_name: player.first ?? '',
      last_name: player.last ?? '',
      email: player.email ?? '',
      ...(player.hide ? { hide: '1' } : {}),
      ...(player.cancel ? { cancel: '1' } : {}),
    }),
  });
  const form = formOf(await answer.text());
  expect(form.action).toBe(returnUrl);
  return { form: form.fields, back: await appleFormPost(form.fields, app) };
}

/** Apple's POST as the browser sends it on (the passport host forwards it to the API): from Apple's site. */
async function appleFormPost(fields: Record<string, string>, app = t.app) {
  const res = await app.inject({
    method: 'POST',
    url: '/passport/web/apple/callback',
    remoteAddress: nextIp(),
    payload: new URLSearchParams(fields).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'null',
      'sec-fetch-site': 'cross-site',
    },
  });
  expect(res.statusCode).toBe(303);
  expect(res.cookies).toEqual([]);
  return new URL(res.headers.location!);
}

async function finish(channel: number, oauthToken: string, back: URL, app = t.app) {
  const access = await post(app, '/passport/web/game/access/token', {
    channel_type: channel,
    oauth_token: oauthToken,
    oauth_verifier: back.search.slice(1),
  });
  if (access.code !== 0) return access;
  return post(app, '/passport/web/game/login/sns', {
    channel_type: channel,
    access_key: String(access.data!.access_key),
  });
}

async function appleSignIn(player: Parameters<typeof throughApple>[1], app = t.app) {
  const { oauth_token, authorize_url } = await start(socialChannels.apple, app);
  const { back, form } = await throughApple(authorize_url, player, app);
  return { login: await finish(socialChannels.apple, oauth_token, back, app), form, back };
}

/** The member's third-party identity as stored. */
async function identityOf(provider: string, mid: unknown) {
  const [row] = await t.db
    .select()
    .from(memberIdentity)
    .where(eq(memberIdentity.mid, Number(mid)));
  expect(row?.provider).toBe(provider);
  return { row: row! };
}

describe('Sign in with Apple', () => {
  it('asks for form_post with name and email scopes, signed for our Services ID', async () => {
    const { authorize_url, oauth_token } = await start(socialChannels.apple);
    const url = new URL(authorize_url);
    expect(url.origin + url.pathname).toBe(`${servers.url}/apple/auth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      response_mode: 'form_post',
      scope: 'name email',
      client_id: servers.apple.clientId,
      redirect_uri: returnUrl,
      state: oauth_token,
      locale: 'th',
    });
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
  });

  it('signs up with the name of the first authorization, and back in without one, keeping it', async () => {
    const secretsBefore = servers.appleClientSecrets.length;
    const first = await appleSignIn({ first: 'Ploy', last: 'Srisuk', email: 'ploy@example.com' });
    expect(JSON.parse(first.form.user!)).toMatchObject({ name: { firstName: 'Ploy', lastName: 'Srisuk' } });
    expect(first.login.code).toBe(0);
    expect(first.login.data).toMatchObject({ loginType: socialChannels.apple, nickName: 'PloySrisuk' });
    // The test server checked the ES256 client secret with the team's public key.
    expect(servers.appleClientSecrets.slice(secretsBefore)).toEqual([{ valid: true }]);

    const second = await appleSignIn({ email: 'ploy@example.com' });
    expect(second.form.user).toBeUndefined();
    expect(second.login.code).toBe(0);
    expect(second.login.data!.mid).toBe(first.login.data!.mid);
    expect(second.login.data!.nickName).toBe('PloySrisuk');
    const { row } = await identityOf('apple', first.login.data!.mid);
    expect(row).toMatchObject({ name: 'Ploy Srisuk', email: 'ploy@example.com', emailRelay: false });
    expect(row.subject).toMatch(/^\d+\.[0-9a-f]{32}\.[0-9a-f]{4}$/);
  });

  it('accepts a private-relay address, marked as relay and never the login name', async () => {
    const { login } = await appleSignIn({ first: 'Hidden', email: 'hidden@example.com', hide: true });
    expect(login.code).toBe(0);
    const { row } = await identityOf('apple', login.data!.mid);
    expect(row.email).toMatch(/@privaterelay\.appleid\.com$/);
    expect(row.emailRelay).toBe(true);
    expect(login.data!.user_id).toBe(`apple:${row.subject}`);
    // Not the member's bound e-mail either: that one is for login and resets, and stays empty.
    expect(login.data!.bind_email).toBeNull();
    expect(JSON.stringify(login.data)).not.toContain('privaterelay');
  });

  it.each([
    ['forged', 'an ID token not signed with a key of the JWKS'],
    ['expired', 'an expired ID token'],
    ['wrong-nonce', 'the nonce of another sign-in'],
    ['wrong-audience', 'an ID token for another client'],
  ] as const)('refuses %s (%s) with 900001', async (trick, _why) => {
    servers.misbehave({ apple: trick });
    const { login } = await appleSignIn({ first: 'Mallory', email: `mallory-${trick}@example.com` });
    expect(login.code).toBe(900001);
  });

  it('refuses a client secret not signed with the team key: the test server checks it', async () => {
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const wrong = await createTestApp(
      {},
      {
        socialProviders: [
          {
            ...servers.apple,
            privateKey: other.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
          },
        ],
      },
    );
    try {
      const before = servers.appleClientSecrets.length;
      const { login } = await appleSignIn({ first: 'Wrong', email: 'wrongkey@example.com' }, wrong.app);
      expect(login.code).toBe(900001);
      expect(servers.appleClientSecrets.slice(before)).toEqual([{ valid: false }]);
    } finally {
      await wrong.close();
    }
  });

  it('parks a form POST only for a state it issued, once; the page then needs the same state', async () => {
    // Only this one endpoint takes a cross-site POST; the calls that sign in still refuse one (-113).
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/passport/web/game/access/token',
      payload: 'channel_type=1&oauth_token=x&oauth_verifier=state%3Dx',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'null',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(elsewhere.statusCode).toBe(403);
    const made = await appleFormPost({ code: 'c-any', state: 'made-up-state' });
    expect(Object.fromEntries(made.searchParams)).toEqual({ state: 'made-up-state', error: 'invalid_state' });

    const { oauth_token, authorize_url } = await start(socialChannels.apple);
    const { back, form } = await throughApple(authorize_url, { email: 'twice@example.com' });
    expect(back.href).toBe(`${returnUrl}?state=${encodeURIComponent(oauth_token)}`);
    // A second POST for the same round trip (a replay, or a forged code) changes nothing.
    const replay = await appleFormPost({ ...form, code: 'c-forged' });
    expect(replay.searchParams.get('error')).toBe('invalid_state');
    // The page must name the round trip it started.
    const wrongState = await post(t.app, '/passport/web/game/access/token', {
      channel_type: socialChannels.apple,
      oauth_token,
      oauth_verifier: 'state=another',
    });
    expect(wrongState.code).toBe(900001);
  });

  it('sends a cancelled sign-in back to the page with the error, and no code to trade', async () => {
    const { oauth_token, authorize_url } = await start(socialChannels.apple);
    const { back } = await throughApple(authorize_url, { cancel: true });
    expect(back.searchParams.get('error')).toBe('user_cancelled_authorize');
    expect(back.searchParams.get('state')).toBe(oauth_token);
    const access = await finish(socialChannels.apple, oauth_token, back);
    expect(access.code).toBe(900001);
  });
});

async function facebookSignIn(
  player: { name?: string; email?: string; cancel?: boolean },
  tamper?: (back: URL) => void,
) {
  const { oauth_token, authorize_url } = await start(socialChannels.facebook);
  const page = await fetch(authorize_url);
  expect(page.status).toBe(200);
  const shown = formOf(await page.text());
  const answer = await fetch(new URL(shown.action!, authorize_url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      ...shown.fields,
      name: player.name ?? '',
      email: player.email ?? '',
      ...(player.cancel ? { cancel: '1' } : {}),
    }),
  });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(returnUrl);
  tamper?.(back);
  return { login: await finish(socialChannels.facebook, oauth_token, back), back };
}

describe('Facebook Login', () => {
  it('sends the player to the login dialog with our app id, return page and state', async () => {
    const { authorize_url, oauth_token } = await start(socialChannels.facebook);
    const url = new URL(authorize_url);
    expect(url.pathname).toBe('/facebook/v21.0/dialog/oauth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: servers.facebook.appId,
      redirect_uri: returnUrl,
      state: oauth_token,
      response_type: 'code',
      scope: 'public_profile,email',
    });
  });

  it('signs up on the app-scoped id with the e-mail, and back in to the same member', async () => {
    const first = await facebookSignIn({ name: 'Nguyen Van An', email: 'an@example.com' });
    expect(first.login.code).toBe(0);
    expect(first.login.data).toMatchObject({ loginType: socialChannels.facebook, nickName: 'NguyenVanAn' });
    const { row } = await identityOf('facebook', first.login.data!.mid);
    expect(row).toMatchObject({ email: 'an@example.com', name: 'Nguyen Van An', emailRelay: false });
    expect(row.subject).toMatch(/^\d+$/);
    const again = await facebookSignIn({ name: 'Nguyen Van An', email: 'an@example.com' });
    expect(again.login.data!.mid).toBe(first.login.data!.mid);
  });

  it('signs up without an e-mail when the player shares none', async () => {
    const { login } = await facebookSignIn({ name: 'Somsak No Mail' });
    expect(login.code).toBe(0);
    const { row } = await identityOf('facebook', login.data!.mid);
    expect(row.email).toBeNull();
  });

  it.each([
    ['invalid-token', 'a token debug_token calls invalid'],
    ['other-app', 'a token issued to another app'],
  ] as const)('refuses %s (%s) with 900001', async (trick, _why) => {
    servers.misbehave({ facebook: trick });
    const { login } = await facebookSignIn({ name: `Trick ${trick}` });
    expect(login.code).toBe(900001);
  });

  it('refuses a forged code, another state and a cancelled dialog with 900001', async () => {
    const forged = await facebookSignIn({ name: 'Forged Code' }, (back) =>
      back.searchParams.set('code', 'not-a-code'),
    );
    expect(forged.login.code).toBe(900001);
    const state = await facebookSignIn({ name: 'Other State' }, (back) =>
      back.searchParams.set('state', 'someone-else'),
    );
    expect(state.login.code).toBe(900001);
    const cancelled = await facebookSignIn({ cancel: true });
    expect(cancelled.back.searchParams.get('error')).toBe('access_denied');
    expect(cancelled.login.code).toBe(900001);
  });
});

describe('Apple and Facebook settings', () => {
  it('need their secrets once switched on, and keep the test servers out of production', () => {
    expect(() => parseEnv({ NODE_ENV: 'test', APPLE_CLIENT_ID: 'com.example.web' })).toThrow(
      /APPLE_TEAM_ID[\s\S]*APPLE_KEY_ID[\s\S]*APPLE_PRIVATE_KEY/,
    );
    expect(() => parseEnv({ ...productionEnv, FACEBOOK_APP_ID: '123' })).toThrow(/FACEBOOK_APP_SECRET/);
    expect(() => parseEnv({ ...productionEnv, SOCIAL_TEST_SERVERS: 'true' })).toThrow(/SOCIAL_TEST_SERVERS/);
    expect(parseEnv({ NODE_ENV: 'development' }).SOCIAL_TEST_SERVERS).toBe(false);
    expect(() =>
      parseEnv({
        NODE_ENV: 'test',
        OIDC_PROVIDERS: '[{"provider":"apple","issuer":"https://appleid.apple.com","clientId":"a"}]',
      }),
    ).toThrow(/APPLE_/);
    const key = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    const env = parseEnv({
      ...productionEnv,
      APPLE_CLIENT_ID: 'com.example.web',
      APPLE_TEAM_ID: 'ABCDE12345',
      APPLE_KEY_ID: 'KEY1234567',
      // As a one-line variable: the line breaks written as \n.
      APPLE_PRIVATE_KEY: key.replace(/\n/g, '\\n'),
      FACEBOOK_APP_ID: '123456789',
      FACEBOOK_APP_SECRET: 'f'.repeat(32),
    });
    expect(env.APPLE_PRIVATE_KEY).toBe(key);
  });
});
