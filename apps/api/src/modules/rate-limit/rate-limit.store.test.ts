import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestAppPair, openTestDatabase } from '../../../test/test-app.ts';
import type { Database } from '../../db/database.ts';
import { RateLimitRepository } from './rate-limit.repository.ts';
import { SharedRateCounter } from './rate-limit.store.ts';

const minute = 60_000;
const quiet = { error: () => undefined, info: () => undefined };

describe('shared rate counter', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  /** Two processes' counters on one database, on one clock the test moves. */
  const pair = () => {
    const clock = { at: Date.parse('2026-01-01T00:00:00Z') };
    const counter = () =>
      new SharedRateCounter({ repo: new RateLimitRepository(database.db), log: quiet, now: () => clock.at });
    return { clock, a: counter(), b: counter() };
  };

  it('counts exactly in one process, and each process learns the shared total at its next merge', async () => {
    const { a, b } = pair();
    for (let i = 1; i <= 3; i++) expect(a.incr('1.2.3.4', minute).current).toBe(i);
    expect(b.incr('1.2.3.4', minute).current).toBe(1); // not merged yet: b knows only its own
    await a.sync();
    await b.sync();
    expect(b.read('1.2.3.4').current).toBe(4);
    expect(b.incr('1.2.3.4', minute).current).toBe(5);
    await a.sync(); // a has nothing to merge: its view stays until it counts again
    a.incr('1.2.3.4', minute);
    await a.sync();
    expect(a.read('1.2.3.4').current).toBe(5);
    // Another address is counted apart.
    expect(a.incr('5.6.7.8', minute).current).toBe(1);
  });

  it('keeps the first window across processes and starts a new one when it ends', async () => {
    const { clock, a, b } = pair();
    a.incr('k', minute);
    await a.sync();
    clock.at += 20_000;
    b.incr('k', minute); // b's own window would end 20 s later than a's
    await b.sync();
    expect(b.read('k')).toEqual({ current: 2, ttl: 40_000 });
    clock.at += 40_000; // a's window (the shared one) has ended
    expect(b.read('k')).toEqual({ current: 0, ttl: 0 });
    expect(b.incr('k', minute)).toEqual({ current: 1, ttl: minute });
    await b.sync();
    a.incr('k', minute);
    await a.sync();
    expect(a.read('k').current).toBe(2);
  });

  it('merges on its own every syncMs while counts are pending, and once more when stopped', async () => {
    const repo = new RateLimitRepository(database.db);
    const merged: number[] = [];
    const counter = new SharedRateCounter({
      repo: {
        merge: (counts, now) => (merged.push(counts.length), repo.merge(counts, now)),
        purge: () => repo.purge(0),
      },
      log: quiet,
      syncMs: 20,
    });
    counter.start();
    counter.incr('timer', minute);
    const start = Date.now();
    while (merged.length === 0 && Date.now() - start < 5_000) await new Promise((r) => setTimeout(r, 10));
    expect(merged).toEqual([1]);
    counter.incr('timer', minute);
    counter.incr('other', minute);
    await counter.stop();
    expect(merged.reduce((a, b) => a + b)).toBe(3);
    const other = new SharedRateCounter({ repo, log: quiet });
    other.incr('timer', minute);
    await other.sync();
    expect(other.read('timer').current).toBe(3);
  });

  it('keeps counting alone while the database cannot be reached, and merges the hits when it is back', async () => {
    let down = true;
    const repo = new RateLimitRepository(database.db);
    const errors: string[] = [];
    const counter = new SharedRateCounter({
      repo: {
        merge: (counts, now) => (down ? Promise.reject(new Error('down')) : repo.merge(counts, now)),
        purge: (before) => repo.purge(before),
      },
      log: { error: (_obj, msg) => errors.push(msg), info: () => undefined },
    });
    counter.incr('offline', minute);
    await counter.sync();
    counter.incr('offline', minute);
    await counter.sync();
    expect(errors).toHaveLength(1);
    expect(counter.read('offline').current).toBe(2);
    down = false;
    await counter.sync();
    const other = new SharedRateCounter({ repo, log: quiet });
    other.incr('offline', minute);
    await other.sync();
    expect(other.read('offline').current).toBe(3);
  });
});

describe('rate limit across two API processes', () => {
  let t: Awaited<ReturnType<typeof createTestAppPair>>;
  beforeAll(async () => {
    t = await createTestAppPair({ RATE_LIMIT_MAX: '6' });
  });
  afterAll(() => t.close());

  it('refuses a client past RATE_LIMIT_MAX requests made half through one process and half through the other', async () => {
    const [one, two] = t.apps;
    const status = async (app: typeof one) =>
      (await app.inject({ method: 'GET', url: '/healthz' })).statusCode;
    for (let i = 0; i < 3; i++) expect(await status(one)).toBe(200);
    // The merges each process makes every 250 ms, made now, `one`'s first: whenever `two` merges its request -
    // here, or on its own timer before - the total it hears back holds `one`'s three. (A process learns the total
    // only when it has hits of its own to merge: had `two`'s timer merged its request before `one` merged, this
    // sync would have had nothing to send and `two` would know of 1 request, not 4.)
    await one.rateLimitCounter.sync();
    expect(await status(two)).toBe(200);
    await two.rateLimitCounter.sync();
    expect(two.rateLimitCounter.read('127.0.0.1').current).toBe(4);
    expect(await status(two)).toBe(200);
    expect(await status(two)).toBe(200);
    // Three requests through `two` alone; seven in all.
    const refused = await two.inject({ method: 'GET', url: '/healthz' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: expect.any(Number) });
  });
});

describe('rate limit per address key', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => t.close());

  const status = async (remoteAddress: string) =>
    (await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress })).statusCode;

  it('counts two IPv6 addresses of one /64 as one client, and another /64 apart', async () => {
    expect(await status('2001:db8:5:1::a')).toBe(200);
    expect(await status('2001:db8:5:1::b')).toBe(200);
    expect(await status('2001:db8:5:1:ffff::1')).toBe(200);
    // A fourth address of the same /64 is the same client, past its 3 a minute.
    expect(await status('2001:db8:5:1::c')).toBe(429);
    expect(await status('2001:db8:5:2::a')).toBe(200);
  });
});
