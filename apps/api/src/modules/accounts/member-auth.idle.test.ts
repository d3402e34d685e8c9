/**
 * Member sessions end when unused: a session that ends with the browser after a day without a
 * member call, a "keep me logged in" one after 30 days; each call (at most one write per 5 minutes) starts the
 * count again, up to the session's absolute end. The app's clock is the test's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginTestMember } from '../../../test/member-session.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { TestClock } from '../../../test/test-clock.ts';
import { csrfCookie, openSession, sessionCookie, sessionLifetimeMs } from './member-auth.ts';
import { SessionRepository } from './session.repository.ts';

const hour = 60 * 60_000;
const day = 24 * hour;
const clock = new TestClock();
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
});
afterAll(() => t.close());

/** A login at the clock's now; `keep`: "keep me logged in". */
async function login(keep: boolean) {
  const { mid } = await loginTestMember(t.db);
  const sessions = new SessionRepository(t.db);
  const session = await openSession(sessions, mid, keep, undefined, clock.now());
  const cookies = { [sessionCookie]: session.id, [csrfCookie]: session.csrfToken };
  const info = async () =>
    (await t.app.inject({ url: `/passport/web/user/info?ct=${session.csrfToken}`, cookies })).json()
      .code as number;
  const listed = async () => (await sessions.listActive(mid, clock.now())).length;
  return { info, listed };
}

describe('a session that ends with the browser', () => {
  it('lasts while used, and ends after a day without use', async () => {
    const session = await login(false);
    clock.advance(23 * hour);
    expect(await session.info()).toBe(0);
    // Used 23 hours in: another 23 hours of quiet still fall within a day.
    clock.advance(23 * hour);
    expect(await session.info()).toBe(0);
    clock.advance(day + 6 * 60_000);
    expect(await session.info()).toBe(-101);
    expect(await session.listed()).toBe(0);
  });
});

describe('a "keep me logged in" session', () => {
  it('works after 29 idle days, is refused after 31', async () => {
    const session = await login(true);
    clock.advance(10 * day);
    expect(await session.info()).toBe(0);
    clock.advance(29 * day);
    expect(await session.info()).toBe(0);
    expect(await session.listed()).toBe(1);
    clock.advance(31 * day);
    expect(await session.info()).toBe(-101);
    expect(await session.listed()).toBe(0);
  });

  it('ends at its absolute end however much it is used', async () => {
    const session = await login(true);
    for (let used = 0; used + 20 * day < sessionLifetimeMs.persistent; used += 20 * day) {
      clock.advance(20 * day);
      expect(await session.info()).toBe(0);
    }
    clock.advance(20 * day);
    expect(await session.info()).toBe(-101);
  });
});
