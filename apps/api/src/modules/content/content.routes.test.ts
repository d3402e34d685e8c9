import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  articleDetail,
  articlePage,
  articleSummary,
  banner as bannerSchema,
  homeModule,
  recommendedGame,
} from '@gp/contracts/web';
import { createTestApp } from '../../../test/test-app.ts';
import { article, articleI18n, banner } from '../../db/schema/content.schema.ts';
import newsData from '../../composition/seed/content/news.json' with { type: 'json' };
import activityData from '../../composition/seed/content/activities.json' with { type: 'json' };
import { createPreviewToken } from './preview-token.ts';

const secret = 'a-preview-secret-of-at-least-32-characters';
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ PREVIEW_SECRET: secret });
});
afterAll(() => t.close());

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return {
    res,
    status: res.statusCode,
    body: res.json() as { code: number; message: string; data: unknown },
  };
};
const idOf = async (kind: 'news' | 'activity', slug: string) => {
  const [row] = await t.db
    .select({ id: article.id })
    .from(article)
    .where(and(eq(article.kind, kind), eq(article.slug, slug)));
  return row!.id;
};
const publishedNews = newsData.filter((n) => !('status' in n));
const draftNews = newsData.find((n) => 'status' in n)!;

describe('GET /web/news/page', () => {
  it('pages the published news, pinned first then newest', async () => {
    const { body } = await get('/web/news/page?page_num=1&page_size=5&lang=en');
    const page = articlePage.parse(body.data);
    expect(page.total).toBe(publishedNews.length);
    expect(page.list).toHaveLength(5);
    const pinnedCount = publishedNews.filter((n) => n.pinned).length;
    expect(page.list.slice(0, pinnedCount).every((n) => n.pinned === 1)).toBe(true);
    const rest = page.list.slice(pinnedCount).map((n) => n.publish_time);
    expect(rest).toEqual([...rest].sort().reverse());
    expect(page.list[0]!.cover).toMatchObject({ width: 800, height: 450 });
  });

  it('returns an empty page past the end and refuses bad paging with 400', async () => {
    const { body } = await get('/web/news/page?page_num=99&page_size=10');
    expect(articlePage.parse(body.data)).toMatchObject({ list: [], total: publishedNews.length });
    for (const query of ['page_size=0', 'page_size=51', 'page_num=0', 'page_num=abc', 'category=gossip']) {
      const bad = await get(`/web/news/page?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.code).toBe(-400);
    }
  });

  it('filters by category', async () => {
    const { body } = await get('/web/news/page?category=maintenance&page_size=50');
    const page = articlePage.parse(body.data);
    expect(page.total).toBe(publishedNews.filter((n) => n.category === 'maintenance').length);
    expect(page.list.every((n) => n.category === 'maintenance')).toBe(true);
  });

  it('never lists a draft, and lists a scheduled item only once its time has come', async () => {
    const { body } = await get('/web/news/page?page_size=50');
    const titles = articlePage.parse(body.data).list.map((n) => n.title);
    expect(titles).not.toContain(draftNews.i18n.en.title);
    const id = await idOf('news', draftNews.key);
    await t.db
      .update(article)
      .set({ status: 'scheduled', publishAt: new Date(Date.now() + 60_000) })
      .where(eq(article.id, id));
    expect(articlePage.parse((await get('/web/news/page?page_size=50')).body.data).total).toBe(
      publishedNews.length,
    );
    await t.db
      .update(article)
      .set({ publishAt: new Date(Date.now() - 1000) })
      .where(eq(article.id, id));
    expect(articlePage.parse((await get('/web/news/page?page_size=50')).body.data).total).toBe(
      publishedNews.length + 1,
    );
    await t.db
      .update(article)
      .set({ status: 'draft', publishAt: new Date(Date.now() + 2 * 86_400_000) })
      .where(eq(article.id, id));
  });

  it('answers in the reader language and falls back to en where a translation is missing', async () => {
    const first = publishedNews[0]!;
    const id = await idOf('news', first.key);
    const th = await get(`/web/news/detail?news_id=${id}&lang=th`);
    expect(articleDetail.parse(th.body.data).title).toBe(first.i18n.th.title);
    await t.db.delete(articleI18n).where(and(eq(articleI18n.articleId, id), eq(articleI18n.lang, 'vi')));
    const vi = await get(`/web/news/detail?news_id=${id}&lang=vi`);
    expect(articleDetail.parse(vi.body.data).title).toBe(first.i18n.en.title);
  });

  it('sends cache headers and answers 304 when nothing changed', async () => {
    const first = await get('/web/news/page?page_num=1&page_size=3&lang=zh');
    expect(first.res.headers['cache-control']).toContain('max-age=');
    const etag = first.res.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/web/news/page?page_num=1&page_size=3&lang=zh',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /web/activity/page', () => {
  it('lists published activities with their period', async () => {
    const { body } = await get('/web/activity/page?page_size=50&lang=vi');
    const page = articlePage.parse(body.data);
    expect(page.total).toBe(activityData.filter((a) => !('status' in a)).length);
    expect(page.list.every((a) => a.start_time && a.end_time && a.start_time < a.end_time)).toBe(true);
  });
});

describe('GET /web/news/top', () => {
  it('answers the pinned and newest items, as many as asked', async () => {
    const { body } = await get('/web/news/top?size=3&lang=cn');
    const top = articleSummary.array().parse(body.data);
    expect(top).toHaveLength(3);
    expect(top[0]!.pinned).toBe(1);
    expect((await get('/web/news/top?size=21')).status).toBe(400);
  });
});

describe('GET /web/news/detail and /web/activity/detail', () => {
  it('answers not found for unknown ids, drafts, and ids of the other kind', async () => {
    expect((await get('/web/news/detail?news_id=999999')).body.code).toBe(-404);
    expect((await get(`/web/news/detail?news_id=${await idOf('news', draftNews.key)}`)).body.code).toBe(-404);
    const activityId = await idOf('activity', activityData[0]!.key);
    expect((await get(`/web/news/detail?news_id=${activityId}`)).body.code).toBe(-404);
    expect((await get('/web/news/detail')).status).toBe(400);
  });

  it('shows a draft through a valid preview token only, never cached', async () => {
    const id = await idOf('news', draftNews.key);
    const token = createPreviewToken(secret, 'news', id, 600, t.app.now());
    const ok = await get(`/web/news/detail?news_id=${id}&preview_token=${token}&lang=th`);
    const detail = articleDetail.parse(ok.body.data);
    expect(detail).toMatchObject({ preview: true, title: draftNews.i18n.th.title });
    expect(ok.res.headers['cache-control']).toBe('private, no-store');
    const expired = createPreviewToken(secret, 'news', id, -1, t.app.now());
    expect((await get(`/web/news/detail?news_id=${id}&preview_token=${expired}`)).body.code).toBe(-404);
    const otherId = createPreviewToken(secret, 'news', id + 1, 600, t.app.now());
    expect((await get(`/web/news/detail?news_id=${id}&preview_token=${otherId}`)).body.code).toBe(-404);
    const otherKind = createPreviewToken(secret, 'activity', id, 600, t.app.now());
    expect((await get(`/web/news/detail?news_id=${id}&preview_token=${otherKind}`)).body.code).toBe(-404);
    const forged = createPreviewToken(
      'another-secret-of-at-least-32-characters!',
      'news',
      id,
      600,
      t.app.now(),
    );
    expect((await get(`/web/news/detail?news_id=${id}&preview_token=${forged}`)).body.code).toBe(-404);
  });

  it('never serves script or event handlers, even from a row written around the service', async () => {
    const id = await idOf('news', publishedNews[1]!.key);
    await t.db
      .update(articleI18n)
      .set({
        bodyHtml:
          '<p>ok</p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>',
      })
      .where(and(eq(articleI18n.articleId, id), eq(articleI18n.lang, 'en')));
    const html = articleDetail.parse(
      (await get(`/web/news/detail?news_id=${id}&lang=en`)).body.data,
    ).body_html;
    expect(html).toBe('<p>ok</p><a>x</a>');
  });

  it('makes links to other sites in seeded bodies open safely', async () => {
    const { body } = await get('/web/news/page?page_size=50&lang=en');
    for (const item of articlePage.parse(body.data).list) {
      const html = articleDetail.parse(
        (await get(`/web/news/detail?news_id=${item.id}&lang=en`)).body.data,
      ).body_html;
      for (const link of html.match(/<a [^>]*>/g) ?? [])
        expect(link).toContain('rel="noopener noreferrer nofollow"');
    }
  });
});

describe('home calls', () => {
  it('lists live banners with desktop and H5 images, and hides ended ones', async () => {
    const before = bannerSchema.array().parse((await get('/web/home/banner?lang=th')).body.data);
    expect(before.length).toBeGreaterThan(0);
    expect(before[0]!.image).toMatchObject({ width: 1200, height: 400 });
    expect(before[0]!.image_h5).toMatchObject({ width: 750, height: 420 });
    expect(before.every((b) => b.link.startsWith('/'))).toBe(true);
    await t.db
      .update(banner)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(banner.id, before[0]!.id));
    const after = bannerSchema.array().parse((await get('/web/home/banner?lang=th')).body.data);
    expect(after.map((b) => b.id)).not.toContain(before[0]!.id);
  });

  it('recommends the games with a localized pitch', async () => {
    const games = recommendedGame.array().parse((await get('/web/home/game/recommend?lang=zh')).body.data);
    expect(games.map((g) => g.game_name)).toEqual(['星隕傳說', '蓮華劍', '季風車手', '龍之港']);
    expect(games.every((g) => g.tagline && g.description && g.game_icon)).toBe(true);
  });

  it('lists the home modules in order', async () => {
    const modules = homeModule.array().parse((await get('/web/home/module/list?lang=en')).body.data);
    expect(modules.map((m) => m.type)).toEqual(['news', 'activity', 'games', 'fans']);
  });
});
