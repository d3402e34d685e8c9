/** The registration windows on the real `auth_lockout` counters, with a moving clock. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.ts';
import { TestClock } from '../../../test/test-clock.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { LockoutRepository } from '../sessions/index.ts';
import { RegistrationLimit } from './registration-limit.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const hour = 3_600_000;
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'allowed',
    (e: unknown) => (e instanceof AppError ? e.code : e),
  );
const register = (limit: RegistrationLimit, ip: string) => refusal(limit.within(ip, async () => 'made'));

describe('registration limit', () => {
  it('passes the soft line, then reaches the ceiling, per hour and per day', async () => {
    const clock = new TestClock(new Date('2030-03-01T08:00:00Z'));
    const limit = new RegistrationLimit(new LockoutRepository(database.db), {
      perHour: 2,
      perDay: 10,
      ceilingPerHour: 5,
      ceilingPerDay: 20,
      now: clock.now,
    });
    const ip = '192.0.2.1';
    let made = 0;
    for (let hourOfDay = 0; hourOfDay < 4; hourOfDay++) {
      for (let i = 0; i < 5; i++) {
        expect(await refusal(limit.check(ip))).toBe('allowed');
        // Past 2 this hour (or 10 today), the address's sign-up codes need a fresh captcha.
        expect(await limit.pastSoftLine(ip)).toBe(i >= 2 || made >= 10);
        expect(await register(limit, ip)).toBe('allowed');
        made++;
      }
      expect(await refusal(limit.check(ip))).toBe(-800);
      expect(await register(limit, ip)).toBe(-800);
      expect(await refusal(limit.check('192.0.2.2'))).toBe('allowed');
      expect(await limit.pastSoftLine('192.0.2.2')).toBe(false);
      clock.advance(hour);
    }
    expect(made).toBe(20);
    // A fresh hour, but the day is used up until 24 hours after the first sign-up.
    expect(await refusal(limit.check(ip))).toBe(-800);
    clock.set(new Date('2030-03-02T07:59:59Z'));
    expect(await refusal(limit.check(ip))).toBe(-800);
    clock.set(new Date('2030-03-02T08:00:00Z'));
    expect(await refusal(limit.check(ip))).toBe('allowed');
    expect(await register(limit, ip)).toBe('allowed');
  });

  it('gives the slots of a failed registration back, and only those', async () => {
    const clock = new TestClock(new Date('2030-04-01T08:00:00Z'));
    const limit = new RegistrationLimit(new LockoutRepository(database.db), {
      perHour: 1,
      perDay: 20,
      ceilingPerHour: 2,
      now: clock.now,
    });
    const ip = '192.0.2.20';
    const failing = () =>
      refusal(
        limit.within(ip, async () => {
          throw new AppError(-704, { domain: 'passport' });
        }),
      );
    for (let i = 0; i < 5; i++) expect(await failing()).toBe(-704); // wrong codes use up nothing
    expect(await register(limit, ip)).toBe('allowed');
    expect(await register(limit, ip)).toBe('allowed');
    expect(await failing()).toBe(-800);
    expect(await register(limit, ip)).toBe(-800);
    // A slot taken in an hour that has passed is not given back to the next one.
    const stale = await new LockoutRepository(database.db).take(
      `reg-ip:${ip}`,
      { windowMs: hour, max: 99 },
      clock.now(),
    );
    clock.advance(hour);
    expect(await register(limit, ip)).toBe('allowed');
    await new LockoutRepository(database.db).release(stale!);
    expect(await register(limit, ip)).toBe('allowed');
    expect(await register(limit, ip)).toBe(-800);
  });

  it('lets exactly the free slots through when 50 registrations arrive at once', async () => {
    const limit = new RegistrationLimit(new LockoutRepository(database.db), {
      perHour: 1,
      perDay: 20,
      now: () => new Date(),
    });
    // The ceiling of a soft line of 1 an hour is 10 (rate-limit/address-limits.ts).
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => register(limit, '192.0.2.50')));
    expect(outcomes.filter((o) => o === 'allowed')).toHaveLength(10);
    expect(outcomes.filter((o) => o === -800)).toHaveLength(40);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const limit = new RegistrationLimit(new LockoutRepository(database.db), {
      perHour: 1,
      perDay: 20,
      ceilingPerHour: 2,
      now: () => new Date(),
    });
    expect(await register(limit, '2001:db8:50::1')).toBe('allowed');
    expect(await limit.pastSoftLine('2001:db8:50::2')).toBe(true);
    expect(await register(limit, '2001:db8:50::3')).toBe('allowed');
    expect(await register(limit, '2001:db8:50:0:ffff::4')).toBe(-800);
    expect(await register(limit, '2001:db8:51::1')).toBe('allowed');
  });

  it('counts simultaneous registrations without losing any', async () => {
    const repo = new LockoutRepository(database.db);
    const now = new Date();
    const counts = await Promise.all(
      Array.from({ length: 8 }, async () => (await repo.countEvent('reg-ip:192.0.2.9', hour, now)).count),
    );
    expect(counts.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
