import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userInfoData } from '@gp/contracts/passport';
import { createTestApp } from '../../../test/test-app.ts';
import { member } from '../../db/schema/member.schema.ts';
import { csrfCookie, sessionCookie } from './member-auth.ts';
import { hashSessionId, newToken } from '../sessions/index.ts';
import { SessionRepository } from './session.repository.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let mid: number;
beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.db
    .insert(member)
    .values({ userId: 'somchai@example.com', nickName: 'Somchai', loginType: 0 })
    .returning({ mid: member.mid });
  mid = row!.mid;
});
afterAll(() => t.close());

/** A session as the login of the passport capability will create it. */
async function session(expiresInMs = 3_600_000) {
  const sid = newToken();
  const ct = newToken();
  await new SessionRepository(t.db).create({
    idHash: hashSessionId(sid),
    mid,
    csrfToken: ct,
    expiresAt: new Date(Date.now() + expiresInMs),
  });
  return { sid, ct, cookies: { [sessionCookie]: sid, [csrfCookie]: ct } };
}

const info = (query: string, cookies: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/passport/web/user/info${query}`, cookies });

describe('GET /passport/web/user/info', () => {
  it('answers -101 to a visitor without a session', async () => {
    const res = await info('?lang=th');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: -101, data: null });
  });

  it('answers the member of a live session when ct matches', async () => {
    const s = await session();
    const res = await info(`?ct=${s.ct}`, s.cookies);
    expect(res.json().code).toBe(0);
    expect(userInfoData.parse(res.json().data)).toEqual({
      mid,
      user_id: 'somchai@example.com',
      nick_name: 'Somchai',
      nickName: 'Somchai',
      loginType: 0,
      bind_email: null,
      bind_tel: null,
    });
  });

  it('refuses a missing or foreign ct with -110', async () => {
    const s = await session();
    expect((await info('', s.cookies)).json().code).toBe(-110);
    expect((await info(`?ct=${newToken()}`, s.cookies)).json().code).toBe(-110);
    const other = await session();
    expect(
      (await info(`?ct=${other.ct}`, { [sessionCookie]: s.sid, [csrfCookie]: other.ct })).json().code,
    ).toBe(-110);
  });

  it('treats an expired or unknown session as not logged in', async () => {
    const expired = await session(-1000);
    expect((await info(`?ct=${expired.ct}`, expired.cookies)).json().code).toBe(-101);
    expect((await info('?ct=x', { [sessionCookie]: 'forged', [csrfCookie]: 'x' })).json().code).toBe(-101);
  });
});

describe('POST /passport/web/user/logout', () => {
  it('revokes the session server-side and clears both cookies', async () => {
    const s = await session();
    const res = await t.app.inject({
      method: 'POST',
      url: '/passport/web/user/logout',
      payload: `ct=${s.ct}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies: s.cookies,
    });
    expect(res.json()).toEqual({ code: 0, message: 'success', data: null });
    const cleared = res.cookies.filter((c) => c.name === sessionCookie || c.name === csrfCookie);
    expect(cleared).toHaveLength(2);
    expect(cleared.every((c) => c.value === '' && c.expires && c.expires.getTime() < Date.now())).toBe(true);
    // The old cookie no longer works even if the browser kept it.
    expect((await info(`?ct=${s.ct}`, s.cookies)).json().code).toBe(-101);
  });
});
