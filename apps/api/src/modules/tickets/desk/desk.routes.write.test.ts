/**
 * The desk's writes: who may call what, the editing lock between two agents, replies and the player's e-mail
 * notice, recall within two minutes, batch reply, modify, and the audit row of each.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { workOrderDetailData } from '@gp/contracts/cs';
import {
  deskPolicy,
  deskTicketDetail,
  deskTicketSummary,
  lockHolderData,
  type DeskTicketSummary,
} from '@gp/contracts/desk';
import { caller } from '../../../../test/cs-fixtures.ts';
import {
  createDeskApp,
  deskCaller,
  deskPaths,
  followUp,
  openTicket,
  questionOf,
} from '../../../../test/desk-steps.ts';
import { loginTestMember, type TestMember } from '../../../../test/member-session.ts';
import { loginTestStaff, type TestStaff } from '../../../../test/staff-session.ts';
import { TestClock } from '../../../../test/test-clock.ts';
import { outboxMessage } from '../../../db/schema/passport.schema.ts';
import { staffAuditLog } from '../../../db/schema/staff.schema.ts';
import { MessageDispatcher, type MessageTransport, type TransportMessage } from '../../messaging/index.ts';

let t: Awaited<ReturnType<typeof createDeskApp>>;
let desk: ReturnType<typeof deskCaller>;
let mai: TestStaff;
let niran: TestStaff;
let reader: TestStaff;
let nobody: TestStaff;
let player: TestMember;
let ticket: number;
/** The e-mail address of this test's ticket, lower-case (each ticket its own, so notices can be told apart). */
let email: string;
let tickets = 0;

beforeAll(async () => {
  t = await createDeskApp();
  desk = deskCaller(t.app);
  mai = await loginTestStaff(t.db, {
    accountName: 'Agent Mai',
    privileges: ['tickets.read', 'tickets.reply', 'tickets.export'],
  });
  niran = await loginTestStaff(t.db, {
    accountName: 'Agent Niran',
    privileges: ['tickets.read', 'tickets.reply'],
  });
  reader = await loginTestStaff(t.db, { privileges: ['tickets.read'] });
  nobody = await loginTestStaff(t.db, {
    privileges: ['faq', 'games', 'content', 'catalog', 'staff.accounts'],
  });
  player = await loginTestMember(t.db);
});
afterAll(() => t.close());

beforeEach(async () => {
  tickets += 1;
  email = `player.${tickets}@example.com`;
  ticket = await openTicket(t.app, player, questionOf(t.ids, { email: `Player.${tickets}@Example.com` }));
});

const reply = (who: TestStaff, id: number, content = 'Your gems have been delivered.', status: 1 | 2 = 2) =>
  desk.post<{ work_order_id: number; message_id: number }>(who, deskPaths.reply, {
    work_order_id: id,
    reply_content: content,
    reply_status: status,
  });
const lock = (who: TestStaff, id: number, renew: 0 | 1 = 0) =>
  desk.post(who, deskPaths.lock, { work_order_id: id, renew });
const recall = (who: TestStaff, id: number, messageId: number) =>
  desk.post(who, deskPaths.recall, { work_order_id: id, message_id: messageId });

async function staffDetail(id: number) {
  const res = await desk.get(reader, deskPaths.detail, { work_order_id: id });
  expect(res.code).toBe(0);
  return deskTicketDetail.parse(res.data);
}

async function playerDetail(id: number) {
  const { body } = await caller(t.app).get(`/cs/komoe/api/work_order/detail?work_order_id=${id}`, player);
  expect(body.code).toBe(0);
  return workOrderDetailData.parse(body.data);
}

async function auditRows(id: number) {
  return t.db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.targetType, 'work_order'), eq(staffAuditLog.targetId, String(id))))
    .orderBy(staffAuditLog.id);
}

const noticesTo = (recipient: string) =>
  t.db
    .select()
    .from(outboxMessage)
    .where(eq(outboxMessage.recipient, recipient))
    .orderBy(desc(outboxMessage.id));

describe('who may call what', () => {
  const calls = (id: number) =>
    [
      ['post', deskPaths.page, {}],
      ['get', deskPaths.detail, { work_order_id: id }],
      ['post', deskPaths.userRecord, { game_base_id: t.ids.sfl, uid: player.mid }],
      ['post', deskPaths.modify, { work_order_id: id, work_order_status: 1 }],
      ['post', deskPaths.reply, { work_order_id: id, reply_content: 'Hi', reply_status: 2 }],
      ['post', deskPaths.batchReply, { work_order_list: [id], reply_content: 'Hi', reply_status: 2 }],
      ['post', deskPaths.recall, { work_order_id: id, message_id: 1 }],
      ['post', deskPaths.lock, { work_order_id: id }],
      ['post', deskPaths.unlock, { work_order_id: id }],
      ['post', deskPaths.exportStart, {}],
      ['get', deskPaths.exportCheck, { task_id: 'abc' }],
      ['get', deskPaths.titleMatch, { keywords: 'gems' }],
    ] as const;
  const send = (who: TestStaff | null, [method, path, body]: ReturnType<typeof calls>[number]) =>
    method === 'get'
      ? desk.get(who, path, body as Record<string, string | number>)
      : desk.post(who, path, body);

  it('refuses every desk call to staff without its privilege (-401), changing nothing', async () => {
    for (const call of calls(ticket)) {
      expect((await send(nobody, call)).code, call[1]).toBe(-401);
    }
    // Read-only staff: the reads work, every write and the export are refused.
    const readsOk = [deskPaths.page, deskPaths.detail, deskPaths.userRecord];
    for (const call of calls(ticket)) {
      const { code } = await send(reader, call);
      if (readsOk.includes(call[1] as (typeof readsOk)[number])) expect(code, call[1]).toBe(0);
      else expect(code, call[1]).toBe(-401);
    }
    // Reply without export: the export calls are refused.
    expect((await desk.post(niran, deskPaths.exportStart, {})).code).toBe(-401);
    expect((await desk.get(niran, deskPaths.exportCheck, { task_id: 'abc' })).code).toBe(-401);
    expect((await playerDetail(ticket)).messages.map((m) => m.kind)).toEqual(['question']);
    expect(await auditRows(ticket)).toEqual([]);
  });

  it('refuses nobody logged in (-101) and a write without or with a wrong ct (-110)', async () => {
    for (const call of calls(ticket)) expect((await send(null, call)).code, call[1]).toBe(-101);
    const body = { work_order_id: ticket, reply_content: 'Hi', reply_status: 2 };
    const noCt = await t.app.inject({
      method: 'POST',
      url: `/csmng${deskPaths.reply}`,
      cookies: mai.cookies,
      payload: body,
    });
    expect(noCt.json()).toMatchObject({ code: -110 });
    const wrongCt = await desk.post({ ct: 'x'.repeat(32), cookies: mai.cookies }, deskPaths.reply, body);
    expect(wrongCt.code).toBe(-110);
    expect((await playerDetail(ticket)).messages).toHaveLength(1);
  });

  it('refuses a one-time password that was not changed yet (-40007)', async () => {
    const fresh = await loginTestStaff(t.db, { privileges: 'all', mustChangePassword: true });
    expect((await lock(fresh, ticket)).code).toBe(-40007);
  });
});

describe('editing lock', () => {
  it('keeps a second agent out (-40001 naming the holder) until the holder goes idle', async () => {
    const taken = await lock(mai, ticket);
    expect(taken.code).toBe(0);
    const holder = lockHolderData.parse(taken.data);
    expect(holder).toMatchObject({ staff_id: mai.staffId, account_name: 'Agent Mai' });
    expect(Date.parse(holder.expires_at) - t.clock.now().getTime()).toBeGreaterThan(
      deskPolicy.lockIdleMs - 5_000,
    );

    // Every write of the other agent is refused with the holder as data.
    const refusals = [
      await lock(niran, ticket),
      await reply(niran, ticket),
      await desk.post(niran, deskPaths.modify, { work_order_id: ticket, work_order_status: 1 }),
    ];
    for (const refused of refusals) {
      expect(refused).toMatchObject({
        code: -40001,
        data: { staff_id: mai.staffId, account_name: 'Agent Mai' },
      });
      expect(refused.message).not.toBe('');
    }
    expect((await playerDetail(ticket)).messages).toHaveLength(1);

    // The holder renews while typing; the lock lapses after lockIdleMs without renewal.
    t.clock.advance(deskPolicy.lockIdleMs - 10_000);
    expect((await lock(mai, ticket, 1)).code).toBe(0);
    t.clock.advance(deskPolicy.lockIdleMs - 10_000);
    expect((await lock(niran, ticket)).code).toBe(-40001); // renewed: still live
    t.clock.advance(10_001);
    const second = await lock(niran, ticket);
    expect(second.code).toBe(0);
    expect(second.data).toMatchObject({ staff_id: niran.staffId, account_name: 'Agent Niran' });
    // Now Mai is the one kept out; her heartbeat learns the other agent has it.
    expect(await lock(mai, ticket, 1)).toMatchObject({ code: -40001, data: { staff_id: niran.staffId } });
  });

  it('answers -40003 when the holder renews a lock that lapsed meanwhile', async () => {
    expect((await lock(mai, ticket)).code).toBe(0);
    t.clock.advance(deskPolicy.lockIdleMs + 1);
    expect((await lock(mai, ticket, 1)).code).toBe(-40003);
    // Taking it afresh works.
    expect((await lock(mai, ticket)).code).toBe(0);
    expect((await lock(mai, ticket, 1)).code).toBe(0);
  });

  it('is given back with back_editing_finished (a non-holder gives back nothing) and by a reply', async () => {
    expect((await lock(mai, ticket)).code).toBe(0);
    expect((await desk.post(niran, deskPaths.unlock, { work_order_id: ticket })).code).toBe(0);
    expect((await lock(niran, ticket)).code).toBe(-40001);
    expect((await desk.post(mai, deskPaths.unlock, { work_order_id: ticket })).code).toBe(0);
    expect((await lock(niran, ticket)).code).toBe(0);
    // Niran answers: the reply ends his lock, so Mai may take it at once.
    expect((await reply(niran, ticket)).code).toBe(0);
    expect((await staffDetail(ticket)).lock).toBeNull();
    expect((await lock(mai, ticket)).code).toBe(0);
    expect((await desk.post(mai, deskPaths.unlock, { work_order_id: 9_999_999 })).code).toBe(-404);
    expect((await lock(mai, 9_999_999)).code).toBe(-404);
  });

  it('lets anyone write while nobody holds the lock', async () => {
    expect((await reply(niran, ticket, 'Checking.', 1)).code).toBe(0);
    expect((await reply(mai, ticket)).code).toBe(0);
  });
});

describe('reply', () => {
  it('answers the ticket, which the player sees at once, and audits it in the same transaction', async () => {
    const sent = await reply(mai, ticket, 'Your gems have been delivered.');
    expect(sent).toMatchObject({ code: 0, data: { work_order_id: ticket } });
    const seen = await playerDetail(ticket);
    expect(seen.work_order_status).toBe(2);
    expect(seen.messages.map((m) => [m.kind, m.content])).toEqual([
      ['question', questionOf(t.ids).question_content],
      ['reply', 'Your gems have been delivered.'],
    ]);
    const [row] = await auditRows(ticket);
    expect(row).toMatchObject({
      action: 'ticket.reply',
      actorStaffId: mai.staffId,
      actorAccountId: mai.accountId,
      before: { work_order_status: 0 },
      after: { message_id: sent.data.message_id, reply_status: 2, content: 'Your gems have been delivered.' },
    });
    expect(row?.ip).toBeTruthy();
  });

  it('refuses a closed ticket (-20003), a missing one (-404) and a bad form (-400), auditing nothing', async () => {
    expect(
      (await desk.post(mai, deskPaths.modify, { work_order_id: ticket, work_order_status: 3 })).code,
    ).toBe(0);
    expect((await reply(mai, ticket)).code).toBe(-20003);
    expect((await reply(mai, 9_999_999)).code).toBe(-404);
    const bad = await desk.post(mai, deskPaths.reply, {
      work_order_id: ticket,
      reply_content: ' ',
      reply_status: 0,
    });
    expect(bad).toMatchObject({ code: -400 });
    expect((await auditRows(ticket)).map((r) => r.action)).toEqual(['ticket.modify']);
  });
});

describe("the player's e-mail notice", () => {
  it('goes to the ticket address in its language after an answer, held back for the recall window', async () => {
    const id = await openTicket(
      t.app,
      player,
      questionOf(t.ids, { email: 'somchai@example.com', question_title: 'เติมเพชรแล้วไม่เข้า' }),
      'th',
    );
    expect((await reply(mai, id, 'กำลังตรวจสอบค่ะ', 1)).code).toBe(0);
    expect(await noticesTo('somchai@example.com')).toEqual([]); // an interim answer sends nothing
    const before = t.clock.now().getTime();
    expect((await reply(mai, id, 'เติมเพชรให้เรียบร้อยแล้วค่ะ')).code).toBe(0);
    const [notice, ...others] = await noticesTo('somchai@example.com');
    expect(others).toEqual([]);
    expect(notice).toMatchObject({ channel: 'email', lang: 'th', status: 'pending', attempts: 0 });
    expect(notice?.subject).toContain('เติมเพชรแล้วไม่เข้า');
    expect(notice?.subject).toContain('ตอบคำร้อง');
    expect(notice?.body).toContain('เติมเพชรให้เรียบร้อยแล้วค่ะ');
    expect(notice?.body).toContain(`http://localhost:8080/service/order_detail?work_order_id=${id}`);
    const due = notice!.nextAttemptAt!.getTime();
    expect(due - before).toBeGreaterThanOrEqual(deskPolicy.recallWindowMs);
    expect(due - before).toBeLessThan(deskPolicy.recallWindowMs + 5_000);

    // The dev mailbox shows it while it waits.
    const mailbox = await t.app.inject({ url: '/dev/mailbox.json?to=somchai@example.com' });
    expect(mailbox.json().data).toMatchObject([{ subject: notice?.subject, lang: 'th' }]);

    // A sending dispatcher leaves it alone before the window has passed and sends it after.
    const sent: TransportMessage[] = [];
    const transport: MessageTransport = {
      name: 'smtp',
      keepsLocally: false,
      send: async (m) => void sent.push(m),
      close: async () => undefined,
    };
    const dispatcherAt = (at: number) =>
      new MessageDispatcher({
        db: t.db,
        transports: { email: transport },
        log: console,
        now: new TestClock(at).now,
      });
    await dispatcherAt(due - 1_000).runOnce();
    expect(sent.filter((m) => m.id === notice!.id)).toEqual([]);
    await dispatcherAt(due + 1).runOnce();
    expect(sent.filter((m) => m.id === notice!.id)).toHaveLength(1);
  });

  it('goes out in English for an English ticket, to the address as given (lower-cased)', async () => {
    expect((await reply(mai, ticket)).code).toBe(0);
    const [notice] = await noticesTo(email);
    expect(notice).toMatchObject({ lang: 'en' });
    expect(notice?.subject).toBe(`We've answered your ticket: ${questionOf(t.ids).question_title}`);
  });
});

describe('recall', () => {
  it('is allowed at 1:59 and refused at 2:01 (-40004)', async () => {
    const first = await reply(mai, ticket, 'Wrong answer.');
    t.clock.advance(deskPolicy.recallWindowMs - 1_000);
    expect((await recall(mai, ticket, first.data.message_id)).code).toBe(0);
    const second = await reply(mai, ticket, 'Right answer.');
    t.clock.advance(deskPolicy.recallWindowMs + 1_000);
    expect((await recall(mai, ticket, second.data.message_id)).code).toBe(-40004);
    expect((await playerDetail(ticket)).messages.map((m) => m.content)).toEqual([
      questionOf(t.ids).question_content,
      'Right answer.',
    ]);
  });

  it('hides the reply from the player, keeps it for staff and in the audit log, and takes the notice back', async () => {
    const sent = await reply(mai, ticket, 'Sorry, wrong ticket.');
    expect(await noticesTo(email)).toHaveLength(1);
    const res = await recall(mai, ticket, sent.data.message_id);
    expect(res.code).toBe(0);
    const summary: DeskTicketSummary = deskTicketSummary.parse(res.data);
    // Nothing happened since: back to no reply, with no answer on record.
    expect(summary).toMatchObject({ work_order_status: 0, replied_at: null, reply_status: 0 });

    const seen = await playerDetail(ticket);
    expect(seen.messages.map((m) => m.kind)).toEqual(['question']);
    expect(seen).toMatchObject({ work_order_status: 0, replied_at: null, can_grade: 0 });
    const staffView = await staffDetail(ticket);
    expect(staffView.messages[1]).toMatchObject({
      content: 'Sorry, wrong ticket.',
      recall_until: null,
      staff_name: 'Agent Mai',
    });
    expect(staffView.messages[1]?.recalled_at).not.toBeNull();
    expect(await noticesTo(email)).toEqual([]);
    const recallRow = (await auditRows(ticket)).find((r) => r.action === 'ticket.recall');
    expect(recallRow).toMatchObject({
      actorStaffId: mai.staffId,
      before: {
        message_id: sent.data.message_id,
        content: 'Sorry, wrong ticket.',
        reply_status: 2,
        work_order_status: 2,
      },
      after: { work_order_status: 0, notice_withdrawn: true },
    });
    // Recalled once only.
    expect((await recall(mai, ticket, sent.data.message_id)).code).toBe(-404);
  });

  it('restores the previous answer as the latest one', async () => {
    const first = await reply(mai, ticket, 'First answer.');
    t.clock.advance(5 * 60_000);
    const second = await reply(mai, ticket, 'Second answer.');
    expect((await recall(mai, ticket, second.data.message_id)).code).toBe(0);
    const seen = await playerDetail(ticket);
    expect(seen.work_order_status).toBe(2);
    const firstAt = (await staffDetail(ticket)).messages.find((m) => m.message_id === first.data.message_id);
    expect(seen.replied_at).toBe(firstAt?.created_at);
  });

  it('keeps the state when something happened since (a follow-up)', async () => {
    const sent = await reply(mai, ticket, 'Answer.');
    await followUp(t.app, player, ticket, 'That did not help.');
    expect((await recall(mai, ticket, sent.data.message_id)).code).toBe(0);
    const seen = await playerDetail(ticket);
    expect(seen.work_order_status).toBe(1);
    expect(seen.messages.map((m) => m.kind)).toEqual(['question', 'follow_up']);
    expect(seen.replied_at).toBeNull();
  });

  it("refuses another agent's reply (-401), a message that is not a reply (-404), and while another holds the lock", async () => {
    const sent = await reply(mai, ticket);
    expect((await recall(niran, ticket, sent.data.message_id)).code).toBe(-401);
    const question = (await staffDetail(ticket)).messages[0]!;
    expect((await recall(mai, ticket, question.message_id)).code).toBe(-404);
    expect((await recall(mai, ticket, 9_999_999)).code).toBe(-404);
    expect((await lock(niran, ticket)).code).toBe(0);
    expect((await recall(mai, ticket, sent.data.message_id)).code).toBe(-40001);
    expect((await playerDetail(ticket)).messages).toHaveLength(2);
  });
});

describe('batch reply', () => {
  it('answers each ticket on its own: one locked and one closed do not stop the others', async () => {
    const free = ticket;
    const held = await openTicket(t.app, player, questionOf(t.ids));
    const closed = await openTicket(t.app, player, questionOf(t.ids));
    expect((await lock(niran, held)).code).toBe(0);
    expect(
      (await desk.post(mai, deskPaths.modify, { work_order_id: closed, work_order_status: 3 })).code,
    ).toBe(0);
    const res = await desk.post<{ list: unknown[] }>(mai, deskPaths.batchReply, {
      work_order_list: [free, held, closed, 9_999_999],
      reply_content: 'We have fixed the delivery issue for everyone.',
      reply_status: 2,
    });
    expect(res.code).toBe(0);
    expect(res.data.list).toEqual([
      { work_order_id: free, code: 0, lock: null },
      {
        work_order_id: held,
        code: -40001,
        lock: expect.objectContaining({ staff_id: niran.staffId, account_name: 'Agent Niran' }),
      },
      { work_order_id: closed, code: -20003, lock: null },
      { work_order_id: 9_999_999, code: -404, lock: null },
    ]);
    expect((await playerDetail(free)).work_order_status).toBe(2);
    expect((await playerDetail(held)).messages).toHaveLength(1);
    expect((await auditRows(free)).map((r) => [r.action, (r.after as { batch?: boolean }).batch])).toEqual([
      ['ticket.reply', true],
    ]);
    expect(await auditRows(held)).toEqual([]);
  });

  it('refuses the same ticket twice and more than the batch limit (-400)', async () => {
    const body = (list: number[]) => ({ work_order_list: list, reply_content: 'Hi', reply_status: 2 });
    expect((await desk.post(mai, deskPaths.batchReply, body([ticket, ticket]))).code).toBe(-400);
    const many = Array.from({ length: deskPolicy.maxBatch + 1 }, (_, i) => i + 1);
    expect((await desk.post(mai, deskPaths.batchReply, body(many))).code).toBe(-400);
  });
});

describe('modify', () => {
  it('changes the state and the question type, audited with before and after', async () => {
    const res = await desk.post(mai, deskPaths.modify, {
      work_order_id: ticket,
      work_order_status: 1,
      question_type: t.ids.type('bug'),
    });
    expect(res.code).toBe(0);
    expect(deskTicketSummary.parse(res.data)).toMatchObject({
      work_order_status: 1,
      question_type: t.ids.type('bug'),
      operator_name: 'Agent Mai',
    });
    const [row] = await auditRows(ticket);
    expect(row).toMatchObject({
      action: 'ticket.modify',
      before: { work_order_status: 0, question_type: t.ids.type('payment') },
      after: { work_order_status: 1, question_type: t.ids.type('bug') },
    });
    // The same again changes nothing and writes no row.
    await desk.post(mai, deskPaths.modify, { work_order_id: ticket, work_order_status: 1 });
    expect(await auditRows(ticket)).toHaveLength(1);
  });

  it('refuses a type of another game (-400), no reply after an answer (-20001), reopening (-20003)', async () => {
    const ltbType = t.ids.type('ltb-sect');
    expect(
      await desk.post(mai, deskPaths.modify, { work_order_id: ticket, question_type: ltbType }),
    ).toMatchObject({ code: -400, data: { fields: [{ field: 'question_type', code: 'not_offered' }] } });
    expect((await reply(mai, ticket)).code).toBe(0);
    expect(
      (await desk.post(mai, deskPaths.modify, { work_order_id: ticket, work_order_status: 0 })).code,
    ).toBe(-20001);
    expect(
      (await desk.post(mai, deskPaths.modify, { work_order_id: ticket, work_order_status: 3 })).code,
    ).toBe(0);
    expect(
      (await desk.post(mai, deskPaths.modify, { work_order_id: ticket, work_order_status: 2 })).code,
    ).toBe(-20003);
    expect(
      (await desk.post(mai, deskPaths.modify, { work_order_id: 9_999_999, work_order_status: 1 })).code,
    ).toBe(-404);
  });
});
