/** The member's ticket calls: create, follow-up, page, detail, grade, and who may see what. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  csFileItem,
  csPolicy,
  workOrderDetailData,
  workOrderPageData,
  workOrderStatus,
  type QuestionForm,
} from '@gp/contracts/cs';
import { caller, demoIds, pngBytes, setGameOnline } from '../../../test/cs-fixtures.ts';
import { loginTestMember, type TestMember } from '../../../test/member-session.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { csWorkOrder, csWorkOrderMessage } from '../../db/schema/cs.schema.ts';
import { WorkOrderService } from './work-order.service.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let call: ReturnType<typeof caller>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let staffDesk: WorkOrderService;
let alice: TestMember;
let bob: TestMember;
const agent = { staffId: 1, name: 'Agent Mai' };

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  ids = await demoIds(t.db);
  staffDesk = new WorkOrderService(t.db, { now: t.app.now });
  alice = await loginTestMember(t.db);
  bob = await loginTestMember(t.db);
});
afterAll(() => t.close());

const paths = {
  create: '/cs/komoe/api/work_order/create',
  page: '/cs/komoe/api/work_order/page',
  detail: (id: number, lang = 'en') => `/cs/komoe/api/work_order/detail?work_order_id=${id}&lang=${lang}`,
  grade: '/cs/komoe/api/work_order/grade',
};

const question = (extra: Partial<QuestionForm> = {}): QuestionForm => ({
  game_base_id: ids.sfl,
  question_type: ids.type('payment'),
  character_id: 'SFL10023',
  character_name: 'Mali',
  email: 'mali@example.com',
  question_title: 'Gems not delivered',
  question_content: 'I bought 980 gems an hour ago.\nThey have not arrived.',
  attachments: [],
  ...extra,
});

async function create(who: TestMember, body: unknown = question()): Promise<number> {
  const { body: answer } = await call.json(paths.create, body, who);
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return (answer.data as { work_order_id: number }).work_order_id;
}

async function detail(who: TestMember, id: number, lang = 'en') {
  const { body } = await call.get(paths.detail(id, lang), who);
  expect(body.code, JSON.stringify(body)).toBe(0);
  return workOrderDetailData.parse(body.data);
}

const followUp = (
  who: TestMember,
  id: number,
  content = 'Still missing, see the receipt.',
  attachments: string[] = [],
) => call.json(paths.create, { parent_work_order_id: id, question_content: content, attachments }, who);

const grade = (who: TestMember, id: number, value: number | string, why: Record<string, string> = {}) =>
  call.form(paths.grade, { work_order_id: String(id), grade: String(value), ...why }, who);

async function upload(who: TestMember, name = 'receipt.png') {
  const { body } = await call.upload([{ filename: name, data: pngBytes(200) }], who);
  expect(body.code).toBe(0);
  return csFileItem.parse(body.data);
}

const tickets = async () => (await t.db.select({ n: count() }).from(csWorkOrder))[0]?.n ?? 0;

describe('work_order/create', () => {
  it('refuses a visitor (-101) and a forged ct (-110)', async () => {
    expect((await call.json(paths.create, question(), null)).body.code).toBe(-101);
    expect((await call.json(paths.create, question(), alice, 'forged')).body.code).toBe(-110);
  });

  it('opens a ticket in "no reply" with the question as the first message and its files', async () => {
    const file = await upload(alice);
    const id = await create(alice, question({ attachments: [file.file_id] }));
    const d = await detail(alice, id);
    expect(d).toMatchObject({
      work_order_id: id,
      work_order_status: workOrderStatus.noReply,
      game_base_id: ids.sfl,
      game_name: 'Starfall Legends',
      question_type: ids.type('payment'),
      question_type_name: 'Top-up & payment',
      question_title: 'Gems not delivered',
      character_id: 'SFL10023',
      character_name: 'Mali',
      email: 'mali@example.com',
      grade: null,
      replied_at: null,
      can_follow_up: 0,
      can_grade: 0,
      grade_deadline: null,
    });
    expect(d.messages).toEqual([
      expect.objectContaining({
        kind: 'question',
        content: 'I bought 980 gems an hour ago.\nThey have not arrived.',
        attachments: [file],
      }),
    ]);
    const th = await detail(alice, id, 'th');
    expect(th).toMatchObject({ game_name: 'ตำนานดาวตก', question_type_name: 'การเติมเงินและการชำระเงิน' });
  });

  it('takes the role fields as optional and a game-specific type with its own game', async () => {
    const id = await create(
      alice,
      question({ character_id: '', character_name: null, question_type: ids.type('sfl-guild') }),
    );
    expect(await detail(alice, id)).toMatchObject({ character_id: null, character_name: null });
  });

  it('refuses the rules of spec 5 with -400 naming the field, and creates nothing', async () => {
    const before = await tickets();
    const cases: [Record<string, unknown>, string][] = [
      [{ question_title: 'Help' }, 'question_title'],
      [{ question_title: 'x'.repeat(101) }, 'question_title'],
      [{ question_content: '' }, 'question_content'],
      [{ question_content: 'x'.repeat(1001) }, 'question_content'],
      [{ question_content: 'bad\u0000byte' }, 'question_content'],
      [{ character_id: 'A12' }, 'character_id'],
      [{ character_id: 'x'.repeat(21) }, 'character_id'],
      [{ character_name: 'n'.repeat(21) }, 'character_name'],
      [{ email: 'not-an-email' }, 'email'],
      [{ email: undefined }, 'email'],
      [{ game_base_id: undefined }, 'game_base_id'],
      [{ question_type: undefined }, 'question_type'],
      [{ attachments: ['a', 'b'] }, 'attachments.0'],
    ];
    for (const [patch, field] of cases) {
      const { status, body } = await call.json(paths.create, { ...question(), ...patch }, alice);
      expect(status, field).toBe(400);
      expect(body.code).toBe(-400);
      expect((body.data as { fields: { field: string }[] }).fields.map((f) => f.field)).toContain(field);
    }
    expect(await tickets()).toBe(before);
  });

  it('accepts the limits themselves: title 5 and 100, content 1000, role id 5 and 20, role name 20', async () => {
    await create(
      alice,
      question({
        question_title: 'x'.repeat(100),
        question_content: 'y'.repeat(1000),
        character_id: 'A'.repeat(20),
        character_name: 'ม'.repeat(20),
      }),
    );
    await create(alice, question({ question_title: 'Hello', character_id: 'ABCDE', character_name: 'M' }));
  });

  it('refuses a game that is not offered and a question type of another game or not for tickets', async () => {
    const refusedField = async (patch: Partial<QuestionForm>) => {
      const { status, body } = await call.json(paths.create, question(patch), alice);
      expect(status).toBe(400);
      return (body.data as { fields: { field: string; code: string }[] }).fields[0];
    };
    expect(await refusedField({ game_base_id: 999_999 })).toEqual({
      field: 'game_base_id',
      code: 'not_offered',
    });
    expect(await refusedField({ question_type: ids.type('ltb-sect') })).toEqual({
      field: 'question_type',
      code: 'not_offered',
    });
    expect(await refusedField({ question_type: 999_999 })).toMatchObject({ field: 'question_type' });
    await setGameOnline(t.db, ids.hod, false);
    try {
      expect(await refusedField({ game_base_id: ids.hod })).toMatchObject({ field: 'game_base_id' });
    } finally {
      await setGameOnline(t.db, ids.hod, true);
    }
  });

  it("refuses an attachment that is not the member's unsent upload with -10005, and creates nothing", async () => {
    const bobs = await upload(bob);
    const before = await tickets();
    expect((await call.json(paths.create, question({ attachments: [bobs.file_id] }), alice)).body.code).toBe(
      -10005,
    );
    const mine = await upload(alice);
    await create(alice, question({ attachments: [mine.file_id] }));
    const after = await tickets();
    expect(after).toBe(before + 1);
    // Already sent with a message: cannot be reused.
    expect((await call.json(paths.create, question({ attachments: [mine.file_id] }), alice)).body.code).toBe(
      -10005,
    );
    expect(await tickets()).toBe(after);
  });
});

describe('work_order/detail', () => {
  it("refuses someone else's ticket and a missing one alike with -401", async () => {
    const id = await create(alice);
    const other = await call.get(paths.detail(id), bob);
    expect(other.body).toMatchObject({ code: -401, data: null });
    expect((await call.get(paths.detail(2_000_000), alice)).body).toMatchObject({ code: -401 });
    expect((await call.get(paths.detail(id), null)).body.code).toBe(-101);
  });

  it('shows staff replies and hides a recalled one', async () => {
    const id = await create(alice);
    const { message_id: recalled } = await staffDesk.reply(id, agent, 'Checking, one moment.', 1);
    await staffDesk.reply(id, agent, 'Your gems were delivered now.', 2);
    await t.db
      .update(csWorkOrderMessage)
      .set({ recalledAt: new Date(), recalledByStaffId: agent.staffId })
      .where(eq(csWorkOrderMessage.id, recalled));
    const d = await detail(alice, id);
    expect(d.messages.map((m) => [m.kind, m.content])).toEqual([
      ['question', question().question_content],
      ['reply', 'Your gems were delivered now.'],
    ]);
    expect(d).toMatchObject({ work_order_status: workOrderStatus.replied, can_follow_up: 1, can_grade: 1 });
    expect(d.replied_at).not.toBeNull();
    expect(Date.parse(d.grade_deadline!) - Date.parse(d.replied_at!)).toBe(csPolicy.gradeWindowMs);
  });
});

describe('follow-ups (create with parent_work_order_id)', () => {
  it('are refused with -10000 while the ticket has no answer (no reply, processing)', async () => {
    const id = await create(alice);
    expect((await followUp(alice, id)).body.code).toBe(-10000);
    await staffDesk.reply(id, agent, 'We are looking into it.', workOrderStatus.processing);
    expect((await followUp(alice, id)).body.code).toBe(-10000);
  });

  it('are accepted on a replied ticket, join its thread with files, and move it to processing', async () => {
    const id = await create(alice);
    await staffDesk.reply(id, agent, 'Please send the receipt.', workOrderStatus.replied);
    const file = await upload(alice, 'receipt.png');
    const { body } = await followUp(alice, id, 'Here it is.', [file.file_id]);
    expect(body).toMatchObject({ code: 0, data: { work_order_id: id } });
    const d = await detail(alice, id);
    expect(d.work_order_status).toBe(workOrderStatus.processing);
    expect(d.messages.map((m) => m.kind)).toEqual(['question', 'reply', 'follow_up']);
    expect(d.messages[2]).toMatchObject({ content: 'Here it is.', attachments: [file] });
    expect(d).toMatchObject({ can_follow_up: 0, can_grade: 0 });
    // One pending follow-up at a time.
    expect((await followUp(alice, id)).body.code).toBe(-10000);
  });

  it('are refused on a closed ticket with -20003 and on a ticket of someone else with -401', async () => {
    const id = await create(alice);
    await staffDesk.reply(id, agent, 'Done.', workOrderStatus.replied);
    expect((await followUp(bob, id)).body.code).toBe(-401);
    await staffDesk.changeStatus(id, agent, workOrderStatus.closed);
    expect((await followUp(alice, id)).body.code).toBe(-20003);
  });

  it('need only the content: the rules still apply to it', async () => {
    const id = await create(alice);
    const { status, body } = await followUp(alice, id, 'z'.repeat(1001));
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: -400, data: { fields: [{ field: 'question_content' }] } });
  });
});

describe('work_order/grade', () => {
  it('is refused with -10001 before an answer (no reply, processing)', async () => {
    const id = await create(alice);
    expect((await grade(alice, id, 5)).body.code).toBe(-10001);
    await staffDesk.reply(id, agent, 'Checking.', workOrderStatus.processing);
    expect((await grade(alice, id, 5)).body.code).toBe(-10001);
  });

  it('rates a replied ticket 1-5 and changes the rating while allowed, also once closed', async () => {
    const id = await create(alice);
    await staffDesk.reply(id, agent, 'Solved.', workOrderStatus.replied);
    expect((await grade(alice, id, 5)).body).toMatchObject({
      code: 0,
      data: { work_order_id: id, grade: 5 },
    });
    expect((await grade(alice, id, 2, { reason: 'slow' })).body.code).toBe(0);
    expect((await detail(alice, id)).grade).toBe(2);
    await staffDesk.changeStatus(id, agent, workOrderStatus.closed);
    expect((await grade(alice, id, 4)).body.code).toBe(0);
    expect(await detail(alice, id)).toMatchObject({ grade: 4, can_grade: 1, work_order_status: 3 });
  });

  it('asks a rating of 1 or 2 for its reason (-10008 without), keeps it with the grade, clears it above 2', async () => {
    const id = await create(alice);
    await staffDesk.reply(id, agent, 'Solved.', workOrderStatus.replied);
    for (const low of [1, 2]) {
      expect((await grade(alice, id, low)).body.code).toBe(-10008);
      expect((await grade(alice, id, low, { reason: '', comment: 'Too slow' })).status).toBe(400);
    }
    expect(await detail(alice, id)).toMatchObject({ grade: null, grade_reason: null });
    expect((await grade(alice, id, 1, { reason: 'nonsense' })).status).toBe(400);
    expect((await grade(alice, id, 1, { reason: 'other', comment: 'x'.repeat(501) })).status).toBe(400);

    const rated = await grade(alice, id, 1, { reason: 'unsolved', comment: '  Still no gems.  ' });
    expect(rated.body).toMatchObject({
      code: 0,
      data: { grade: 1, reason: 'unsolved', comment: 'Still no gems.' },
    });
    expect(await detail(alice, id)).toMatchObject({
      grade: 1,
      grade_reason: 'unsolved',
      grade_comment: 'Still no gems.',
    });
    // Changed within the period: another reason, then a good grade that drops the reason.
    expect((await grade(alice, id, 2, { reason: 'unclear' })).body.code).toBe(0);
    expect(await detail(alice, id)).toMatchObject({ grade: 2, grade_reason: 'unclear', grade_comment: null });
    expect((await grade(alice, id, 4, { reason: 'slow', comment: 'ignored' })).body.data).toMatchObject({
      reason: null,
      comment: null,
    });
    expect(await detail(alice, id)).toMatchObject({ grade: 4, grade_reason: null, grade_comment: null });
    // A stranger is refused for the ticket, not for the missing reason.
    expect((await grade(bob, id, 1)).body.code).toBe(-401);
  });

  it('is refused with -10001 on a ticket closed without an answer', async () => {
    const id = await create(alice);
    await staffDesk.changeStatus(id, agent, workOrderStatus.closed);
    expect((await grade(alice, id, 3)).body.code).toBe(-10001);
  });

  it('is refused with -10002 once the rating period after the answer is over', async () => {
    const id = await create(alice);
    await staffDesk.reply(id, agent, 'Solved.', workOrderStatus.replied);
    await t.db
      .update(csWorkOrder)
      .set({ repliedAt: new Date(Date.now() - csPolicy.gradeWindowMs - 60_000) })
      .where(eq(csWorkOrder.id, id));
    expect((await grade(alice, id, 5)).body.code).toBe(-10002);
    expect((await detail(alice, id)).can_grade).toBe(0);
  });

  it("refuses a grade outside 1-5 with -400 and someone else's ticket with -401", async () => {
    const id = await create(alice);
    await staffDesk.reply(id, agent, 'Solved.', workOrderStatus.replied);
    for (const bad of [0, 6, 'x']) expect((await grade(alice, id, bad)).status).toBe(400);
    expect((await grade(bob, id, 5)).body.code).toBe(-401);
  });
});

describe('work_order/page', () => {
  it("lists only the member's own tickets, last activity first, with status filter and paging", async () => {
    const carol = await loginTestMember(t.db);
    const first = await create(carol, question({ question_title: 'First question' }));
    const second = await create(carol, question({ question_title: 'Second question' }));
    const third = await create(carol, question({ question_title: 'Third question' }));
    await create(bob, question({ question_title: "Bob's question" }));
    await staffDesk.reply(first, agent, 'Answer.', workOrderStatus.replied);

    const page = async (body: Record<string, unknown>) => {
      const { body: answer } = await call.json(paths.page, body, carol);
      expect(answer.code, JSON.stringify(answer)).toBe(0);
      return workOrderPageData.parse(answer.data);
    };
    const all = await page({ page_num: 1, page_size: 10 });
    expect(all.total).toBe(3);
    expect(all.list.map((w) => w.work_order_id)).toEqual([first, third, second]);
    expect(all.list[0]).toMatchObject({ work_order_status: 2, game_name: 'Starfall Legends' });

    const replied = await page({ work_order_status: workOrderStatus.replied });
    expect(replied).toMatchObject({ total: 1, page_num: 1, page_size: 10 });
    expect(replied.list.map((w) => w.work_order_id)).toEqual([first]);
    expect((await page({ work_order_status: null })).total).toBe(3);
    expect((await page({ work_order_status: workOrderStatus.closed })).list).toEqual([]);

    const p2 = await page({ page_num: 2, page_size: 2 });
    expect(p2).toMatchObject({ total: 3, page_num: 2, page_size: 2 });
    expect(p2.list.map((w) => w.work_order_id)).toEqual([second]);
    // Past the last page: no ticket, the total all the same (no row carries it there).
    expect(await page({ page_num: 5, page_size: 2 })).toMatchObject({ list: [], total: 3, page_num: 5 });
  });

  it('refuses a visitor and a bad status or page size', async () => {
    expect((await call.json(paths.page, {}, null)).body.code).toBe(-101);
    expect((await call.json(paths.page, { work_order_status: 9 }, alice)).status).toBe(400);
    expect((await call.json(paths.page, { page_size: 0 }, alice)).status).toBe(400);
  });
});
