/**
 * The home page and the menus from the console to the portal: banners (times, order, links), recommended games,
 * home modules, fan groups and the nav flags, each per language, with the audit rows of every write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bannerAdminCreateUpdate,
  bannerAdminDelete,
  bannerAdminDetail,
  bannerAdminPage,
  fansGroupAdminCreateUpdate,
  fansGroupAdminDelete,
  fansGroupAdminPage,
  moduleAdminCreateUpdate,
  moduleAdminPage,
  navAdminDetail,
  navAdminSave,
  recommendAdminCreateUpdate,
  recommendAdminDelete,
  recommendAdminDetail,
  recommendAdminPage,
  type BannerSave,
} from '@gp/contracts/content-admin';
import {
  banner as bannerSchema,
  fansGroupItem,
  homeModule,
  navFlags,
  recommendedGame,
} from '@gp/contracts/web';
import { startContentAdmin } from '../../../../test/content-admin-steps.ts';

let t: Awaited<ReturnType<typeof startContentAdmin>>;
let s: Awaited<ReturnType<typeof startContentAdmin>>['steps'];
let images: { image_media_id: string; image_h5_media_id: string };
beforeAll(async () => {
  t = await startContentAdmin();
  s = t.steps;
  const { desktop, h5 } = await s.pictures(1200, 400);
  images = { image_media_id: desktop.media_id, image_h5_media_id: h5.media_id };
});
afterAll(() => t.close());

const hour = 3_600_000;
const day = 24 * hour;

describe('banners', () => {
  const banners = async (lang = 'en') =>
    bannerSchema.array().parse((await s.player(`/web/home/banner?lang=${lang}`)).body.data);
  const slide = (title: string, over: Partial<BannerSave> = {}): BannerSave => ({
    link: '/news',
    ...images,
    starts_at: t.clock.later(-hour).toISOString(),
    ends_at: t.clock.later(7 * day).toISOString(),
    texts: { en: { title, subtitle: 'Subtitle', cta: 'Read more', alt: `${title} artwork` } },
    ...over,
  });

  it('shows a new banner in the reader language (en where missing), at its place in the order', async () => {
    const seeded = await banners();
    const saved = await s.ok(
      bannerAdminCreateUpdate,
      slide('Lunar festival', {
        sort: 5,
        texts: {
          en: { title: 'Lunar festival', subtitle: 'Lanterns', cta: 'Join', alt: 'Lanterns over a river' },
          zh: { title: '元宵燈會', subtitle: '花燈', cta: '參加', alt: '河上的花燈' },
        },
      }),
    );
    expect(saved).toMatchObject({
      status: 'published',
      is_online: 1,
      languages: ['en', 'zh'],
      image: { width: 1200, height: 400 },
    });
    const zh = await banners('zh');
    expect(zh.map((b) => b.id)).toEqual([seeded[0]!.id, saved.id, ...seeded.slice(1).map((b) => b.id)]);
    expect(zh[1]).toMatchObject({ title: '元宵燈會', cta: '參加', link: '/news', image: { width: 1200 } });
    expect((await banners('th'))[1]!.title).toBe('Lunar festival');

    await s.ok(bannerAdminCreateUpdate, { ...slide('Lunar festival'), id: saved.id, sort: 1000 });
    expect((await banners()).map((b) => b.id).at(-1)).toBe(saved.id);
    const [row] = await s.auditRows('content.banner.save', saved.id);
    expect(row).toMatchObject({ before: { sort: 5 }, after: { sort: 1000 } });
  });

  it('goes up at its start, down at its end, and off with is_online 0', async () => {
    const start = t.clock.later(2 * hour);
    const end = t.clock.later(5 * hour);
    const saved = await s.ok(
      bannerAdminCreateUpdate,
      slide('Timed slide', { starts_at: start.toISOString(), ends_at: end.toISOString() }),
    );
    const ids = async () => (await banners()).map((b) => b.id);
    expect(saved.status).toBe('scheduled');
    expect(await ids()).not.toContain(saved.id);
    t.clock.set(start);
    await t.signInAgain();
    expect(await ids()).toContain(saved.id);
    expect((await s.ok(bannerAdminDetail, { id: saved.id })).status).toBe('published');
    await s.ok(bannerAdminCreateUpdate, { ...slide('Timed slide'), id: saved.id, is_online: 0 });
    expect(await ids()).not.toContain(saved.id);
    expect((await s.ok(bannerAdminPage, { status: 'draft' })).list.map((b) => b.id)).toEqual([saved.id]);
    await s.ok(bannerAdminCreateUpdate, {
      ...slide('Timed slide', { starts_at: start.toISOString(), ends_at: end.toISOString() }),
      id: saved.id,
    });
    t.clock.set(end);
    await t.signInAgain();
    expect(await ids()).not.toContain(saved.id);
    const ended = await s.ok(bannerAdminPage, { status: 'ended', keyword: 'timed' });
    expect(ended.list.map((b) => b.id)).toEqual([saved.id]);
  });

  it('links only to our own sites, and ends after it starts', async () => {
    for (const link of ['https://evil.example/win', '//evil.example/x', 'javascript:alert(1)', 'news']) {
      expect(await s.refused(bannerAdminCreateUpdate, slide('x', { link })), link).toEqual([
        { field: 'link', code: 'not_our_site' },
      ]);
    }
    const ok = await s.ok(
      bannerAdminCreateUpdate,
      slide('Own site', { link: `${t.app.env.PAY_ORIGIN}/paygame?game=1` }),
    );
    expect(ok.link).toBe(`${t.app.env.PAY_ORIGIN}/paygame?game=1`);
    const starts = t.clock.later(0).toISOString();
    expect(
      await s.refused(bannerAdminCreateUpdate, slide('x', { starts_at: starts, ends_at: starts })),
    ).toEqual([{ field: 'ends_at', code: 'before_start' }]);
  });

  it('deletes a banner for good, keeping it in the audit log', async () => {
    const saved = await s.ok(bannerAdminCreateUpdate, slide('Gone soon', { slug: 'gone-soon' }));
    expect(await s.ok(bannerAdminDelete, { id: saved.id })).toBeNull();
    expect((await banners()).map((b) => b.id)).not.toContain(saved.id);
    expect((await s.send(bannerAdminDetail, { id: saved.id })).body.code).toBe(-404);
    const [row] = await s.auditRows('content.banner.delete', saved.id);
    expect(row).toMatchObject({ before: { slug: 'gone-soon', texts: { en: { title: 'Gone soon' } } } });
  });
});

describe('recommended games', () => {
  const recommended = async (lang = 'en') =>
    recommendedGame.array().parse((await s.player(`/web/home/game/recommend?lang=${lang}`)).body.data);

  it('reorders, retexts, hides and removes a recommendation; players follow', async () => {
    const before = await recommended();
    const first = before[0]!;
    const detail = await s.ok(recommendAdminDetail, { game_base_id: first.game_base_id, lang: 'th' });
    expect(detail).toMatchObject({ status: 'published', languages: ['en', 'th', 'cn', 'vi', 'zh'] });
    expect(detail.game_name).not.toBe(first.game_name); // the Thai name

    await s.ok(recommendAdminCreateUpdate, {
      game_base_id: first.game_base_id,
      sort: 100,
      texts: {
        en: { tagline: 'Back with Season 4', description: 'New heroes.' },
        th: { tagline: 'กลับมาพร้อมซีซั่น 4', description: 'ฮีโร่ใหม่' },
      },
    });
    const after = await recommended('th');
    expect(after.map((g) => g.game_base_id)).toEqual([
      ...before.slice(1).map((g) => g.game_base_id),
      first.game_base_id,
    ]);
    expect(after.at(-1)).toMatchObject({ tagline: 'กลับมาพร้อมซีซั่น 4', description: 'ฮีโร่ใหม่' });
    expect((await recommended('vi')).at(-1)?.tagline).toBe('Back with Season 4');

    const [row] = await s.auditRows('content.recommend.save', first.game_base_id);
    expect(row).toMatchObject({
      targetType: 'game_recommendation',
      before: { sort: 0 },
      after: { sort: 100 },
    });

    await s.ok(recommendAdminCreateUpdate, {
      game_base_id: first.game_base_id,
      is_online: 0,
      texts: { en: { tagline: 'Back with Season 4', description: 'New heroes.' } },
    });
    expect((await recommended()).map((g) => g.game_base_id)).not.toContain(first.game_base_id);
    const drafts = await s.ok(recommendAdminPage, { status: 'draft' });
    expect(drafts.list.map((r) => r.game_base_id)).toEqual([first.game_base_id]);

    await s.ok(recommendAdminDelete, { game_base_id: first.game_base_id });
    expect((await s.send(recommendAdminDetail, { game_base_id: first.game_base_id })).body.code).toBe(-404);
    expect((await s.send(recommendAdminDelete, { game_base_id: first.game_base_id })).body.code).toBe(-404);
    expect((await s.auditRows('content.recommend.delete', first.game_base_id)).length).toBe(1);
  });

  it('finds recommendations by the game name in any language and refuses unknown games', async () => {
    const page = await s.ok(recommendAdminPage, { keyword: '龙之港', lang: 'cn' });
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({ game_name: '龙之港', game_online: 1 });
    expect(page.list[0]!.game_icon).toMatch(/\/upload\/media\/[a-f0-9]{32}\.png$/);
    expect(
      await s.refused(recommendAdminCreateUpdate, {
        game_base_id: 999_999,
        texts: { en: { tagline: 'x', description: 'y' } },
      }),
    ).toEqual([{ field: 'game_base_id', code: 'not_found' }]);
  });
});

describe('home modules', () => {
  const modules = async (lang = 'en') =>
    homeModule.array().parse((await s.player(`/web/home/module/list?lang=${lang}`)).body.data);

  it('reorders, renames and switches off sections; keys stay unique', async () => {
    expect((await modules()).map((m) => m.key)).toEqual(['news', 'activities', 'games', 'community']);
    const page = await s.ok(moduleAdminPage, {});
    const fans = page.list.find((m) => m.key === 'community')!;
    const games = page.list.find((m) => m.key === 'games')!;
    await s.ok(moduleAdminCreateUpdate, {
      id: fans.id,
      key: 'community',
      type: 'fans',
      sort: 5,
      texts: { en: { title: 'Our communities' }, vi: { title: 'Cộng đồng của chúng tôi' } },
    });
    await s.ok(moduleAdminCreateUpdate, {
      id: games.id,
      key: 'games',
      type: 'games',
      sort: games.sort,
      is_online: 0,
      texts: { en: { title: 'Games' } },
    });
    const vi = await modules('vi');
    expect(vi.map((m) => m.key)).toEqual(['news', 'community', 'activities']);
    expect(vi[1]!.title).toBe('Cộng đồng của chúng tôi');
    expect((await modules('th'))[1]!.title).toBe('Our communities');
    expect(
      await s.refused(moduleAdminCreateUpdate, { key: 'news', type: 'news', texts: { en: { title: 'x' } } }),
    ).toEqual([{ field: 'key', code: 'taken' }]);
    const [row] = await s.auditRows('content.module.save', games.id);
    expect(row).toMatchObject({
      targetType: 'home_module',
      before: { is_online: true },
      after: { is_online: false },
    });
  });
});

describe('fan groups', () => {
  const groups = async (lang = 'en') =>
    fansGroupItem.array().parse((await s.player(`/web/game/fans_group/list?lang=${lang}`)).body.data);

  it('adds a group at its place, renames per language, hides and deletes it', async () => {
    const seeded = await groups();
    const saved = await s.ok(fansGroupAdminCreateUpdate, {
      url: 'https://community.example.com/dragons',
      sort: 5,
      texts: { en: { name: 'Dragon Riders' }, th: { name: 'นักขี่มังกร' } },
    });
    expect(saved).toMatchObject({ status: 'published', languages: ['en', 'th'] });
    expect(saved.slug).toMatch(/^fans-[a-f0-9]{8}$/);
    const th = await groups('th');
    expect(th.map((g) => g.url)).toEqual([
      seeded[0]!.url,
      'https://community.example.com/dragons',
      ...seeded.slice(1).map((g) => g.url),
    ]);
    expect(th[1]!.group_name).toBe('นักขี่มังกร');
    expect((await groups('cn'))[1]!.group_name).toBe('Dragon Riders');

    await s.ok(fansGroupAdminCreateUpdate, {
      id: saved.id,
      url: saved.url,
      sort: 5,
      is_online: 0,
      texts: { en: { name: 'Dragon Riders' } },
    });
    expect((await groups()).map((g) => g.url)).not.toContain(saved.url);
    const found = await s.ok(fansGroupAdminPage, { keyword: 'dragon', missing_lang: 'th' });
    expect(found.list.map((g) => g.id)).toEqual([saved.id]);

    await s.ok(fansGroupAdminDelete, { id: saved.id });
    expect((await s.ok(fansGroupAdminPage, { keyword: 'dragon' })).total).toBe(0);
    const [row] = await s.auditRows('content.fans_group.delete', saved.id);
    expect(row).toMatchObject({ before: { url: saved.url, is_online: false } });
  });

  it('refuses a page address that is not http(s)', async () => {
    const bad = await s.refused(fansGroupAdminCreateUpdate, {
      url: 'javascript:alert(1)',
      texts: { en: { name: 'x' } },
    });
    expect(bad.map((f) => f.field)).toEqual(['url']);
  });
});

describe('nav flags', () => {
  it('reads and sets the menu flags players get; only changes are recorded', async () => {
    const all = { is_show_cs: 1, is_show_fans_group: 1, is_show_game: 1, is_show_invest: 1, is_show_news: 1 };
    expect(await s.ok(navAdminDetail)).toEqual(all);
    const saved = await s.ok(navAdminSave, { ...all, is_show_news: 0, is_show_invest: 0 });
    expect(saved).toEqual({ ...all, is_show_news: 0, is_show_invest: 0 });
    expect(navFlags.parse((await s.player('/web/home/nav/list')).body.data)).toEqual(saved);
    const rows = await s.auditRows('content.nav.save');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      targetType: 'nav_setting',
      targetId: '5',
      before: { is_show_news: 1, is_show_invest: 1 },
      after: { is_show_news: 0, is_show_invest: 0 },
    });
    await s.ok(navAdminSave, saved);
    expect(await s.auditRows('content.nav.save')).toHaveLength(1);
    expect((await s.send(navAdminSave, { ...all, is_show_cs: 2 })).status).toBe(400);
  });
});
