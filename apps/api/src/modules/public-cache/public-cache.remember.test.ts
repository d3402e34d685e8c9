/** `PublicCache.remember`: values read from the database, kept under the cache's rules (README "Values"). */
import { describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/test-clock.ts';
import type { Db } from '../../db/database.ts';
import { PublicCache } from './public-cache.ts';

// `remember` never asks the database itself (only answers' schedules do).
const noDb = {} as Db;

function counter() {
  let reads = 0;
  return {
    read: async () => ++reads,
    get reads() {
      return reads;
    },
  };
}

describe('PublicCache.remember', () => {
  it('keeps a value for the TTL on the app clock, then reads it again', async () => {
    const clock = new TestClock();
    const cache = new PublicCache({ ttlMs: 1_000, now: clock.now, db: noDb });
    const source = counter();
    expect(await cache.remember('k', source.read)).toBe(1);
    clock.advance(999);
    expect(await cache.remember('k', source.read)).toBe(1);
    expect(await cache.remember('other', source.read)).toBe(2);
    clock.advance(1);
    expect(await cache.remember('k', source.read)).toBe(3);
  });

  it('forgets every value at a clear (a staff write here or elsewhere) and at forgetValues', async () => {
    const clock = new TestClock();
    const cache = new PublicCache({ ttlMs: 60_000, now: clock.now, db: noDb });
    const source = counter();
    await cache.remember('k', source.read);
    cache.clear();
    expect(await cache.remember('k', source.read)).toBe(2);
    cache.forgetValues();
    expect(await cache.remember('k', source.read)).toBe(3);
    expect(await cache.remember('k', source.read)).toBe(3);
  });

  it('shares one read between concurrent callers, keeps no failed read, and keeps nothing when off', async () => {
    const clock = new TestClock();
    const cache = new PublicCache({ ttlMs: 60_000, now: clock.now, db: noDb });
    const source = counter();
    expect(await Promise.all([1, 2, 3].map(() => cache.remember('k', source.read)))).toEqual([1, 1, 1]);
    await expect(cache.remember('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.remember('bad', source.read)).toBe(2);

    const off = new PublicCache({ ttlMs: 0, now: clock.now, db: noDb });
    const direct = counter();
    await off.remember('k', direct.read);
    expect(await off.remember('k', direct.read)).toBe(2);
  });
});
