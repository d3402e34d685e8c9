/** The login counters on the real `auth_lockout` table: login tries (soft lock), proofs, the per-address slowdown. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.ts';
import { TestClock } from '../../../test/test-clock.ts';
import type { Database } from '../../db/database.ts';
import { LockoutRepository } from './lockout.repository.ts';
import { accountSlowdownMs, ipKey, LockoutService, lockoutPolicy, slowdownMs } from './lockout.service.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** A service whose slowed answers are written down instead of waited for. */
function recordingService(clock: TestClock, maxDelayMs?: number) {
  const waits: number[] = [];
  const service = new LockoutService(new LockoutRepository(database.db), {
    now: clock.now,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...(maxDelayMs === undefined ? {} : { maxDelayMs }),
  });
  return { service, waits };
}

describe('login tries: a soft lock, never a refusal', () => {
  it('after 5 wrong passwords asks for a fresh captcha and waits longer each time; the fifth locks; a right one clears', async () => {
    const clock = new TestClock();
    const { service, waits } = recordingService(clock, 2_000);
    const tries = [];
    for (let i = 0; i < 9; i++) tries.push(await service.beginLoginTry('login:601'));
    expect(tries.map((t) => t.softLocked)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
    expect(tries.map((t) => t.locks)).toEqual([false, false, false, false, true, false, false, false, false]);
    // Nothing before the soft lock, then doubling up to the cap.
    expect(waits).toEqual([250, 500, 1_000, 2_000]);
    expect(accountSlowdownMs(4)).toBe(0);
    // A try that was no password failure (its captcha was refused) is given back.
    await (await service.beginLoginTry('login:601')).release();
    expect((await service.beginLoginTry('login:601')).failuresBefore).toBe(9);
    // The right password: the account is as new.
    await (await service.beginLoginTry('login:601')).succeeded();
    expect(await service.beginLoginTry('login:601')).toMatchObject({ failuresBefore: 0, softLocked: false });
  });

  it('the soft lock ends with its day', async () => {
    const clock = new TestClock();
    const { service } = recordingService(clock);
    for (let i = 0; i < lockoutPolicy.login.softAfter; i++) await service.beginLoginTry('login:602');
    clock.advance(lockoutPolicy.login.windowMs - 1);
    expect((await service.beginLoginTry('login:602')).softLocked).toBe(true);
    clock.advance(1);
    expect((await service.beginLoginTry('login:602')).softLocked).toBe(false);
  });

  it('of 50 simultaneous tries on one account, 5 are not soft-locked and exactly one locks', async () => {
    const { service } = recordingService(new TestClock());
    const tries = await Promise.all(Array.from({ length: 50 }, () => service.beginLoginTry('login:603')));
    expect(tries.filter((t) => !t.softLocked)).toHaveLength(lockoutPolicy.login.softAfter);
    expect(tries.filter((t) => t.locks)).toHaveLength(1);
  });
});

describe('proofs inside a session (hard lock)', () => {
  it('of 50 simultaneous tries on one account, exactly 5 are let through; the fifth is the last', async () => {
    const { service } = recordingService(new TestClock());
    const tries = await Promise.all(Array.from({ length: 50 }, () => service.beginTry('account:501')));
    const taken = tries.filter((t) => t !== undefined);
    expect(taken).toHaveLength(lockoutPolicy.perAccount);
    expect(taken.filter((t) => t.last)).toHaveLength(1);
  });

  it('a lock lasts 30 minutes from the failure that caused it; a right password clears the count', async () => {
    const clock = new TestClock();
    const { service } = recordingService(clock);
    for (let i = 0; i < 4; i++) expect(await service.beginTry('account:502')).toEqual({ last: false });
    await service.recordSuccess('account:502');
    for (let i = 0; i < 4; i++) expect(await service.beginTry('account:502')).toEqual({ last: false });
    clock.advance(lockoutPolicy.windowMs - 1);
    expect(await service.beginTry('account:502')).toEqual({ last: true });
    clock.advance(lockoutPolicy.lockMs - 1);
    expect(await service.beginTry('account:502')).toBeUndefined();
    clock.advance(1);
    expect(await service.beginTry('account:502')).toEqual({ last: false });
  });
});

describe('per-address slowdown', () => {
  it('grows with the failures before it and stops at the cap; nothing is ever refused', async () => {
    const { service, waits } = recordingService(new TestClock());
    const attempts = [];
    for (let i = 0; i < 30; i++) attempts.push(await service.beginAddressAttempt('ip:198.51.100.1'));
    expect(attempts.map((a) => a.failuresBefore)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    const expected = Array.from({ length: 30 }, (_, i) => slowdownMs(i)).filter((ms) => ms > 0);
    expect(waits).toEqual(expected);
    expect(waits[0]).toBe(lockoutPolicy.address.stepMs);
    expect(Math.max(...waits)).toBe(lockoutPolicy.address.maxDelayMs);
    expect(attempts.map((a) => a.tightened).indexOf(true)).toBe(lockoutPolicy.address.tightenAfter);
  });

  it('counts an IPv6 /64 as one address, an IPv4 address mapped into IPv6 as itself', () => {
    expect(ipKey('2001:db8:7:1::1')).toBe(ipKey('2001:db8:7:1:ffff::2'));
    expect(ipKey('2001:db8:7:1::1')).not.toBe(ipKey('2001:db8:7:2::1'));
    expect(ipKey('::ffff:198.51.100.9')).toBe(ipKey('198.51.100.9'));
  });

  it('a login that turns out right is given back: right logins never slow an address down', async () => {
    const { service, waits } = recordingService(new TestClock());
    for (let i = 0; i < 40; i++) await (await service.beginAddressAttempt('ip:198.51.100.2')).release();
    expect(waits).toEqual([]);
  });

  it('counts simultaneous logins one after another, so a burst is slowed too', async () => {
    const { service, waits } = recordingService(new TestClock(), 500);
    const attempts = await Promise.all(
      Array.from({ length: 50 }, () => service.beginAddressAttempt('ip:198.51.100.3')),
    );
    expect(attempts.map((a) => a.failuresBefore).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i),
    );
    expect(attempts.filter((a) => a.tightened)).toHaveLength(50 - lockoutPolicy.address.tightenAfter);
    expect(Math.max(...waits)).toBe(500);
  });
});
