/**
 * Player session cookies in production: the HttpOnly session cookie is `__Host-joy_sid`, host-only on the API
 * host, so no other host of the domain can plant or overwrite it; the CSRF cookie stays on COOKIE_DOMAIN
 * because the apps' pages read it. Development keeps the plain names (the other passport tests use them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginTestMember } from '../../../test/member-session.ts';
import { cookiesSetBy, productionEnv } from '../../../test/production-env.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { parseEnv } from '../../config/env.ts';
import {
  csrfCookie,
  openSession,
  sessionCookie,
  sessionCookieName,
  setSessionCookies,
} from './member-auth.ts';
import { SessionRepository } from './session.repository.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let prod: TestApp;
beforeAll(async () => {
  prod = await createTestApp({ ...productionEnv, PAY_WORKER: 'false' });
});
afterAll(async () => {
  await prod.close();
});

/** Starts a session the way a login does, with the production environment, and answers its cookies. */
async function productionLogin() {
  const { mid } = await loginTestMember(prod.db);
  return cookiesSetBy(async (reply) => {
    const session = await openSession(new SessionRepository(prod.db), mid, true, undefined, prod.app.now());
    setSessionCookies(reply, prod.app.env, session);
  });
}

describe('player session cookies in production', () => {
  it('are named __Host-joy_sid (host-only, Secure, Path=/) and joy_jct on the cookie domain', async () => {
    const cookies = await productionLogin();
    expect(cookies.map((c) => c.name).sort()).toEqual(['__Host-joy_sid', csrfCookie]);
    const sid = cookies.find((c) => c.name === '__Host-joy_sid')!;
    expect(sid).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'Lax' });
    expect(sid.domain).toBeUndefined();
    const jct = cookies.find((c) => c.name === csrfCookie)!;
    expect(jct).toMatchObject({ path: '/', secure: true, domain: productionEnv.COOKIE_DOMAIN });
    expect(jct.httpOnly).toBeFalsy();
  });

  it('are read under the prefixed name only, and cleared under it at logout', async () => {
    const cookies = await productionLogin();
    const sid = cookies.find((c) => c.name === '__Host-joy_sid')!.value;
    const ct = cookies.find((c) => c.name === csrfCookie)!.value;
    const origin = { origin: productionEnv.PASSPORT_ORIGIN };
    const info = (jar: Record<string, string>) =>
      prod.app.inject({ url: `/passport/web/user/info?ct=${ct}`, cookies: jar, headers: origin });

    expect((await info({ '__Host-joy_sid': sid, [csrfCookie]: ct })).json().code).toBe(0);
    // The plain name is what another host of the domain could set: not a session in production.
    expect((await info({ [sessionCookie]: sid, [csrfCookie]: ct })).json().code).toBe(-101);

    const out = await prod.app.inject({
      method: 'POST',
      url: '/passport/web/game/login/logout',
      cookies: { '__Host-joy_sid': sid, [csrfCookie]: ct },
      payload: { ct },
      headers: origin,
    });
    expect(out.json().code).toBe(0);
    const cleared = out.cookies.find((c) => c.name === '__Host-joy_sid')!;
    expect(cleared).toMatchObject({ value: '', path: '/', secure: true });
    expect(cleared.domain).toBeUndefined();
    expect((await info({ '__Host-joy_sid': sid, [csrfCookie]: ct })).json().code).toBe(-101);
  });

  it('keep their plain names outside production', () => {
    expect(sessionCookieName(parseEnv({ NODE_ENV: 'development' }))).toBe(sessionCookie);
    expect(sessionCookieName(parseEnv({ NODE_ENV: 'test' }))).toBe(sessionCookie);
    expect(sessionCookieName(prod.app.env)).toBe('__Host-joy_sid');
  });
});
