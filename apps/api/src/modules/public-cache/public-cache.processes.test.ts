import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { fullPath } from '@gp/contracts';
import { bannerAdminDelete } from '@gp/contracts/content-admin';
import { banner as bannerItem } from '@gp/contracts/web';
import { loginTestStaff, staffPost, type TestStaff } from '../../../test/staff-session.ts';
import { createTestAppPair } from '../../../test/test-app.ts';

// Two API processes on one database (two pools on PostgreSQL; one shared PGlite), the cache far longer than
// any test: what empties the other process's cache below is the notification, never the TTL.
let t: Awaited<ReturnType<typeof createTestAppPair>>;
let staff: TestStaff;

beforeAll(async () => {
  t = await createTestAppPair({ PUBLIC_CACHE_TTL_MS: '60000' });
  staff = await loginTestStaff(t.db, { privileges: ['content'] });
});
afterAll(() => t.close());

type App = (typeof t.apps)[number];
const banners = async (app: App) =>
  bannerItem
    .array()
    .parse((await app.inject({ method: 'GET', url: '/web/home/banner?lang=en' })).json().data);

/** Resolves when `check` holds, polling every 10 ms; fails after `ms`. */
async function within(ms: number, check: () => boolean): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - start;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('public cache across processes', () => {
  it("empties the other process's cache within a second of a staff write, and not for a refused one", async () => {
    const [one, two] = t.apps;
    const before = await banners(two);
    await banners(one);
    expect(two.publicCache.size).toBe(1);

    const refused = await staffPost(one, staff, fullPath(bannerAdminDelete), { id: 999_999 });
    expect(refused.json().code).not.toBe(0);
    await sleep(200);
    expect(two.publicCache.size).toBe(1);

    const deleted = await staffPost(one, staff, fullPath(bannerAdminDelete), { id: before[0]!.id });
    expect(deleted.json().code).toBe(0);
    expect(one.publicCache.size).toBe(0);
    await within(1_000, () => two.publicCache.size === 0);
    expect((await banners(two)).map((b) => b.id)).toEqual(before.slice(1).map((b) => b.id));
  });

  it.runIf(process.env.DATABASE_URL)(
    'empties the cache when its LISTEN connection comes back (a notification may have been missed), then listens again',
    async () => {
      const [one, two] = t.apps;
      const before = await banners(two);
      expect(two.publicCache.size).toBe(1);
      await t.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'LISTEN%'`);
      await within(3_000, () => two.publicCache.size === 0);

      await banners(two);
      const deleted = await staffPost(one, staff, fullPath(bannerAdminDelete), { id: before[0]!.id });
      expect(deleted.json().code).toBe(0);
      await within(1_000, () => two.publicCache.size === 0);
    },
  );
});
