/**
 * FAQ entries for staff: privileges, create / edit / switch / delete with their audit rows, and what players
 * see in the FAQ search as a result (online, offline, scheduled by the clock).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  faqAdminDetail,
  faqAdminPageData,
  questionTypeAdminItem,
  type FaqAdminDetail,
  type FaqForm,
} from '@gp/contracts/catalog-admin';
import { faqPageData } from '@gp/contracts/cs';
import { demoIds } from '../../../test/cs-fixtures.ts';
import {
  loginTestStaff,
  staffGet,
  staffPost,
  staffTestEnv,
  type TestStaff,
} from '../../../test/staff-session.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { TestClock } from '../../../test/test-clock.ts';
import { csFaq } from '../../db/schema/cs.schema.ts';
import { staffAuditLog } from '../../db/schema/staff.schema.ts';
import { createFaqService } from './faq.service.ts';

const base = '/csmng/komoe/mng/question';

let t: Awaited<ReturnType<typeof createTestApp>>;
let editor: TestStaff;
let ids: Awaited<ReturnType<typeof demoIds>>;
/** The app's clock: a test that moves it past a scheduled time puts it back afterwards. */
const clock = new TestClock();
const start = clock.now();
beforeAll(async () => {
  t = await createTestApp({ ...staffTestEnv }, { now: clock.now });
  editor = await loginTestStaff(t.db, { accountId: 'faq.editor', privileges: ['faq'] });
  ids = await demoIds(t.db);
});
afterAll(() => t.close());
afterEach(() => {
  clock.set(start);
});

type Body = { code: number; data: unknown };
const body = (res: { json: () => unknown }) => res.json() as Body;

async function save(form: FaqForm, who: TestStaff = editor): Promise<FaqAdminDetail> {
  const res = body(await staffPost(t.app, who, `${base}/create_update`, form));
  expect(res.code, JSON.stringify(res)).toBe(0);
  return faqAdminDetail.parse(res.data);
}

async function switchOnline(questionId: number, isOnline: 0 | 1): Promise<FaqAdminDetail> {
  const res = body(
    await staffPost(t.app, editor, `${base}/online/switch`, { question_id: questionId, is_online: isOnline }),
  );
  expect(res.code, JSON.stringify(res)).toBe(0);
  return faqAdminDetail.parse(res.data);
}

async function playerSearch(query: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await t.app.inject({ url: `/cs/komoe/api/common/faq/page?${params}` });
  const answer = body(res);
  expect(answer.code).toBe(0);
  return faqPageData.parse(answer.data);
}

const playerTitles = async (keyword: string, lang = 'en', extra: Record<string, string | number> = {}) =>
  (await playerSearch({ question_keyword: keyword, lang, page_size: 50, ...extra })).list.map(
    (f) => f.question_title,
  );

function auditRows(action: string, questionId: number) {
  return t.db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.action, action), eq(staffAuditLog.targetId, String(questionId))))
    .orderBy(desc(staffAuditLog.id));
}

const text = (title: string, content = `${title}: the answer.`) => ({
  question_title: title,
  question_content: content,
});

describe('privileges', () => {
  const calls: [string, 'GET' | 'POST', Record<string, string | number | object>][] = [
    [`${base}/page`, 'GET', {}],
    [`${base}/detail`, 'GET', { question_id: 1 }],
    [`${base}/type/list`, 'GET', {}],
    [`${base}/create_update`, 'POST', { question_type: 1, texts: { en: text('Refused entry') } }],
    [`${base}/online/switch`, 'POST', { question_id: 1, is_online: 1 }],
    [`${base}/delete`, 'POST', { question_id: 1 }],
  ];
  const send = (who: Parameters<typeof staffGet>[1], url: string, method: string, input: object) =>
    method === 'GET'
      ? staffGet(t.app, who, url, input as Record<string, string | number>)
      : staffPost(t.app, who, url, input);

  it.each(calls)(
    '%s refuses staff without `faq` (-401), visitors (-101) and a wrong ct (-110)',
    async (url, method, input) => {
      const gamesOnly = await loginTestStaff(t.db, { privileges: ['games', 'tickets.reply', 'content'] });
      expect(body(await send(gamesOnly, url, method, input)).code).toBe(-401);
      expect(body(await send(null, url, method, input)).code).toBe(-101);
      expect(body(await send({ ...editor, ct: 'forged-token-forged-token' }, url, method, input)).code).toBe(
        -110,
      );
      const oneTime = await loginTestStaff(t.db, { privileges: ['faq'], mustChangePassword: true });
      expect(body(await send(oneTime, url, method, input)).code).toBe(-40007);
    },
  );

  it('writes nothing for a refused caller', async () => {
    const reader = await loginTestStaff(t.db, { privileges: ['tickets.read'] });
    const before = await t.db.select().from(csFaq);
    await staffPost(t.app, reader, `${base}/create_update`, {
      question_type: ids.type('account'),
      texts: { en: text('Never stored entry') },
    });
    expect(await t.db.select().from(csFaq)).toHaveLength(before.length);
  });
});

describe('create, detail and the audit log', () => {
  it('creates an offline entry with its texts per language and records it', async () => {
    const created = await save({
      question_type: ids.type('sfl-guild'),
      game_base_id: ids.sfl,
      sort: 5,
      texts: {
        en: text('How do I leave a guild?', 'Open the guild page.\nTap "Leave".'),
        th: text('จะออกจากกิลด์ได้อย่างไร', 'เปิดหน้ากิลด์ แล้วแตะ "ออก"'),
        cn: { question_title: '', question_content: '' },
      },
    });
    expect(created).toMatchObject({
      game_base_id: ids.sfl,
      question_type: ids.type('sfl-guild'),
      online_type: 1,
      is_online: 0,
      online_state: 'offline',
      sort: 5,
      languages: ['en', 'th'],
      texts: { cn: null, vi: null, zh: null },
    });
    expect(created.texts.en.question_content).toBe('Open the guild page.\nTap "Leave".');
    expect(created.game_name).not.toBe('');

    const detail = body(
      await staffGet(t.app, editor, `${base}/detail`, { question_id: created.question_id }),
    );
    expect(faqAdminDetail.parse(detail.data)).toEqual(created);

    const [row] = await auditRows('faq.save', created.question_id);
    expect(row).toMatchObject({ actorAccountId: 'faq.editor', targetType: 'cs_faq', before: null });
    expect(row!.after).toMatchObject({
      question_type: ids.type('sfl-guild'),
      game_base_id: ids.sfl,
      is_online: 0,
      texts: {
        en: { question_title: 'How do I leave a guild?' },
        th: { question_title: 'จะออกจากกิลด์ได้อย่างไร' },
      },
    });
  });

  it('answers -404 for an entry that does not exist, and -400 naming what is wrong', async () => {
    const missing = 2_000_000;
    expect(body(await staffGet(t.app, editor, `${base}/detail`, { question_id: missing })).code).toBe(-404);
    expect(
      body(await staffPost(t.app, editor, `${base}/online/switch`, { question_id: missing, is_online: 1 }))
        .code,
    ).toBe(-404);
    expect(body(await staffPost(t.app, editor, `${base}/delete`, { question_id: missing })).code).toBe(-404);
    const form = { question_type: ids.type('account'), texts: { en: text('An entry to update') } };
    expect(
      body(await staffPost(t.app, editor, `${base}/create_update`, { ...form, question_id: missing })).code,
    ).toBe(-404);

    const fields = async (input: object) => {
      const res = body(await staffPost(t.app, editor, `${base}/create_update`, input));
      expect(res.code).toBe(-400);
      return (res.data as { fields: { field: string; code: string }[] }).fields;
    };
    // Not filed for FAQ; another game's type; no such type; no such game.
    expect(await fields({ ...form, question_type: ids.type('suggestion') })).toEqual([
      { field: 'question_type', code: 'not_offered' },
    ]);
    expect(await fields({ ...form, question_type: ids.type('sfl-guild'), game_base_id: ids.ltb })).toEqual([
      { field: 'question_type', code: 'not_offered' },
    ]);
    expect(await fields({ ...form, question_type: ids.type('sfl-guild') })).toEqual([
      { field: 'question_type', code: 'not_offered' },
    ]);
    expect(await fields({ ...form, question_type: 2_000_000 })).toEqual([
      { field: 'question_type', code: 'not_offered' },
    ]);
    expect(await fields({ ...form, game_base_id: 2_000_000 })).toEqual([
      { field: 'game_base_id', code: 'not_found' },
    ]);
    // en is required; a scheduled entry needs a time still to come.
    expect((await fields({ ...form, texts: { th: text('ไม่มีภาษาอังกฤษ') } })).map((f) => f.field)).toContain(
      'texts.en',
    );
    expect(await fields({ ...form, online_type: 2 })).toEqual([{ field: 'online_time', code: 'custom' }]);
    expect(
      await fields({ ...form, online_type: 2, online_time: new Date(Date.now() - 60_000).toISOString() }),
    ).toEqual([{ field: 'online_time', code: 'not_future' }]);
  });

  it('edits: the audit row holds only what changed; saving the same again writes nothing', async () => {
    const created = await save({
      question_type: ids.type('account'),
      texts: { en: text('Edit me entry'), vi: text('Sửa mục này') },
    });
    const edited = await save({
      question_id: created.question_id,
      question_type: ids.type('payment'),
      texts: { en: text('Edit me entry'), zh: text('編輯這個項目') },
    });
    expect(edited.languages).toEqual(['en', 'zh']);
    expect(edited.texts.vi).toBeNull();
    const [row] = await auditRows('faq.save', created.question_id);
    expect(row!.before).toEqual({
      question_type: ids.type('account'),
      texts: { vi: text('Sửa mục này'), zh: null },
    });
    expect(row!.after).toEqual({
      question_type: ids.type('payment'),
      texts: { vi: null, zh: text('編輯這個項目') },
    });

    const again = await save({
      question_id: created.question_id,
      question_type: ids.type('payment'),
      texts: { en: text('Edit me entry'), zh: text('編輯這個項目') },
    });
    expect(again.updated_at).toBe(edited.updated_at);
    expect(await auditRows('faq.save', created.question_id)).toHaveLength(2);
  });
});

describe('what players see', () => {
  it('an entry switched online appears in the player FAQ search, and disappears when switched off', async () => {
    const created = await save({
      question_type: ids.type('payment'),
      game_base_id: ids.ltb,
      texts: {
        en: text('Quokka refund window', 'Refunds are possible for 7 days.'),
        th: text('Quokka ระยะเวลาคืนเงิน', 'ขอคืนเงินได้ภายใน 7 วัน'),
      },
    });
    expect(await playerTitles('Quokka')).toEqual([]);

    const online = await switchOnline(created.question_id, 1);
    expect(online).toMatchObject({ is_online: 1, online_state: 'online' });
    // The game's FAQ and the keyword, in the page language; en where the entry has none (vi).
    expect(await playerTitles('Quokka', 'en', { game_base_id: ids.ltb })).toEqual(['Quokka refund window']);
    expect(await playerTitles('Quokka', 'th')).toEqual(['Quokka ระยะเวลาคืนเงิน']);
    expect(await playerTitles('Quokka', 'vi')).toEqual(['Quokka refund window']);
    expect(await playerTitles('Quokka', 'en', { game_base_id: ids.sfl })).toEqual([]);
    const [switched] = await auditRows('faq.online', created.question_id);
    expect(switched).toMatchObject({ before: { is_online: 0 }, after: { is_online: 1 } });

    // Switching to the state it is in changes nothing and records nothing.
    await switchOnline(created.question_id, 1);
    expect(await auditRows('faq.online', created.question_id)).toHaveLength(1);

    await switchOnline(created.question_id, 0);
    expect(await playerTitles('Quokka')).toEqual([]);
    expect(await auditRows('faq.online', created.question_id)).toHaveLength(2);
  });

  it('an entry about every game shows with any game; an edit of an online entry shows at once', async () => {
    const created = await save({
      question_type: ids.type('account'),
      texts: { en: text('Wombat login help') },
    });
    await switchOnline(created.question_id, 1);
    expect(await playerTitles('Wombat', 'en', { game_base_id: ids.hod })).toEqual(['Wombat login help']);
    await save({
      question_id: created.question_id,
      question_type: ids.type('account'),
      texts: { en: text('Wombat login help, revised') },
    });
    expect(await playerTitles('Wombat')).toEqual(['Wombat login help, revised']);
  });

  it('a scheduled entry appears at its time by itself (controllable clock), and hides until then', async () => {
    const at = clock.later(3_600_000);
    const created = await save({
      question_type: ids.type('events'),
      online_type: 2,
      online_time: at.toISOString(),
      texts: { en: text('Numbat festival schedule') },
    });
    const on = await switchOnline(created.question_id, 1);
    expect(on).toMatchObject({ online_state: 'scheduled', online_time: at.toISOString() });
    expect(await playerTitles('Numbat')).toEqual([]);

    // The player read path with its clock a second before and after the time.
    const playerAt = (now: Date) =>
      createFaqService(t.db, { mediaUrl: t.app.mediaUrl, now: () => now }).faqPage(
        { question_keyword: 'Numbat', page_num: 1, page_size: 10 },
        'en',
      );
    expect((await playerAt(new Date(at.getTime() - 1_000))).list).toEqual([]);
    expect((await playerAt(new Date(at.getTime() + 1_000))).list.map((f) => f.question_title)).toEqual([
      'Numbat festival schedule',
    ]);

    // And through the call itself once the clock has passed it: no job, no restart.
    clock.set(new Date(at.getTime() + 1_000));
    expect(await playerTitles('Numbat')).toEqual(['Numbat festival schedule']);
    // A new staff session: test sessions last an hour.
    const later = await loginTestStaff(t.db, { privileges: ['faq'], at: clock.now() });
    const detail = body(await staffGet(t.app, later, `${base}/detail`, { question_id: created.question_id }));
    expect(faqAdminDetail.parse(detail.data).online_state).toBe('online');
    // Its time has passed: an edit that keeps it is accepted; a new time must lie ahead.
    const kept = await save(
      {
        question_id: created.question_id,
        question_type: ids.type('events'),
        online_type: 2,
        online_time: at.toISOString(),
        texts: { en: text('Numbat festival schedule (updated)') },
      },
      later,
    );
    expect(kept.online_state).toBe('online');
    const moved = body(
      await staffPost(t.app, later, `${base}/create_update`, {
        question_id: created.question_id,
        question_type: ids.type('events'),
        online_type: 2,
        online_time: new Date(at.getTime() - 1_000).toISOString(),
        texts: { en: text('Numbat festival schedule') },
      }),
    );
    expect(moved.data).toEqual({ fields: [{ field: 'online_time', code: 'not_future' }] });
  });

  it('an online entry made "now" from scheduled goes online at once; made scheduled it hides until its time', async () => {
    const created = await save({
      question_type: ids.type('bug'),
      online_type: 2,
      online_time: new Date(Date.now() + 86_400_000).toISOString(),
      texts: { en: text('Platypus crash report') },
    });
    await switchOnline(created.question_id, 1);
    expect(await playerTitles('Platypus')).toEqual([]);
    const now = await save({
      question_id: created.question_id,
      question_type: ids.type('bug'),
      online_type: 1,
      texts: { en: text('Platypus crash report') },
    });
    expect(now.online_state).toBe('online');
    expect(await playerTitles('Platypus')).toEqual(['Platypus crash report']);
    const later = await save({
      question_id: created.question_id,
      question_type: ids.type('bug'),
      online_type: 2,
      online_time: new Date(Date.now() + 86_400_000).toISOString(),
      texts: { en: text('Platypus crash report') },
    });
    expect(later.online_state).toBe('scheduled');
    expect(await playerTitles('Platypus')).toEqual([]);
  });

  it('a deleted entry is gone for players and staff; the audit row keeps what it said', async () => {
    const created = await save({
      question_type: ids.type('gameplay'),
      texts: { en: text('Echidna combo guide') },
    });
    await switchOnline(created.question_id, 1);
    expect(await playerTitles('Echidna')).toHaveLength(1);
    expect(
      body(await staffPost(t.app, editor, `${base}/delete`, { question_id: created.question_id })).code,
    ).toBe(0);
    expect(await playerTitles('Echidna')).toEqual([]);
    expect(
      body(await staffGet(t.app, editor, `${base}/detail`, { question_id: created.question_id })).code,
    ).toBe(-404);
    const [row] = await auditRows('faq.delete', created.question_id);
    expect(row!.before).toMatchObject({ is_online: 1, texts: { en: text('Echidna combo guide') } });
  });
});

describe('the staff list', () => {
  let own: FaqAdminDetail;
  let general: FaqAdminDetail;
  beforeAll(async () => {
    own = await save({
      question_type: ids.type('msr-league'),
      game_base_id: ids.msr,
      texts: { en: text('Kiwi league points'), cn: text('Kiwi 联赛积分') },
    });
    general = await save({ question_type: ids.type('account'), texts: { en: text('Kiwi account safety') } });
    await switchOnline(general.question_id, 1);
  });
  const page = async (query: Record<string, string | number>) => {
    const res = body(await staffGet(t.app, editor, `${base}/page`, { keyword: 'Kiwi', ...query }));
    expect(res.code, JSON.stringify(res)).toBe(0);
    return faqAdminPageData.parse(res.data);
  };

  it('filters by game (0: entries about every game), type and online state, newest first', async () => {
    expect((await page({})).list.map((f) => f.question_id)).toEqual([general.question_id, own.question_id]);
    expect((await page({ game_base_id: ids.msr })).list.map((f) => f.question_id)).toEqual([own.question_id]);
    expect((await page({ game_base_id: 0 })).list.map((f) => f.question_id)).toEqual([general.question_id]);
    expect((await page({ question_type: ids.type('msr-league') })).total).toBe(1);
    expect((await page({ online_state: 'offline' })).list.map((f) => f.question_id)).toEqual([
      own.question_id,
    ]);
    expect((await page({ online_state: 'online' })).list.map((f) => f.question_id)).toEqual([
      general.question_id,
    ]);
    expect((await page({ online_state: 'scheduled' })).total).toBe(0);
    const paged = await page({ page_size: 1, page_num: 2 });
    expect(paged).toMatchObject({ total: 2, page_num: 2, page_size: 1 });
    expect(paged.list.map((f) => f.question_id)).toEqual([own.question_id]);
  });

  it('shows titles in the language asked for (en where missing) and finds keywords in it', async () => {
    const cn = await page({ language: 'cn' });
    expect(cn.list.map((f) => [f.question_title, f.title_lang, f.languages])).toEqual([
      ['Kiwi account safety', 'en', ['en']],
      ['Kiwi 联赛积分', 'cn', ['en', 'cn']],
    ]);
    expect((await page({ keyword: 'Kiwi 联赛', language: 'cn' })).total).toBe(1);
    expect((await page({ keyword: 'Kiwi 联赛', language: 'th' })).total).toBe(0);
    expect((await page({ keyword: 'Kiwi 联赛' })).total).toBe(1);
    const item = (await page({ game_base_id: ids.msr })).list[0]!;
    expect(item).toMatchObject({
      game_base_id: ids.msr,
      question_type: ids.type('msr-league'),
      is_online: 0,
    });
    expect(item.game_name).toBeTruthy();
    expect(item.question_type_name).toBeTruthy();
  });

  it('lists question types with their usage flags, offline ones and those of a game included', async () => {
    const list = async (query: Record<string, string | number>) =>
      questionTypeAdminItem
        .array()
        .parse(body(await staffGet(t.app, editor, `${base}/type/list`, { lang: 'th', ...query })).data);
    const all = await list({});
    expect(all.map((x) => x.question_type)).toContain(ids.type('suggestion'));
    expect(all.find((x) => x.question_type === ids.type('suggestion'))).toMatchObject({
      for_faq: 0,
      for_ticket: 1,
    });
    expect(all.find((x) => x.question_type === ids.type('account'))!.question_type_name).toBe(
      'บัญชีและการเข้าสู่ระบบ',
    );
    const forFaq = await list({ usage: 1, game_base_id: ids.sfl });
    expect(forFaq.every((x) => x.for_faq === 1)).toBe(true);
    expect(forFaq.map((x) => x.question_type)).toContain(ids.type('sfl-guild'));
    expect(forFaq.map((x) => x.question_type)).not.toContain(ids.type('ltb-sect'));
  });
});
