/**
 * A ticket's top-up order on the desk: agents who may read the ticket see the order's state and timeline,
 * only the pay privilege (`catalog`) adds the money details and lets them act; "ask the payment provider
 * again" and "retry delivery" are each audited and add a structured note to the thread, which the player
 * reads in their own language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { workOrderDetailData } from '@gp/contracts/cs';
import { deskTicketDetail, deskTicketOrderAction } from '@gp/contracts/desk';
import { codes } from '@gp/errors';
import { caller } from '../../../../test/cs-fixtures.ts';
import { createDeskApp, deskCaller, deskPaths } from '../../../../test/desk-steps.ts';
import { loginTestMember, type TestMember } from '../../../../test/member-session.ts';
import { orderQuestion, orderSteps, submitQuestion } from '../../../../test/order-help-steps.ts';
import { payTestEnv } from '../../../../test/pay-steps.ts';
import { loginTestStaff, type TestStaff } from '../../../../test/staff-session.ts';
import { csWorkOrderMessage } from '../../../db/schema/cs.schema.ts';
import { staffAuditLog } from '../../../db/schema/staff.schema.ts';
import { outboxMessage } from '../../../db/schema/passport.schema.ts';
import thCommon from '@gp/i18n/locales/th/common.json' with { type: 'json' };

let t: Awaited<ReturnType<typeof createDeskApp>>;
let desk: ReturnType<typeof deskCaller>;
let orders: ReturnType<typeof orderSteps>;
let payAgent: TestStaff;
let agent: TestStaff;
let reader: TestStaff;
let player: TestMember;

beforeAll(async () => {
  t = await createDeskApp(payTestEnv);
  desk = deskCaller(t.app);
  orders = orderSteps(t, t.ids.sfl);
  payAgent = await loginTestStaff(t.db, {
    accountName: 'Agent Pim',
    privileges: ['tickets.read', 'tickets.reply', 'catalog'],
  });
  agent = await loginTestStaff(t.db, { privileges: ['tickets.read', 'tickets.reply'] });
  reader = await loginTestStaff(t.db, { privileges: ['tickets.read'] });
  player = await loginTestMember(t.db);
});
afterAll(() => t.close());

const actionPath = '/komoe/mng/work_order/order_action';
const detailPath = '/komoe/mng/work_order/detail';

/** A ticket the player opened in `lang` about this order. */
async function ticketAbout(orderNo: string, lang = 'en') {
  const answer = await submitQuestion(t.app, player, orderQuestion(t.ids, orderNo), lang);
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return (answer.data as { work_order_id: number }).work_order_id;
}

async function deskDetail(staff: TestStaff, id: number, lang = 'en') {
  const answer = await desk.get(staff, detailPath, { work_order_id: id, lang });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return deskTicketDetail.parse(answer.data);
}

const act = (staff: TestStaff, id: number, action: 'ask_provider' | 'retry_delivery') =>
  desk.post(staff, actionPath, { work_order_id: id, action });

async function playerDetail(id: number, lang: string) {
  const { body } = await caller(t.app).get(
    `/cs/komoe/api/work_order/detail?work_order_id=${id}&lang=${lang}`,
    player,
  );
  expect(body.code).toBe(0);
  return workOrderDetailData.parse(body.data);
}

const auditsOf = (id: number) =>
  t.db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.action, 'ticket.order_action'), eq(staffAuditLog.targetId, String(id))))
    .orderBy(desc(staffAuditLog.id));

describe('the order in the ticket', () => {
  it('shows the pay details only to staff with the pay privilege; others see state and timeline', async () => {
    const order = await orders.delivered(player);
    const id = await ticketAbout(order.order_no);
    const full = await deskDetail(payAgent, id);
    expect(full.order_no).toBe(order.order_no);
    expect(full.order).toMatchObject({ order_no: order.order_no, state: 'delivered' });
    expect(full.order!.timeline.at(-1)?.step).toBe('delivered');
    expect(full.order!.pay).toMatchObject({
      order_no: order.order_no,
      product_price: 54900,
      currency: 'THB',
    });
    expect(full.order!.pay!.events.length).toBeGreaterThan(0);

    for (const staff of [agent, reader]) {
      const limited = await deskDetail(staff, id);
      expect(limited.order).toMatchObject({ state: 'delivered', pay: null });
      expect(limited.order!.timeline).toEqual(full.order!.timeline);
      expect(JSON.stringify(limited.order)).not.toContain('54900');
    }
  });

  it("fills a saved reply's {order_no} with the ticket's order, and with nothing for a ticket about none", async () => {
    const order = await orders.delivered(player);
    const about = await ticketAbout(order.order_no);
    const none = await submitQuestion(t.app, player, { ...orderQuestion(t.ids, 'x'), order_no: undefined });
    const plain = (none.data as { work_order_id: number }).work_order_id;
    const answer = await desk.post(payAgent, '/komoe/mng/work_order/batch_reply_preview', {
      work_order_list: [about, plain],
      reply_texts: { en: 'Order [{order_no}]' },
    });
    expect(answer.code, JSON.stringify(answer)).toBe(0);
    const { list } = answer.data as { list: { work_order_id: number; content: string }[] };
    expect(list.map((x) => x.content)).toEqual([`Order [${order.order_no}]`, 'Order []']);
  });

  it('answers no order for a ticket without one', async () => {
    const answer = await submitQuestion(t.app, player, { ...orderQuestion(t.ids, 'x'), order_no: undefined });
    const id = (answer.data as { work_order_id: number }).work_order_id;
    expect(await deskDetail(payAgent, id)).toMatchObject({ order_no: null, order: null });
    expect((await act(payAgent, id, 'ask_provider')).code).toBe(codes.badRequest);
  });
});

describe('acting from the ticket', () => {
  it('refuses agents without the pay privilege (and readers), acting on nothing', async () => {
    const order = await orders.awaiting(player, true);
    const id = await ticketAbout(order.order_no);
    expect((await act(agent, id, 'ask_provider')).code).toBe(codes.accessDenied);
    expect((await act(reader, id, 'ask_provider')).code).toBe(codes.accessDenied);
    expect(await orders.stateOf(order.order_no)).toBe('awaiting_payment');
    expect(await auditsOf(id)).toHaveLength(0);
  });

  it('asks the provider again: a payment it has is applied, audited and noted for the player', async () => {
    const order = await orders.awaiting(player, true);
    const id = await ticketAbout(order.order_no, 'th');
    const answer = await act(payAgent, id, 'ask_provider');
    expect(answer.code, JSON.stringify(answer)).toBe(0);
    const done = deskTicketOrderAction.response.parse(answer.data);
    expect(done.note).toMatchObject({ code: 'payment_found', order_no: order.order_no, state: 'paid' });
    expect(done.note.at).not.toBeNull();
    expect(done.order.state).toBe('paid');
    expect(await orders.stateOf(order.order_no)).toBe('paid');

    const [row] = await auditsOf(id);
    expect(row).toMatchObject({ actorStaffId: payAgent.staffId, targetType: 'work_order' });
    expect(row!.before).toMatchObject({ order_no: order.order_no, state: 'awaiting_payment' });
    expect(row!.after).toMatchObject({ action: 'ask_provider', note: 'payment_found', answer: 'paid' });

    const [note] = await t.db
      .select()
      .from(csWorkOrderMessage)
      .where(eq(csWorkOrderMessage.id, done.message_id));
    expect(note).toMatchObject({
      kind: 'order_note',
      content: '',
      staffId: payAgent.staffId,
      statusAfter: 2,
    });

    // The note answers the ticket: replied, answered in the queue, and e-mailed to the player at once, worded in
    // the ticket's language with its time in the site's zone (Asia/Bangkok by default).
    const queue = await desk.post(agent, deskPaths.page, { work_order_id: id });
    expect(queue.data).toMatchObject({
      list: [{ work_order_id: id, work_order_status: 2, reply_status: 1 }],
    });
    const [mail] = await t.db.select().from(outboxMessage).where(eq(outboxMessage.id, note!.noticeOutboxId!));
    expect(mail).toMatchObject({ channel: 'email', recipient: 'mali@example.com', lang: 'th' });
    expect(mail!.nextAttemptAt === null || mail!.nextAttemptAt <= new Date()).toBe(true);
    const worded = thCommon.orderHelp.note.payment_found;
    expect(mail!.body).toContain(worded.slice(0, worded.indexOf('{{time}}')));
    expect(mail!.body).toContain('GMT+7');
    expect(mail!.body).toContain(`/service/order_detail?work_order_id=${id}`);
  });

  it('asks again when the provider has nothing: "no payment yet"', async () => {
    const order = await orders.awaiting(player);
    const id = await ticketAbout(order.order_no);
    const done = deskTicketOrderAction.response.parse((await act(payAgent, id, 'ask_provider')).data);
    expect(done.note).toMatchObject({ code: 'no_payment_yet', state: 'awaiting_payment', at: null });
  });

  it('retries a stuck delivery: audited twice (the pay retry and the ticket), noted, credited by the worker', async () => {
    const order = await orders.stuck(player);
    const id = await ticketAbout(order.order_no, 'vi');
    const answer = await act(payAgent, id, 'retry_delivery');
    expect(answer.code, JSON.stringify(answer)).toBe(0);
    const done = deskTicketOrderAction.response.parse(answer.data);
    expect(done.note).toMatchObject({ code: 'delivery_retried', order_no: order.order_no });
    expect(done.order.pay!.delivery).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await auditsOf(id)).toHaveLength(1);
    const payAudits = await t.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'pay.delivery.retry'), eq(staffAuditLog.targetId, order.order_no)));
    expect(payAudits).toHaveLength(1);

    await orders.worker().runOnce();
    expect(await orders.stateOf(order.order_no)).toBe('delivered');

    // Retrying what is no longer dead is refused with the pay console's code, and adds no note.
    const again = await act(payAgent, id, 'retry_delivery');
    expect(again).toMatchObject({
      code: codes.badRequest,
      data: { fields: [{ field: 'order_no', code: 'not_dead' }] },
    });
    expect(await auditsOf(id)).toHaveLength(1);
  });

  it("gives the player the note as a code with the order's state, to word in their language (th, vi)", async () => {
    const order = await orders.stuck(player);
    const id = await ticketAbout(order.order_no, 'th');
    await act(payAgent, id, 'retry_delivery');
    await orders.worker().runOnce();
    for (const lang of ['th', 'vi']) {
      const seen = await playerDetail(id, lang);
      const note = seen.messages.find((m) => m.kind === 'order_note');
      expect(note).toMatchObject({
        content: '',
        note: { code: 'delivery_retried', order_no: order.order_no },
      });
      expect(seen.order!.state).toBe('delivered');
    }
    const staffSeen = await deskDetail(agent, id);
    expect(staffSeen.messages.at(-1)).toMatchObject({ kind: 'order_note', staff_name: 'Agent Pim' });
  });

  it('refuses on a closed ticket before touching the order', async () => {
    const order = await orders.awaiting(player, true);
    const id = await ticketAbout(order.order_no);
    expect(
      (await desk.post(payAgent, '/komoe/mng/work_order/modify', { work_order_id: id, work_order_status: 3 }))
        .code,
    ).toBe(0);
    expect((await act(payAgent, id, 'ask_provider')).code).toBe(codes.ticketCannotReply);
    expect(await orders.stateOf(order.order_no)).toBe('awaiting_payment');
  });
});
