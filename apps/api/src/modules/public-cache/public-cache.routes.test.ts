import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { defineCall, fullPath } from '@gp/contracts';
import { bannerAdminDelete } from '@gp/contracts/content-admin';
import { faqAdminOnlineSwitch, gameAdminOnlineSwitch } from '@gp/contracts/catalog-admin';
import { faqPageData } from '@gp/contracts/cs';
import { deskTicketPage } from '@gp/contracts/desk';
import { payAdminOrderPageCall } from '@gp/contracts/pay-admin';
import { articlePage, banner as bannerItem, gameListItem } from '@gp/contracts/web';
import { previewSecret } from '../../../test/content-admin-steps.ts';
import { TestClock } from '../../../test/test-clock.ts';
import { loginTestMember } from '../../../test/member-session.ts';
import { loginTestStaff, staffPost, type TestStaff } from '../../../test/staff-session.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { article, banner } from '../../db/schema/content.schema.ts';
import { csFaq } from '../../db/schema/cs.schema.ts';
import { game } from '../../db/schema/game.schema.ts';
import { registerCall } from '../../http/register-call.ts';
import { createPreviewToken } from '../content/index.ts';

// A TTL far longer than any test: whatever changes below is the staff write or the schedule, never the TTL.
const ttlMs = 60_000;
const clock = new TestClock();
let t: Awaited<ReturnType<typeof createTestApp>>;
let staff: TestStaff;
let faqStaff: TestStaff;

beforeAll(async () => {
  t = await createTestApp(
    { PREVIEW_SECRET: previewSecret, PUBLIC_CACHE_TTL_MS: String(ttlMs) },
    { now: clock.now },
  );
  staff = await loginTestStaff(t.db, { privileges: ['content', 'games'] });
  faqStaff = await loginTestStaff(t.db, { privileges: ['faq'] });
});
afterAll(() => t.close());
beforeEach(() => t.app.publicCache.clear());

const get = async (url: string, cookies: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, cookies });
  return { res, body: res.json() as { code: number; data: unknown } };
};
const banners = async () => bannerItem.array().parse((await get('/web/home/banner?lang=en')).body.data);
const newsDraft = async () => {
  const [row] = await t.db
    .select()
    .from(article)
    .where(and(eq(article.kind, 'news'), eq(article.status, 'draft')))
    .orderBy(article.id)
    .limit(1);
  return row;
};
const games = async () => gameListItem.array().parse((await get('/web/game/list?lang=en')).body.data);

describe('public cache', () => {
  it('answers an opted-in read from memory until the TTL, with the same body and ETag', async () => {
    const first = await get('/web/home/banner?lang=en');
    const [shown] = bannerItem.array().parse(first.body.data);
    // A write behind the app's back (SQL, not a staff call) shows only after the TTL.
    await t.db.update(banner).set({ isOnline: false }).where(eq(banner.id, shown!.id));
    const again = await get('/web/home/banner?lang=en');
    expect(again.res.body).toBe(first.res.body);
    expect(again.res.headers.etag).toBe(first.res.headers.etag);
    expect(again.res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.res.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=60');
    const notModified = await t.app.inject({
      method: 'GET',
      url: '/web/home/banner?lang=en',
      headers: { 'if-none-match': String(first.res.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    clock.advance(ttlMs);
    expect((await banners()).map((b) => b.id)).not.toContain(shown!.id);
    await t.db.update(banner).set({ isOnline: true }).where(eq(banner.id, shown!.id));
  });

  it('keys by the parsed input and language, not by the spelling of the query', async () => {
    await get('/web/news/page?lang=en&page_num=1&page_size=5');
    await get('/web/news/page?page_size=5&page_num=1&lang=en&utm_source=x');
    expect(t.app.publicCache.size).toBe(1);
    await get('/web/news/page?lang=th&page_num=1&page_size=5');
    await get('/web/news/page?lang=en&page_num=2&page_size=5');
    expect(t.app.publicCache.size).toBe(3);
    // A refused request is answered as before and stored nowhere.
    expect((await get('/web/news/page?page_size=500')).res.statusCode).toBe(400);
    expect(t.app.publicCache.size).toBe(3);
  });

  it('shows a successful staff write at once, and keeps the cache when the write was refused', async () => {
    const before = await banners();
    const refused = await staffPost(t.app, staff, fullPath(bannerAdminDelete), { id: 999_999 });
    expect(refused.json().code).not.toBe(0);
    expect(t.app.publicCache.size).toBe(1);
    const deleted = await staffPost(t.app, staff, fullPath(bannerAdminDelete), { id: before[0]!.id });
    expect(deleted.json().code).toBe(0);
    expect(t.app.publicCache.size).toBe(0);
    expect((await banners()).map((b) => b.id)).toEqual(before.slice(1).map((b) => b.id));

    const listed = await games();
    const off = await staffPost(t.app, staff, fullPath(gameAdminOnlineSwitch), {
      game_base_id: listed[0]!.game_base_id,
      is_online: 0,
    });
    expect(off.json().code).toBe(0);
    expect((await games()).map((g) => g.game_base_id)).not.toContain(listed[0]!.game_base_id);
    await t.db.update(game).set({ isOnline: true }).where(eq(game.gameBaseId, listed[0]!.game_base_id));
  });

  it("keeps the cache through the desk's and the order search's reads, which are POSTs", async () => {
    await banners();
    const desk = await loginTestStaff(t.db, { privileges: ['tickets.read', 'catalog'] });
    const queue = await staffPost(t.app, desk, fullPath(deskTicketPage), { page_num: 1, page_size: 5 });
    expect(queue.json().code).toBe(0);
    const orders = await staffPost(t.app, desk, fullPath(payAdminOrderPageCall), {
      page_num: 1,
      page_size: 5,
    });
    expect(orders.json().code).toBe(0);
    expect(t.app.publicCache.size).toBe(1);
  });

  it('flips scheduled content on time by the app clock, long before the TTL', async () => {
    const draft = await newsDraft();
    const publishAt = clock.later(5_000);
    await t.db.update(article).set({ status: 'scheduled', publishAt }).where(eq(article.id, draft!.id));
    const page = async () =>
      articlePage.parse((await get('/web/news/page?lang=en&page_size=50')).body.data).list.map((n) => n.id);
    expect(await page()).not.toContain(draft!.id);
    clock.advance(4_999);
    expect(await page()).not.toContain(draft!.id);
    clock.advance(1);
    expect(await page()).toContain(draft!.id);
    // And the detail of an article that is unpublished later leaves on time too.
    await t.db
      .update(article)
      .set({ unpublishAt: clock.later(1_000) })
      .where(eq(article.id, draft!.id));
    t.app.publicCache.clear(); // the write above went around the app
    const detail = () => get(`/web/news/detail?news_id=${draft!.id}&lang=en`);
    expect((await detail()).body.code).toBe(0);
    clock.advance(1_000);
    expect((await detail()).body.code).toBe(-404);
    await t.db.update(article).set({ status: 'draft', unpublishAt: null }).where(eq(article.id, draft!.id));
  });

  it('never stores a preview, a member call or a staff call', async () => {
    const draft = await newsDraft();
    const token = createPreviewToken(previewSecret, 'news', draft!.id, 600, clock.now());
    const preview = await get(`/web/news/detail?news_id=${draft!.id}&preview_token=${token}&lang=en`);
    expect(preview.body.code).toBe(0);
    expect(preview.res.headers['cache-control']).toBe('private, no-store');
    expect(t.app.publicCache.size).toBe(0);

    const ann = await loginTestMember(t.db, { nickName: 'ann_reader' });
    const bob = await loginTestMember(t.db, { nickName: 'bob_reader' });
    const info = async (m: typeof ann) =>
      (await get(`/passport/web/user/info?ct=${m.ct}`, m.cookies)).body.data as { nick_name?: string };
    expect((await info(ann)).nick_name).toBe('ann_reader');
    expect((await info(bob)).nick_name).toBe('bob_reader');
    const staffRead = await get(
      `/csmng/komoe/mng/game/page?ct=${staff.ct}&page_num=1&page_size=10`,
      staff.cookies,
    );
    expect(staffRead.res.statusCode).toBe(200);
    expect(t.app.publicCache.size).toBe(0);
  });

  it('stores the FAQ page but not a keyword search (players type thousands of different words)', async () => {
    expect((await get('/cs/komoe/api/common/faq/page?lang=en&page_size=5')).body.code).toBe(0);
    expect(t.app.publicCache.size).toBe(1);
    expect((await get('/cs/komoe/api/common/faq/page?lang=en&question_keyword=password')).body.code).toBe(0);
    expect((await get('/cs/komoe/api/common/faq/page?lang=en&question_keyword=refund')).body.code).toBe(0);
    expect(t.app.publicCache.size).toBe(1);
  });

  it("shows a staff FAQ switch in the keyword search at once, a change behind the app's back after the TTL", async () => {
    const search = async () =>
      faqPageData
        .parse((await get('/cs/komoe/api/common/faq/page?lang=en&question_keyword=password')).body.data)
        .list.map((f) => f.question_id);
    const before = await search();
    const entry = before[0]!;
    const off = await staffPost(t.app, faqStaff, fullPath(faqAdminOnlineSwitch), {
      question_id: entry,
      is_online: 0,
    });
    expect(off.json().code).toBe(0);
    expect(await search()).not.toContain(entry);
    // Back online by SQL: the texts in memory are kept until the TTL, then the database's number says so.
    await t.db.update(csFaq).set({ isOnline: true }).where(eq(csFaq.id, entry));
    expect(await search()).not.toContain(entry);
    clock.advance(ttlMs);
    expect(await search()).toEqual(before);
  });

  it('refuses to register a member or a POST call with the public cache', async () => {
    const memberCall = defineCall({
      group: 'web',
      method: 'GET',
      path: '/cache-test/member',
      auth: 'member',
      request: z.object({}),
      response: z.null(),
    });
    const postCall = defineCall({
      group: 'web',
      method: 'POST',
      path: '/cache-test/post',
      auth: 'public',
      request: z.object({}),
      response: z.null(),
    });
    expect(() => registerCall(t.app, memberCall, () => null, { publicCache: true })).toThrow(/public GET/);
    expect(() => registerCall(t.app, postCall, () => null, { publicCache: true })).toThrow(/public GET/);
  });
});
