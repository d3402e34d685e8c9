import { describe, expect, it } from 'vitest';
import { Limiter, PasswordHasher, testCost } from './password.ts';

describe('PasswordHasher', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hasher = new PasswordHasher(testCost);
    const stored = await hasher.hash('abc123');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await hasher.verify(stored, 'abc123')).toBe(true);
    expect(await hasher.verify(stored, 'abc124')).toBe(false);
    expect(await hasher.verify('not a hash', 'abc123')).toBe(false);
  });
});

describe('Limiter', () => {
  it('runs at most `limit` pieces of work at once, in order', async () => {
    const limiter = new Limiter(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const work = (n: number) => async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      order.push(n);
      running--;
    };
    await Promise.all([1, 2, 3, 4, 5].map((n) => limiter.run(work(n))));
    expect(peak).toBe(2);
    expect(order).toHaveLength(5);
  });

  it('frees its slot when work fails', async () => {
    const limiter = new Limiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run(async () => 'next')).toBe('next');
  });
});
