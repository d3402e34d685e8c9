/**
 * Staff session cookies in production: `__Host-gp_staff_sid`, host-only on the API host, so no other host of
 * the domain can plant or overwrite a staff session; the CSRF cookie stays on COOKIE_DOMAIN for the console's
 * pages to read. Development keeps the plain names (the other staff tests use them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesSetBy, productionEnv } from '../../../test/production-env.ts';
import { createTestStaff } from '../../../test/staff-session.ts';
import { createTestApp } from '../../../test/test-app.ts';
import {
  staffCsrfCookie,
  staffSessionCookie,
  openStaffSession,
  setStaffCookies,
  staffSessionCookieName,
} from './staff-auth.ts';
import { StaffSessionRepository } from './staff-session.repository.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let prod: TestApp;
beforeAll(async () => {
  prod = await createTestApp({ ...productionEnv, PAY_WORKER: 'false' });
});
afterAll(async () => {
  await prod.close();
});

/** Starts a staff session the way the login does, with the production environment, and answers its cookies. */
async function productionLogin() {
  const { staffId } = await createTestStaff(prod.db);
  return cookiesSetBy(async (reply) => {
    const client = { ip: '127.0.0.1', sessionId: undefined };
    const session = await openStaffSession(
      new StaffSessionRepository(prod.db),
      staffId,
      prod.app.now(),
      client,
      true,
    );
    setStaffCookies(reply, prod.app.env, session);
  });
}

describe('staff session cookies in production', () => {
  it('are named __Host-gp_staff_sid (host-only, Secure, Path=/) and gp_staff_jct on the cookie domain', async () => {
    const cookies = await productionLogin();
    expect(cookies.map((c) => c.name).sort()).toEqual(['__Host-gp_staff_sid', staffCsrfCookie]);
    const sid = cookies.find((c) => c.name === '__Host-gp_staff_sid')!;
    expect(sid).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'Strict' });
    expect(sid.domain).toBeUndefined();
    const jct = cookies.find((c) => c.name === staffCsrfCookie)!;
    expect(jct).toMatchObject({ secure: true, sameSite: 'Strict', domain: productionEnv.COOKIE_DOMAIN });
    expect(jct.httpOnly).toBeFalsy();
  });

  it('are read under the prefixed name only, and cleared under it at logout', async () => {
    const cookies = await productionLogin();
    const sid = cookies.find((c) => c.name === '__Host-gp_staff_sid')!.value;
    const ct = cookies.find((c) => c.name === staffCsrfCookie)!.value;
    const origin = { origin: productionEnv.CS_ADMIN_ORIGIN };
    const check = (jar: Record<string, string>) =>
      prod.app.inject({ url: `/csmng/login_check?ct=${ct}`, cookies: jar, headers: origin });

    expect((await check({ '__Host-gp_staff_sid': sid, [staffCsrfCookie]: ct })).json().code).toBe(0);
    expect((await check({ [staffSessionCookie]: sid, [staffCsrfCookie]: ct })).json().code).toBe(-101);

    const out = await prod.app.inject({
      method: 'POST',
      url: `/csmng/login_out?ct=${ct}`,
      payload: {},
      cookies: { '__Host-gp_staff_sid': sid, [staffCsrfCookie]: ct },
      headers: origin,
    });
    expect(out.json().code).toBe(0);
    const cleared = out.cookies.find((c) => c.name === '__Host-gp_staff_sid')!;
    expect(cleared).toMatchObject({ value: '', path: '/', secure: true });
    expect(cleared.domain).toBeUndefined();
    expect((await check({ '__Host-gp_staff_sid': sid, [staffCsrfCookie]: ct })).json().code).toBe(-101);
  });

  it('keep their plain names outside production', () => {
    expect(staffSessionCookieName({ NODE_ENV: 'development' })).toBe(staffSessionCookie);
    expect(staffSessionCookieName({ NODE_ENV: 'test' })).toBe(staffSessionCookie);
    expect(staffSessionCookieName(prod.app.env)).toBe('__Host-gp_staff_sid');
  });
});
