import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import type { Database } from './database.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const until = async (check: () => boolean) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > 2_000) throw new Error('not within 2 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('database capabilities shared by processes', () => {
  it('delivers a notification to every listener of its channel until it stops listening', async () => {
    const got: string[] = [];
    const stop = await database.listen('gp_test_channel', (payload) => got.push(payload));
    await database.notify('gp_test_channel', 'one');
    await database.notify('gp_other_channel', 'elsewhere');
    await until(() => got.length === 1);
    expect(got).toEqual(['one']);
    await stop();
    await database.notify('gp_test_channel', 'two');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(got).toEqual(['one']);
  });

  it('runs exclusive work once at a time per name, skipping (not queueing) the second', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = database.exclusive('sweep', async () => {
      await held;
      return 'first';
    });
    await new Promise((resolve) => setTimeout(resolve, 50)); // the first has the lock
    expect(await database.exclusive('sweep', async () => 'second')).toBeUndefined();
    expect(await database.exclusive('another sweep', async () => 'other')).toBe('other');
    release();
    expect(await first).toBe('first');
    expect(await database.exclusive('sweep', async () => 'again')).toBe('again');
    // A failing run releases the lock too.
    await expect(
      database.exclusive('sweep', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await database.exclusive('sweep', async () => 'after failure')).toBe('after failure');
  });
});
