/**
 * News and activities from the console to the portal: who may call, texts in several languages and the
 * fallback to en, drafts, scheduling on a clock the test moves, pinning, sanitizing, preview links, deleting,
 * filters, and the audit rows every write leaves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, like } from 'drizzle-orm';
import { fullPath, type CallContract } from '@gp/contracts';
import * as contentAdmin from '@gp/contracts/content-admin';
import {
  activityAdminCreateUpdate,
  activityAdminPreview,
  newsAdminCreateUpdate,
  newsAdminDelete,
  newsAdminDetail,
  newsAdminPage,
  newsAdminPreview,
  type ArticleSave,
} from '@gp/contracts/content-admin';
import { articleDetail, articlePage, articleSummary } from '@gp/contracts/web';
import { staffAuditLog } from '../../../db/schema/staff.schema.ts';
import { loginTestStaff } from '../../../../test/staff-session.ts';
import { startContentAdmin } from '../../../../test/content-admin-steps.ts';

let t: Awaited<ReturnType<typeof startContentAdmin>>;
let s: Awaited<ReturnType<typeof startContentAdmin>>['steps'];
let covers: { cover_media_id: string; cover_h5_media_id: string };
beforeAll(async () => {
  t = await startContentAdmin();
  s = t.steps;
  const { desktop, h5 } = await s.pictures();
  covers = { cover_media_id: desktop.media_id, cover_h5_media_id: h5.media_id };
});
afterAll(() => t.close());

const minute = 60_000;
const body = (text: string) => `<p>${text}</p>`;
const news = (over: Partial<ArticleSave> & { title: string }): ArticleSave => {
  const { title, ...rest } = over;
  return {
    category: 'notice',
    ...covers,
    status: 'published',
    texts: { en: { title, summary: `${title} in short`, body_html: body(title) } },
    ...rest,
  };
};

const newsList = async (lang = 'en') =>
  articlePage.parse((await s.player(`/web/news/page?page_size=50&lang=${lang}`)).body.data).list;
const newsTitles = async (lang = 'en') => (await newsList(lang)).map((n) => n.title);
const playerDetail = async (id: number, lang = 'en', token?: string) =>
  s.player(
    `/web/news/detail?news_id=${id}&lang=${lang}${token ? `&preview_token=${encodeURIComponent(token)}` : ''}`,
  );

const allCalls: CallContract[] = Object.values(contentAdmin as Record<string, unknown>).filter(
  (v): v is CallContract => typeof v === 'object' && v !== null && 'request' in v && 'group' in v,
);

describe('who may call', () => {
  it('refuses every content call without a session (-101), with a wrong ct (-110), without the privilege (-401)', async () => {
    const outsider = await loginTestStaff(t.db, { privileges: ['faq', 'games', 'tickets.reply', 'catalog'] });
    const oneTime = await loginTestStaff(t.db, { privileges: ['content'], mustChangePassword: true });
    const writesBefore = await t.db
      .select({ n: count() })
      .from(staffAuditLog)
      .where(like(staffAuditLog.action, 'content.%'));
    expect(allCalls.length).toBe(29);
    for (const call of allCalls) {
      const name = fullPath(call);
      expect((await s.send(call, {}, null)).body.code, name).toBe(-101);
      expect((await s.send(call, {}, { ct: 'forged', cookies: t.editor.cookies })).body.code, name).toBe(
        -110,
      );
      expect((await s.send(call, {}, outsider)).body.code, name).toBe(-401);
      expect((await s.send(call, {}, oneTime)).body.code, name).toBe(-40007);
    }
    // Refused before the body is read: nothing written, nothing stored.
    expect((await s.upload(new Uint8Array([1, 2, 3]), 'x.png', null)).body.code).toBe(-101);
    expect((await s.upload(new Uint8Array([1, 2, 3]), 'x.png', outsider)).body.code).toBe(-401);
    const writesAfter = await t.db
      .select({ n: count() })
      .from(staffAuditLog)
      .where(like(staffAuditLog.action, 'content.%'));
    expect(writesAfter).toEqual(writesBefore);
  });

  it('lets an editor with the content privilege read', async () => {
    const page = await s.ok(newsAdminPage, { page_size: 5 });
    expect(page.total).toBe(15); // the seeded news, the draft included
  });
});

describe('writing news in several languages', () => {
  it('creates in two languages; players read their language, en where it is missing; the editor loads both', async () => {
    const saved = await s.ok(
      newsAdminCreateUpdate,
      news({
        title: 'Server merge on Harbor of Dragons',
        texts: {
          en: {
            title: 'Server merge',
            summary: 'Two servers become one.',
            body_html: body('Merge on Friday.'),
          },
          th: { title: 'รวมเซิร์ฟเวอร์', summary: 'สองเซิร์ฟเวอร์รวมเป็นหนึ่ง', body_html: body('รวมวันศุกร์') },
        },
      }),
    );
    expect(saved).toMatchObject({
      kind: 'news',
      status: 'published',
      languages: ['en', 'th'],
      pinned: 0,
      cover: { media_id: covers.cover_media_id, width: 800, height: 450 },
      cover_h5: { width: 400, height: 225 },
    });
    expect(saved.slug).toMatch(/^news-[a-f0-9]{8}$/);
    expect(await newsTitles('th')).toContain('รวมเซิร์ฟเวอร์');
    expect(await newsTitles('vi')).toContain('Server merge');
    const vi = articleDetail.parse((await playerDetail(saved.id, 'vi')).body.data);
    expect(vi).toMatchObject({ title: 'Server merge', body_html: '<p>Merge on Friday.</p>', preview: false });

    const detail = await s.ok(newsAdminDetail, { id: saved.id });
    expect(detail.texts).toEqual({
      en: { title: 'Server merge', summary: 'Two servers become one.', body_html: '<p>Merge on Friday.</p>' },
      th: { title: 'รวมเซิร์ฟเวอร์', summary: 'สองเซิร์ฟเวอร์รวมเป็นหนึ่ง', body_html: '<p>รวมวันศุกร์</p>' },
    });

    const [created] = await s.auditRows('content.article.save', saved.id);
    expect(created).toMatchObject({
      actorStaffId: t.editor.staffId,
      targetType: 'news',
      before: null,
      after: { status: 'published', texts: { th: { title: 'รวมเซิร์ฟเวอร์' } } },
    });
  });

  it('an update replaces the languages: a language left out is removed and its players read en', async () => {
    const { id } = await s.ok(
      newsAdminCreateUpdate,
      news({
        title: 'Lantern night',
        texts: {
          en: { title: 'Lantern night', summary: '', body_html: body('Lanterns') },
          vi: { title: 'Đêm hội đèn lồng', summary: '', body_html: body('Đèn lồng') },
        },
      }),
    );
    expect(await newsTitles('vi')).toContain('Đêm hội đèn lồng');
    const updated = await s.ok(
      newsAdminCreateUpdate,
      news({
        id,
        title: 'x',
        texts: {
          en: { title: 'Lantern night', summary: '', body_html: body('Lanterns') },
          zh: { title: '燈會之夜', summary: '', body_html: body('燈籠') },
        },
      }),
    );
    expect(updated.languages).toEqual(['en', 'zh']);
    expect(await newsTitles('vi')).toContain('Lantern night');
    expect(await newsTitles('zh')).toContain('燈會之夜');
    const [row] = await s.auditRows('content.article.save', id);
    // Only what changed: the texts of vi (gone) and zh (new).
    expect(row).toMatchObject({
      before: { texts: { vi: { title: 'Đêm hội đèn lồng' }, zh: null } },
      after: { texts: { vi: null, zh: { title: '燈會之夜' } } },
    });
    expect(Object.keys(row!.after!)).toEqual(['texts']);
  });

  it('saving the same form again changes nothing and records nothing', async () => {
    const form = news({ title: 'Quiet save' });
    const { id, publish_at } = await s.ok(newsAdminCreateUpdate, form);
    const before = (await s.auditRows('content.article.save', id)).length;
    t.clock.advance(minute);
    const again = await s.ok(newsAdminCreateUpdate, { ...form, id });
    expect(again.publish_at).toBe(publish_at); // a live item keeps its publish time
    expect((await s.auditRows('content.article.save', id)).length).toBe(before);
  });

  it('refuses a save without en, with a language the site does not have, or a text that is too long', async () => {
    const th = { title: 'ไทย', summary: '', body_html: body('ไทย') };
    expect(await s.refused(newsAdminCreateUpdate, { ...news({ title: 'x' }), texts: { th } })).toEqual([
      { field: 'texts.en', code: 'invalid_type' },
    ]);
    const ja = { ...news({ title: 'x' }), texts: { en: th, ja: th } };
    expect(await s.refused(newsAdminCreateUpdate, ja)).toEqual([
      { field: 'texts', code: 'unrecognized_keys' },
    ]);
    const long = news({ title: 'x'.repeat(201) });
    expect((await s.refused(newsAdminCreateUpdate, long))[0]).toEqual({
      field: 'texts.en.title',
      code: 'too_big',
    });
  });
});

describe('drafts, scheduling and unpublishing (players follow the clock, no restart)', () => {
  it('a draft is invisible to players until it is published', async () => {
    const draft = await s.ok(newsAdminCreateUpdate, news({ title: 'Secret roadmap', status: 'draft' }));
    expect(draft.status).toBe('draft');
    expect(await newsTitles()).not.toContain('Secret roadmap');
    expect((await playerDetail(draft.id)).body.code).toBe(-404);
    await s.ok(newsAdminCreateUpdate, news({ id: draft.id, title: 'Secret roadmap' }));
    expect(await newsTitles()).toContain('Secret roadmap');
  });

  it('a scheduled news item appears on the portal news list at its time', async () => {
    const at = t.clock.later(30 * minute);
    const saved = await s.ok(
      newsAdminCreateUpdate,
      news({ title: 'Season 4 is here', status: 'scheduled', publish_at: at.toISOString() }),
    );
    expect(saved).toMatchObject({ status: 'scheduled', publish_at: at.toISOString() });
    expect(await newsTitles()).not.toContain('Season 4 is here');
    expect((await playerDetail(saved.id)).body.code).toBe(-404);
    const scheduled = await s.ok(newsAdminPage, { status: 'scheduled', page_size: 100 });
    expect(scheduled.list.map((n) => n.id)).toContain(saved.id);

    t.clock.set(new Date(at.getTime() - 1000));
    expect(await newsTitles()).not.toContain('Season 4 is here');

    t.clock.set(at);
    const list = await newsList();
    expect(list.map((n) => n.title)).toContain('Season 4 is here');
    expect(list.find((n) => n.id === saved.id)?.publish_time).toBe(at.toISOString());
    expect(articleDetail.parse((await playerDetail(saved.id)).body.data).title).toBe('Season 4 is here');
    // The console sees it go up at the same moment.
    expect((await s.ok(newsAdminDetail, { id: saved.id })).status).toBe('published');
    const published = await s.ok(newsAdminPage, { status: 'published', page_size: 100 });
    expect(published.list.map((n) => n.id)).toContain(saved.id);
  });

  it('an item with an unpublish time leaves the portal at that time', async () => {
    const until = t.clock.later(60 * minute);
    const saved = await s.ok(
      newsAdminCreateUpdate,
      news({ title: 'Flash sale tonight', unpublish_at: until.toISOString() }),
    );
    expect(await newsTitles()).toContain('Flash sale tonight');
    t.clock.set(until);
    await t.signInAgain();
    expect(await newsTitles()).not.toContain('Flash sale tonight');
    expect((await playerDetail(saved.id)).body.code).toBe(-404);
    expect((await s.ok(newsAdminDetail, { id: saved.id })).status).toBe('ended');
    const ended = await s.ok(newsAdminPage, { status: 'ended', page_size: 100 });
    expect(ended.list.map((n) => n.id)).toEqual([saved.id]);
  });

  it('refuses times that contradict the status', async () => {
    const past = t.clock.later(-minute).toISOString();
    const future = t.clock.later(minute).toISOString();
    expect(
      await s.refused(newsAdminCreateUpdate, news({ title: 'x', status: 'scheduled', publish_at: past })),
    ).toEqual([{ field: 'publish_at', code: 'not_in_future' }]);
    expect(await s.refused(newsAdminCreateUpdate, news({ title: 'x', status: 'scheduled' }))).toEqual([
      { field: 'publish_at', code: 'not_in_future' },
    ]);
    expect(await s.refused(newsAdminCreateUpdate, news({ title: 'x', publish_at: future }))).toEqual([
      { field: 'publish_at', code: 'in_future' },
    ]);
    expect(
      await s.refused(
        newsAdminCreateUpdate,
        news({ title: 'x', status: 'scheduled', publish_at: future, unpublish_at: future }),
      ),
    ).toEqual([{ field: 'unpublish_at', code: 'before_publish_at' }]);
  });

  it('activities need their period, the end after the start', async () => {
    const activity = (over: Partial<ArticleSave>) => ({
      ...news({ title: 'Dragon cup' }),
      category: 'event',
      ...over,
    });
    expect(await s.refused(activityAdminCreateUpdate, activity({}))).toEqual([
      { field: 'start_time', code: 'required' },
    ]);
    const start = t.clock.later(86_400_000).toISOString();
    expect(
      await s.refused(activityAdminCreateUpdate, activity({ start_time: start, end_time: start })),
    ).toEqual([{ field: 'end_time', code: 'before_start' }]);
    const end = t.clock.later(3 * 86_400_000).toISOString();
    const saved = await s.ok(activityAdminCreateUpdate, activity({ start_time: start, end_time: end }));
    expect(saved).toMatchObject({ kind: 'activity', start_time: start, end_time: end });
    const activities = articlePage.parse((await s.player('/web/activity/page?page_size=50')).body.data).list;
    expect(activities.find((a) => a.id === saved.id)).toMatchObject({ start_time: start, end_time: end });
    // An activity's id is not a news id.
    expect((await s.send(newsAdminDetail, { id: saved.id })).body.code).toBe(-404);
  });
});

describe('pinning and order', () => {
  it('a pinned item comes first on the portal, before newer ones; unpinning puts it back by date', async () => {
    const old = await s.ok(
      newsAdminCreateUpdate,
      news({ title: 'Old but important', publish_at: t.clock.later(-30 * 86_400_000).toISOString() }),
    );
    expect((await newsList()).findIndex((n) => n.id === old.id)).toBeGreaterThan(2);
    await s.ok(newsAdminCreateUpdate, news({ id: old.id, title: 'Old but important', pinned: 1 }));
    const list = await newsList();
    const pinned = list.filter((n) => n.pinned === 1);
    expect(list.slice(0, pinned.length).every((n) => n.pinned === 1)).toBe(true);
    expect(pinned.map((n) => n.id)).toContain(old.id);
    const top = articleSummary.array().parse((await s.player('/web/news/top?size=5')).body.data);
    expect(top.map((n) => n.id)).toContain(old.id);
    // The console lists in the players' order.
    const page = await s.ok(newsAdminPage, { page_size: 100, status: 'published' });
    expect(page.list.map((n) => n.id)).toEqual(list.map((n) => n.id));

    await s.ok(newsAdminCreateUpdate, news({ id: old.id, title: 'Old but important', pinned: 0 }));
    expect((await newsList()).findIndex((n) => n.id === old.id)).toBeGreaterThan(2);
  });
});

describe('rich text', () => {
  it('removes script, event handlers and javascript: URLs on save and keeps the formatting', async () => {
    const dirty =
      '<h2>Patch 2.0</h2><p onclick="steal()">New <strong>hero</strong> and <em>map</em></p>' +
      '<script>alert(1)</script><img src=x onerror="alert(2)">' +
      '<ul><li>Fixes</li></ul><a href="javascript:alert(3)">bad</a> ' +
      '<a href="https://starfall.example.com/notes">notes</a> <a href="/news">more news</a>';
    const saved = await s.ok(
      newsAdminCreateUpdate,
      news({ title: 'Patch 2.0', texts: { en: { title: 'Patch 2.0', summary: '', body_html: dirty } } }),
    );
    const clean =
      '<h2>Patch 2.0</h2><p>New <strong>hero</strong> and <em>map</em></p><ul><li>Fixes</li></ul><a>bad</a> ' +
      '<a href="https://starfall.example.com/notes" target="_blank" rel="noopener noreferrer nofollow">notes</a> ' +
      '<a href="/news">more news</a>';
    expect(saved.texts.en?.body_html).toBe(clean);
    expect(articleDetail.parse((await playerDetail(saved.id)).body.data).body_html).toBe(clean);
    const [row] = await s.auditRows('content.article.save', saved.id);
    expect(JSON.stringify(row!.after)).not.toContain('alert');
  });

  it('refuses a body with nothing left after sanitizing', async () => {
    const empty = { title: 'Empty', summary: '', body_html: '<script>alert(1)</script><p> </p>' };
    expect(await s.refused(newsAdminCreateUpdate, news({ title: 'x', texts: { en: empty } }))).toEqual([
      { field: 'texts.en.body_html', code: 'empty' },
    ]);
  });
});

describe('preview links', () => {
  it('open the pre-detail route of a draft with a token the public detail call accepts until it expires', async () => {
    const draft = await s.ok(
      newsAdminCreateUpdate,
      news({
        title: 'Unreleased hero',
        status: 'draft',
        texts: {
          en: { title: 'Unreleased hero', summary: '', body_html: body('Soon') },
          th: { title: 'ฮีโร่ใหม่', summary: '', body_html: body('เร็ว ๆ นี้') },
        },
      }),
    );
    const preview = await s.ok(newsAdminPreview, { id: draft.id, ttl_minutes: 10 });
    const url = new URL(preview.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${t.app.env.PORTAL_ORIGIN}/news-pre-detail/${draft.id}`);
    expect(new URL(preview.url_h5).pathname).toBe(`/news-pre-detail/h5/${draft.id}`);
    const token = url.searchParams.get('token')!;
    expect(token).toBe(preview.token);
    expect(new URL(preview.url_h5).searchParams.get('token')).toBe(token);
    expect(new Date(preview.expires_at).getTime()).toBeCloseTo(t.clock.now().getTime() + 10 * minute, -4);

    const shown = await playerDetail(draft.id, 'th', token);
    expect(articleDetail.parse(shown.body.data)).toMatchObject({ title: 'ฮีโร่ใหม่', preview: true });
    expect((await playerDetail(draft.id, 'th')).body.code).toBe(-404);
    // Bound to its kind and id.
    const other = await s.ok(newsAdminCreateUpdate, news({ title: 'Other draft', status: 'draft' }));
    expect((await playerDetail(other.id, 'en', token)).body.code).toBe(-404);
    // No activity has this id: no activity preview for it.
    expect((await s.send(activityAdminPreview, { id: draft.id })).body.code).toBe(-404);

    const [row] = await s.auditRows('content.article.preview', draft.id);
    expect(row).toMatchObject({ actorStaffId: t.editor.staffId, after: { expires_at: preview.expires_at } });

    t.clock.set(new Date(preview.expires_at));
    expect((await playerDetail(draft.id, 'th', token)).body.code).toBe(-404);
  });

  it('answers -404 for an unknown article', async () => {
    expect((await s.send(newsAdminPreview, { id: 999_999 })).body.code).toBe(-404);
    expect((await s.send(newsAdminPreview, { id: 1, ttl_minutes: 1441 })).status).toBe(400);
  });
});

describe('deleting', () => {
  it('removes the item from the portal and keeps all of it in the audit log', async () => {
    const saved = await s.ok(newsAdminCreateUpdate, news({ title: 'Short-lived news' }));
    expect(await newsTitles()).toContain('Short-lived news');
    expect(await s.ok(newsAdminDelete, { id: saved.id })).toBeNull();
    expect(await newsTitles()).not.toContain('Short-lived news');
    expect((await playerDetail(saved.id)).body.code).toBe(-404);
    expect((await s.send(newsAdminDetail, { id: saved.id })).body.code).toBe(-404);
    expect((await s.send(newsAdminDelete, { id: saved.id })).body.code).toBe(-404);
    const [row] = await s.auditRows('content.article.delete', saved.id);
    expect(row).toMatchObject({
      targetType: 'news',
      before: { slug: saved.slug, texts: { en: { title: 'Short-lived news' } } },
      after: null,
    });
  });

  it('answers -404 when updating an item that does not exist', async () => {
    expect((await s.send(newsAdminCreateUpdate, news({ id: 999_999, title: 'x' }))).body.code).toBe(-404);
  });
});

describe('references and slugs', () => {
  it('refuses unknown games and pictures, and a slug another item has', async () => {
    expect(await s.refused(newsAdminCreateUpdate, news({ title: 'x', game_base_id: 999_999 }))).toEqual([
      { field: 'game_base_id', code: 'not_found' },
    ]);
    const missing = { ...news({ title: 'x' }), cover_h5_media_id: `${'0'.repeat(32)}.png` };
    expect(await s.refused(newsAdminCreateUpdate, missing)).toEqual([
      { field: 'cover_h5_media_id', code: 'not_found' },
    ]);
    const first = await s.ok(newsAdminCreateUpdate, news({ title: 'Slugged', slug: 'summer-cup-2026' }));
    expect(first.slug).toBe('summer-cup-2026');
    expect(await s.refused(newsAdminCreateUpdate, news({ title: 'x', slug: 'summer-cup-2026' }))).toEqual([
      { field: 'slug', code: 'taken' },
    ]);
    // Another kind may use it.
    const start = t.clock.later(86_400_000).toISOString();
    const end = t.clock.later(2 * 86_400_000).toISOString();
    await s.ok(activityAdminCreateUpdate, {
      ...news({ title: 'Cup', slug: 'summer-cup-2026' }),
      start_time: start,
      end_time: end,
    });
  });
});

describe('filters', () => {
  it('finds items by status, by a language they have or lack, and by keyword in any language', async () => {
    const saved = await s.ok(
      newsAdminCreateUpdate,
      news({
        title: 'x',
        status: 'draft',
        texts: {
          en: { title: 'Kraken festival', summary: '', body_html: body('k') },
          cn: { title: '海怪节_100%', summary: '', body_html: body('k') },
        },
      }),
    );
    const ids = async (input: object) =>
      (await s.ok(newsAdminPage, { page_size: 100, ...input })).list.map((n) => n.id);
    expect(await ids({ keyword: 'KRAKEN' })).toEqual([saved.id]);
    expect(await ids({ keyword: '海怪节_100%' })).toEqual([saved.id]);
    expect(await ids({ keyword: '_1' })).toEqual([saved.id]); // _ is a character, not a wildcard
    expect(await ids({ keyword: 'festival', status: 'published' })).not.toContain(saved.id);
    expect(await ids({ keyword: 'festival', status: 'draft' })).toContain(saved.id);
    expect(await ids({ has_lang: 'cn', missing_lang: 'th' })).toEqual([saved.id]);
    expect(await ids({ missing_lang: 'en' })).toEqual([]);
    const page = await s.ok(newsAdminPage, { keyword: 'kraken', lang: 'cn' });
    expect(page.list[0]).toMatchObject({ title: '海怪节_100%', languages: ['en', 'cn'], status: 'draft' });
    expect((await s.ok(newsAdminPage, { keyword: 'kraken', lang: 'vi' })).list[0]?.title).toBe(
      'Kraken festival',
    );
    expect((await s.send(newsAdminPage, { status: 'archived' })).status).toBe(400);
  });
});
