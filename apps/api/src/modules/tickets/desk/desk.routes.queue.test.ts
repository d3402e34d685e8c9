/**
 * The desk's reads: the queue with every filter, the three-month limit, ordering and paging, the lock holder
 * and nickname per row; a ticket's detail; a member's earlier tickets; FAQ titles for the reply editor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  deskTicketDetail,
  deskTicketPageData,
  deskPolicy,
  faqTitleMatch,
  type DeskTicketPageData,
} from '@gp/contracts/desk';
import { pageOf } from '@gp/contracts';
import { loginTestMember, type TestMember } from '../../../../test/member-session.ts';
import { loginTestStaff, type TestStaff } from '../../../../test/staff-session.ts';
import {
  createDeskApp,
  deskCaller,
  deskPaths,
  followUp,
  openTicket,
  questionOf,
} from '../../../../test/desk-steps.ts';
import { pngBytes, caller } from '../../../../test/cs-fixtures.ts';
import { csFaq, csFaqI18n, csWorkOrder } from '../../../db/schema/cs.schema.ts';
import { member } from '../../../db/schema/member.schema.ts';

let t: Awaited<ReturnType<typeof createDeskApp>>;
let desk: ReturnType<typeof deskCaller>;
let reader: TestStaff;
let mai: TestStaff;
let niran: TestStaff;
let alice: TestMember;
let bob: TestMember;

const day = 86_400_000;
/** A window of the past that only this file's queue tickets live in. */
const w0 = Date.parse('2024-03-01T00:00:00Z');
const at = (days: number) => new Date(w0 + days * day);
const windowRange = { start_time: at(0).toISOString(), end_time: at(20).toISOString() };

/** The four tickets of the filter tests, by letter. */
const q: Record<'A' | 'B' | 'C' | 'D', number> = { A: 0, B: 0, C: 0, D: 0 };

beforeAll(async () => {
  t = await createDeskApp();
  desk = deskCaller(t.app);
  reader = await loginTestStaff(t.db, { privileges: ['tickets.read'] });
  mai = await loginTestStaff(t.db, {
    accountName: 'Agent Mai',
    privileges: ['tickets.read', 'tickets.reply'],
  });
  niran = await loginTestStaff(t.db, {
    accountName: 'Agent Niran',
    privileges: ['tickets.read', 'tickets.reply'],
  });
  alice = await loginTestMember(t.db, { nickName: 'alice_wonder' });
  bob = await loginTestMember(t.db, { nickName: 'bob_builder' });

  const { ids } = t;
  // A: answered (replied) by Mai. B: never answered, another game. C: interim answer by Niran.
  // D: answered by Mai, then followed up by the member (waiting for us again).
  q.A = await openTicket(t.app, alice, questionOf(ids));
  q.B = await openTicket(
    t.app,
    alice,
    questionOf(ids, {
      game_base_id: ids.ltb,
      question_type: ids.type('account'),
      character_id: '',
      character_name: '',
      question_title: 'Cannot log in',
      question_content: 'The password reset mail never came.',
    }),
  );
  q.C = await openTicket(
    t.app,
    bob,
    questionOf(ids, {
      question_type: ids.type('bug'),
      character_id: 'SFL77777',
      question_title: 'Client closes on start',
      question_content: 'A CRASH right after the update.',
    }),
  );
  q.D = await openTicket(
    t.app,
    bob,
    questionOf(ids, { question_title: 'Refund my GEMS please', question_content: 'I was charged twice.' }),
  );
  const reply = (who: TestStaff, id: number, content: string, status: 1 | 2) =>
    desk.post(who, deskPaths.reply, { work_order_id: id, reply_content: content, reply_status: status });
  expect((await reply(mai, q.A, 'Your gems arrived.', 2)).code).toBe(0);
  expect((await reply(niran, q.C, 'Checking the crash logs.', 1)).code).toBe(0);
  expect((await reply(mai, q.D, 'Refund issued.', 2)).code).toBe(0);
  await followUp(t.app, bob, q.D, 'Not yet received on my card.');

  // Times the orders can be told apart by: created B < D < A < C, last asked B < A < C < D, updated B < C < A < D.
  const times = {
    A: { createdAt: at(3), lastAskedAt: at(3), updatedAt: at(7) },
    B: { createdAt: at(1), lastAskedAt: at(1), updatedAt: at(1) },
    C: { createdAt: at(4), lastAskedAt: at(4), updatedAt: at(5) },
    D: { createdAt: at(2), lastAskedAt: at(10), updatedAt: at(11) },
  };
  for (const [key, values] of Object.entries(times)) {
    await t.db
      .update(csWorkOrder)
      .set(values)
      .where(eq(csWorkOrder.id, q[key as keyof typeof q]));
  }
});
afterAll(() => t.close());

async function page(filters: Record<string, unknown>, who: TestStaff = reader): Promise<DeskTicketPageData> {
  const res = await desk.post(who, deskPaths.page, { ...windowRange, ...filters });
  expect(res.code, JSON.stringify(res)).toBe(0);
  return deskTicketPageData.parse(res.data);
}

const idsOf = async (filters: Record<string, unknown>) =>
  (await page(filters)).list.map((r) => r.work_order_id);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
const letters = (...keys: (keyof typeof q)[]) => sorted(keys.map((k) => q[k]));

describe('the queue', () => {
  it('shows each ticket with the member, nickname, reply status, operator and no lock', async () => {
    const { list, total } = await page({ order_key: 'work_order_id', order_type: 'asc' });
    expect(total).toBe(4);
    expect(list.map((r) => r.work_order_id)).toEqual(letters('A', 'B', 'C', 'D'));
    const [a, b, c, d] = list;
    expect(a).toMatchObject({
      uid: alice.mid,
      nickname: 'alice_wonder',
      work_order_status: 2,
      reply_status: 1,
      operator_name: 'Agent Mai',
      question_title: 'Gems not delivered',
      character_id: 'SFL10023',
      game_name: 'Starfall Legends',
      lock: null,
      lang: 'en',
      last_asked_at: at(3).toISOString(),
    });
    expect(a?.question_type_name).not.toBe('');
    expect(b).toMatchObject({
      nickname: 'alice_wonder',
      work_order_status: 0,
      reply_status: 0,
      operator_name: null,
    });
    expect(c).toMatchObject({ nickname: 'bob_builder', work_order_status: 1, reply_status: 1 });
    expect(d).toMatchObject({ work_order_status: 1, reply_status: 0, operator_name: 'Agent Mai' });
  });

  it('filters by every field of the ticket', async () => {
    const { ids } = t;
    const cases: [Record<string, unknown>, number[]][] = [
      [{ work_order_status: 0 }, letters('B')],
      [{ work_order_status: 1 }, letters('C', 'D')],
      [{ work_order_status: 2 }, letters('A')],
      [{ work_order_status: 3 }, []],
      [{ game_base_id: ids.ltb }, letters('B')],
      [{ game_base_id: ids.sfl }, letters('A', 'C', 'D')],
      [{ question_type: ids.type('payment') }, letters('A', 'D')],
      [{ question_type: ids.type('bug') }, letters('C')],
      [{ character_id: 'SFL77777' }, letters('C')],
      [{ uid: bob.mid }, letters('C', 'D')],
      [{ uid: alice.mid }, letters('A', 'B')],
      [{ reply_status: 1 }, letters('A', 'C')],
      [{ reply_status: 0 }, letters('B', 'D')],
      // Keywords: case-insensitive, inside the title / the member's messages / the agents' replies.
      [{ question_keyword: 'gems' }, letters('A', 'D')],
      [{ content_keyword: 'crash' }, letters('C')],
      [{ content_keyword: 'NOT YET' }, letters('D')],
      [{ content_keyword: 'crash logs' }, []],
      [{ answer_keyword: 'crash logs' }, letters('C')],
      [{ answer_keyword: 'refund' }, letters('D')],
      [{ answer_keyword: 'charged' }, []],
      [{ operator_name: 'niran' }, letters('C')],
      [{ operator_name: 'agent' }, letters('A', 'C', 'D')],
      // LIKE wildcards are taken literally.
      [{ question_keyword: '%' }, []],
      [{ question_keyword: 'g_ms' }, []],
      // Combined filters narrow each other.
      [{ uid: bob.mid, reply_status: 0 }, letters('D')],
      [{ game_base_id: ids.sfl, work_order_status: 1, question_keyword: 'refund' }, letters('D')],
    ];
    for (const [filters, expected] of cases) {
      expect(sorted(await idsOf(filters)), JSON.stringify(filters)).toEqual(expected);
    }
  });

  it('bounds created_at: start inclusive, end exclusive', async () => {
    expect(sorted(await idsOf({ start_time: at(2).toISOString(), end_time: at(4).toISOString() }))).toEqual(
      letters('D', 'A'),
    );
    // One bound: three months from it or up to it.
    expect(sorted(await idsOf({ start_time: at(3).toISOString(), end_time: undefined }))).toEqual(
      letters('A', 'C'),
    );
    expect(sorted(await idsOf({ start_time: undefined, end_time: at(2).toISOString() }))).toEqual(
      letters('B'),
    );
  });

  it('without a range shows the three months up to now', async () => {
    const recent = await openTicket(t.app, alice, questionOf(t.ids, { question_title: 'Recent question' }));
    const res = await desk.post(reader, deskPaths.page, {});
    const list = deskTicketPageData.parse(res.data).list.map((r) => r.work_order_id);
    expect(list).toContain(recent);
    expect(list).not.toContain(q.A); // March 2024
  });

  it('refuses a range of more than three calendar months with -400 end_time range_too_long', async () => {
    const ok = await desk.post(reader, deskPaths.page, {
      start_time: '2024-03-01T00:00:00Z',
      end_time: '2024-06-01T00:00:00Z',
    });
    expect(ok.code).toBe(0);
    expect(deskTicketPageData.parse(ok.data).total).toBe(4);
    const over = await desk.post(reader, deskPaths.page, {
      start_time: '2024-03-01T00:00:00Z',
      end_time: '2024-06-01T00:00:00.001Z',
    });
    expect(over).toMatchObject({
      status: 400,
      code: -400,
      data: { fields: [{ field: 'end_time', code: 'range_too_long' }] },
    });
    // Calendar months on the agent's own clock: 1 March to 1 June in UTC+7 is three months.
    const local = await desk.post(reader, deskPaths.page, {
      start_time: '2024-03-01T00:00:00+07:00',
      end_time: '2024-06-01T00:00:00+07:00',
    });
    expect(local.code).toBe(0);
    // A month end: 30 November + 3 months is 29 February (2024 is a leap year), not 1 March.
    const leap = (end: string) =>
      desk.post(reader, deskPaths.page, { start_time: '2023-11-30T00:00:00Z', end_time: end });
    expect((await leap('2024-02-29T00:00:00Z')).code).toBe(0);
    expect((await leap('2024-03-01T00:00:00Z')).code).toBe(-400);
  });

  it('orders by each key both ways, the id breaking ties, and pages', async () => {
    const order = async (order_key: string, order_type: string) => idsOf({ order_key, order_type });
    const ids = (...keys: (keyof typeof q)[]) => keys.map((k) => q[k]);
    expect(await order('created_at', 'asc')).toEqual(ids('B', 'D', 'A', 'C'));
    expect(await order('created_at', 'desc')).toEqual(ids('C', 'A', 'D', 'B'));
    expect(await order('last_asked_at', 'desc')).toEqual(ids('D', 'C', 'A', 'B'));
    expect(await order('updated_at', 'asc')).toEqual(ids('B', 'C', 'A', 'D'));
    expect(await order('work_order_id', 'desc')).toEqual(ids('D', 'C', 'B', 'A'));
    // The default: the latest question (or follow-up) first.
    expect(await idsOf({})).toEqual(ids('D', 'C', 'A', 'B'));

    const first = await page({ order_key: 'created_at', order_type: 'asc', page_num: 1, page_size: 3 });
    const second = await page({ order_key: 'created_at', order_type: 'asc', page_num: 2, page_size: 3 });
    expect(first).toMatchObject({ total: 4, page_num: 1, page_size: 3 });
    expect(first.list.map((r) => r.work_order_id)).toEqual(ids('B', 'D', 'A'));
    expect(second.list.map((r) => r.work_order_id)).toEqual(ids('C'));
    const tooBig = await desk.post(reader, deskPaths.page, { ...windowRange, page_size: 101 });
    expect(tooBig).toMatchObject({ code: -400, data: { fields: [{ field: 'page_size' }] } });
  });

  it('names the live lock holder on the row until the lock lapses', async () => {
    const lock = await desk.post(niran, deskPaths.lock, { work_order_id: q.B });
    expect(lock.code).toBe(0);
    const row = async () => (await page({ uid: alice.mid, work_order_status: 0 })).list[0];
    expect((await row())?.lock).toMatchObject({ staff_id: niran.staffId, account_name: 'Agent Niran' });
    t.clock.advance(deskPolicy.lockIdleMs + 1);
    expect((await row())?.lock).toBeNull();
  });
});

describe('detail', () => {
  it('shows the whole thread with authors, attachments for staff and the recall deadline', async () => {
    const file = await caller(t.app).upload([{ filename: 'receipt.png', data: pngBytes() }], alice);
    const fileId = (file.body.data as { file_id: string }).file_id;
    const id = await openTicket(t.app, alice, questionOf(t.ids, { attachments: [fileId] }), 'th');
    const sent = await desk.post<{ message_id: number }>(mai, deskPaths.reply, {
      work_order_id: id,
      reply_content: 'ได้รับแล้วค่ะ',
      reply_status: 2,
    });
    const res = await desk.get(reader, deskPaths.detail, { work_order_id: id, lang: 'th' });
    expect(res.code).toBe(0);
    const d = deskTicketDetail.parse(res.data);
    expect(d).toMatchObject({
      work_order_id: id,
      email: 'mali@example.com',
      lang: 'th',
      nickname: 'alice_wonder',
    });
    expect(d.game_name).toBe('ตำนานดาวตก');
    expect(d.messages).toHaveLength(2);
    expect(d.messages[0]).toMatchObject({
      kind: 'question',
      staff_id: null,
      staff_name: null,
      recall_until: null,
      attachments: [
        {
          file_id: fileId,
          file_name: 'receipt.png',
          download_path: `/komoe/mng/work_order/file?file_id=${fileId}`,
        },
      ],
    });
    const replyRow = d.messages[1];
    expect(replyRow).toMatchObject({
      message_id: sent.data.message_id,
      kind: 'reply',
      staff_id: mai.staffId,
      staff_name: 'Agent Mai',
      recalled_at: null,
    });
    expect(Date.parse(replyRow!.recall_until!) - Date.parse(replyRow!.created_at)).toBe(
      deskPolicy.recallWindowMs,
    );
    // -404 for a ticket that does not exist.
    expect((await desk.get(reader, deskPaths.detail, { work_order_id: 9_999_999 })).code).toBe(-404);
  });
});

describe('user_submit_record', () => {
  it("lists the member's tickets of one game, newest first, whenever asked", async () => {
    const res = await desk.post(reader, deskPaths.userRecord, { game_base_id: t.ids.sfl, uid: bob.mid });
    expect(res.code).toBe(0);
    const data = deskTicketPageData.parse(res.data);
    // C (4 March) is newer than D (2 March); both from 2024, outside any default range.
    expect(data.list.map((r) => r.work_order_id)).toEqual([q.C, q.D]);
    expect(data.total).toBe(2);
    const other = await desk.post(reader, deskPaths.userRecord, { game_base_id: t.ids.ltb, uid: bob.mid });
    expect(deskTicketPageData.parse(other.data).total).toBe(0);
    const paged = await desk.post(reader, deskPaths.userRecord, {
      game_base_id: t.ids.sfl,
      uid: bob.mid,
      page_size: 1,
      page_num: 2,
    });
    expect(deskTicketPageData.parse(paged.data).list.map((r) => r.work_order_id)).toEqual([q.D]);
  });
});

describe('title_match', () => {
  const titles = pageOf(faqTitleMatch);

  beforeAll(async () => {
    const add = async (
      slug: string,
      gameBaseId: number | null,
      online: { isOnline: boolean; onlineTime?: Date },
      texts: Record<string, string>,
    ) => {
      const [row] = await t.db
        .insert(csFaq)
        .values({
          slug,
          gameBaseId,
          questionTypeId: t.ids.type('payment'),
          sort: 0,
          isOnline: online.isOnline,
          ...(online.onlineTime ? { onlineTime: online.onlineTime } : {}),
        })
        .returning({ id: csFaq.id });
      for (const [lang, title] of Object.entries(texts)) {
        await t.db.insert(csFaqI18n).values({ faqId: row!.id, lang, title, content: `${title}: the answer` });
      }
    };
    await add('zq-refund-offline', null, { isOnline: false }, { en: 'Zephyr refund rules (draft)' });
    await add(
      'zq-refund-sfl',
      t.ids.sfl,
      { isOnline: true },
      { en: 'Zephyr refund for gems', th: 'คืนเงิน Zephyr' },
    );
    await add('zq-refund-ltb', t.ids.ltb, { isOnline: true }, { en: 'Zephyr refund in sects' });
    await add(
      'zq-refund-later',
      null,
      { isOnline: true, onlineTime: new Date(Date.now() + 30 * day) },
      { en: 'Zephyr refund next month' },
    );
  });

  const match = async (query: Record<string, string | number>) => {
    const res = await desk.get(mai, deskPaths.titleMatch, query);
    expect(res.code, JSON.stringify(res)).toBe(0);
    return titles.parse(res.data);
  };

  it('finds titles with every keyword, for the game and every game, those online first', async () => {
    const found = await match({ keywords: 'zephyr REFUND', game_base_id: t.ids.sfl });
    expect(found.total).toBe(3);
    expect(found.list.map((r) => r.question_title)).toEqual([
      'Zephyr refund for gems',
      'Zephyr refund next month',
      'Zephyr refund rules (draft)',
    ]);
    expect(found.list[0]?.question_content).toBe('Zephyr refund for gems: the answer');
    expect((await match({ keywords: 'zephyr gems' })).list.map((r) => r.question_title)).toEqual([
      'Zephyr refund for gems',
    ]);
    // Without a game: every entry.
    expect((await match({ keywords: 'zephyr' })).total).toBe(4);
    expect((await match({ keywords: 'zephyr', page_size: 1, page_num: 2 })).list).toHaveLength(1);
  });

  it('reads titles in the request language, falling back to en', async () => {
    const found = await match({ keywords: 'Zephyr', game_base_id: t.ids.sfl, lang: 'th' });
    expect(found.list.map((r) => r.question_title)).toContain('คืนเงิน Zephyr');
    expect(found.list.map((r) => r.question_title)).toContain('Zephyr refund rules (draft)');
    expect((await match({ keywords: 'คืนเงิน', lang: 'th' })).total).toBe(1);
    expect((await match({ keywords: 'คืนเงิน', lang: 'en' })).total).toBe(0);
  });
});

describe('nickname', () => {
  it('follows the member table', async () => {
    await t.db.update(member).set({ nickName: 'alice_renamed' }).where(eq(member.mid, alice.mid));
    expect((await page({ uid: alice.mid })).list[0]?.nickname).toBe('alice_renamed');
  });
});
