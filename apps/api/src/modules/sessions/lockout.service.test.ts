/** The login counters on the real `auth_lockout` table: account tries, the per-address slowdown. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.ts';
import { TestClock } from '../../../test/test-clock.ts';
import type { Database } from '../../db/database.ts';
import { LockoutRepository } from './lockout.repository.ts';
import { LockoutService, lockoutPolicy, slowdownMs } from './lockout.service.ts';

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

describe('account tries', () => {
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
