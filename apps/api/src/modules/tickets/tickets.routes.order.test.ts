/**
 * A ticket about a top-up order, the player's side: "Problem with this order?" links the member's own order
 * only, takes game and character from it, and the ticket's detail answers the order with its timeline to its
 * member alone, in the page language; tickets without an order and the spec's create shape work as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { questionTypeItem, workOrderDetailData } from '@gp/contracts/cs';
import { codes } from '@gp/errors';
import { caller } from '../../../test/cs-fixtures.ts';
import { createDeskApp, questionOf } from '../../../test/desk-steps.ts';
import { loginTestMember, type TestMember } from '../../../test/member-session.ts';
import { orderQuestion, orderSteps, submitQuestion } from '../../../test/order-help-steps.ts';
import { payTestEnv } from '../../../test/pay-steps.ts';
import { csWorkOrder } from '../../db/schema/cs.schema.ts';

let t: Awaited<ReturnType<typeof createDeskApp>>;
let orders: ReturnType<typeof orderSteps>;
let alice: TestMember;
let bob: TestMember;

beforeAll(async () => {
  t = await createDeskApp(payTestEnv);
  orders = orderSteps(t, t.ids.sfl);
  alice = await loginTestMember(t.db);
  bob = await loginTestMember(t.db);
});
afterAll(() => t.close());

async function detail(who: TestMember, id: number, lang = 'en') {
  const { body } = await caller(t.app).get(
    `/cs/komoe/api/work_order/detail?work_order_id=${id}&lang=${lang}`,
    who,
  );
  return body;
}

async function ticketFor(who: TestMember, orderNo: string, extra: object = {}, lang = 'en') {
  const answer = await submitQuestion(t.app, who, orderQuestion(t.ids, orderNo, extra), lang);
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return (answer.data as { work_order_id: number }).work_order_id;
}

describe('create with order_no', () => {
  it("keeps the member's own order and takes game and character from it, not from the form", async () => {
    const order = await orders.delivered(alice);
    const id = await ticketFor(alice, order.order_no, {
      game_base_id: t.ids.ltb,
      character_id: 'SOMEONE1',
      character_name: 'Someone else',
    });
    const [row] = await t.db.select().from(csWorkOrder).where(eq(csWorkOrder.id, id));
    const placed = workOrderDetailData.parse((await detail(alice, id)).data).order!;
    expect(row).toMatchObject({
      orderNo: order.order_no,
      gameBaseId: t.ids.sfl,
      characterId: placed.cp_role_id,
      characterName: placed.role_name,
    });
    expect(placed.cp_role_id).not.toBe('SOMEONE1');
  });

  it('needs no game when it names an order', async () => {
    const order = await orders.awaiting(alice);
    const { game_base_id: _left, ...noGame } = orderQuestion(t.ids, order.order_no);
    const answer = await submitQuestion(t.app, alice, noGame);
    expect(answer.code, JSON.stringify(answer)).toBe(0);
  });

  it("refuses another player's order and an unknown one with -10007, and stores nothing", async () => {
    const bobs = await orders.awaiting(bob);
    const before = await t.db.$count(csWorkOrder);
    for (const orderNo of [bobs.order_no, 'GP000000000000000000']) {
      const answer = await submitQuestion(t.app, alice, orderQuestion(t.ids, orderNo));
      expect(answer.code).toBe(codes.serviceOrderNotFound);
    }
    expect(await t.db.$count(csWorkOrder)).toBe(before);
  });

  it("still takes the spec's shape without an order (no order in the detail)", async () => {
    const answer = await submitQuestion(t.app, alice, questionOf(t.ids));
    expect(answer.code).toBe(0);
    const id = (answer.data as { work_order_id: number }).work_order_id;
    const data = workOrderDetailData.parse((await detail(alice, id)).data);
    expect(data).toMatchObject({ order_no: null, order: null, character_id: 'SFL10023' });
  });

  it('offers the question types with their stable slug (the form picks the top-up type by it)', async () => {
    const { body } = await caller(t.app).get('/cs/komoe/api/common/question_type/list?usage=2&lang=th');
    const types = questionTypeItem.array().parse(body.data);
    expect(types.find((ty) => ty.slug === 'payment')).toMatchObject({
      question_type: t.ids.type('payment'),
      question_type_name: 'การเติมเงินและการชำระเงิน',
    });
  });
});

describe('detail', () => {
  it('answers the linked order with its timeline to its member, in the page language', async () => {
    const order = await orders.delivered(alice);
    const id = await ticketFor(alice, order.order_no);
    const en = workOrderDetailData.parse((await detail(alice, id)).data);
    expect(en.order_no).toBe(order.order_no);
    expect(en.order).toMatchObject({ order_no: order.order_no, state: 'delivered', status: 'success' });
    expect(en.order!.timeline.map((s) => s.step)).toEqual(['created', 'paid', 'delivering', 'delivered']);
    const th = workOrderDetailData.parse((await detail(alice, id, 'th')).data);
    expect(th.order!.game_name).not.toBe(en.order!.game_name);
  });

  it("shows nobody else the ticket, so nobody sees another player's order through it", async () => {
    const order = await orders.delivered(alice);
    const id = await ticketFor(alice, order.order_no);
    const answer = await detail(bob, id);
    expect(answer.code).toBe(codes.accessDenied);
    expect(answer.data).toBeNull();
  });
});
