/**
 * Database round trips of one order as the benches place it (bench/src/order-flow.ts: the top-up captcha,
 * add_order with a new idempotency key, the sandbox provider's signed "paid" notification), counted as the
 * statements the driver receives (test/statement-counter.ts). Each is a round trip a buyer waits for and a
 * pooled connection is held for; the bounds keep them from creeping back.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { loginTestMember, type TestMember } from '../../../../test/member-session.ts';
import {
  memberGet,
  memberPost,
  notificationBody,
  notify,
  payTestEnv,
  rechargeableRole,
} from '../../../../test/pay-steps.ts';
import { captchaAnswer } from '../../../../test/passport-steps.ts';
import { recordStatements, type StatementRecorder } from '../../../../test/statement-counter.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { game } from '../../../db/schema/game.schema.ts';
import {
  payDeliveryJob,
  payNotification,
  payOrder,
  payOrderEvent,
  payOrderRequest,
} from '../../../db/schema/pay-order.schema.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let recorder: StatementRecorder;
let sfl: number;
let member: TestMember;
let role: { cpServerId: string; cpRoleId: string };
beforeAll(async () => {
  // The public cache on, as in production (tests turn it off by default): orders read the catalog from memory.
  t = await createTestApp({ ...payTestEnv, PUBLIC_CACHE_TTL_MS: '60000' });
  sfl = (await t.db.select().from(game)).find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
  member = await loginTestMember(t.db);
  role = await rechargeableRole(t.app, member, sfl);
  // Not the order's: the rate limits' counts of all requests are merged by a timer (one statement per process
  // every 250 ms; modules/rate-limit), during whichever request it happens to fire. Counted in memory from here.
  await t.app.rateLimitCounter.stop();
  recorder = recordStatements(t.database);
});
afterAll(async () => {
  recorder.restore();
  await t.close();
});

/** The statements `step` sends, and what it answered. */
async function counted<T>(step: () => Promise<T>): Promise<{ answer: T; statements: string[] }> {
  recorder.start();
  try {
    const answer = await step();
    return { answer, statements: recorder.stop() };
  } finally {
    recorder.stop();
  }
}

/** One buyer's order, step by step, exactly as the benches send it. */
async function oneOrder() {
  const captcha = await counted(() => memberGet(t.app, '/pay/api/web/pay/get_captcha', member));
  expect(captcha.answer.body.code).toBe(0);
  const token = (captcha.answer.body.data as { captcha_token: string }).captcha_token;
  const order = await counted(() =>
    memberPost(t.app, '/pay/api/komoe/webpay/add_order?distribution_region=5&lang=en', member, {
      game_base_id: sfl,
      game_id: 'sfl_sea',
      cp_server_id: role.cpServerId,
      cp_role_id: role.cpRoleId,
      product_id: 'sfl_sea.gem_980',
      product_name: '980 Stardust',
      product_price: 54900,
      currency: 'THB',
      pay_mode: 108,
      payment_type: 'promptpay',
      captcha_token: token,
      captcha_code: captchaAnswer,
      idempotency_key: randomUUID(),
    }),
  );
  expect(order.answer.body.code).toBe(0);
  const created = order.answer.body.data as { order_no: string; pay_order_no: string };
  const paidNotification = (eventId: string) =>
    notify(
      t.app,
      notificationBody({
        eventId,
        payOrderNo: created.pay_order_no,
        orderNo: created.order_no,
        outcome: 'paid',
        amount: 54900,
        currency: 'THB',
      }),
    );
  const eventId = randomUUID();
  const paid = await counted(() => paidNotification(eventId));
  expect(paid.answer).toEqual({ status: 200, body: { received: true, result: 'applied' } });
  // It did what it always did: the order was linked to its payment and moved created -> awaiting_payment -> paid,
  // its key answers it, its delivery is owed, the notification is kept with its result.
  const [row] = await t.db.select().from(payOrder).where(eq(payOrder.orderNo, created.order_no));
  expect(row).toMatchObject({ state: 'paid', payOrderNo: created.pay_order_no, price: 54900 });
  const events = await t.db.select().from(payOrderEvent).where(eq(payOrderEvent.orderId, row!.id));
  expect(events.map((e) => [e.fromState, e.toState, e.cause])).toEqual([
    [null, 'created', 'order'],
    ['created', 'awaiting_payment', 'payment'],
    ['awaiting_payment', 'paid', `notification:${eventId}`],
  ]);
  const [request] = await t.db.select().from(payOrderRequest).where(eq(payOrderRequest.orderId, row!.id));
  expect(request).toMatchObject({ mid: member.mid, status: 'done' });
  expect(await t.db.select().from(payDeliveryJob).where(eq(payDeliveryJob.orderId, row!.id))).toHaveLength(1);
  // Another event paying it again changes nothing and is kept as ignored.
  const again = randomUUID();
  expect((await paidNotification(again)).body.result).toBe('ignored');
  const kept = await t.db
    .select({ eventId: payNotification.eventId, result: payNotification.result })
    .from(payNotification)
    .where(eq(payNotification.payOrderNo, created.pay_order_no));
  expect(kept).toEqual(
    expect.arrayContaining([
      { eventId, result: 'applied' },
      { eventId: again, result: 'ignored' },
    ]),
  );
  return { captcha: captcha.statements, order: order.statements, notification: paid.statements };
}

it('places and pays an order in a bounded number of statements', async () => {
  // The first order warms what a running server has warm (caches filled at the first use); the second counts.
  await oneOrder();
  const steps = await oneOrder();
  const counts = Object.fromEntries(Object.entries(steps).map(([step, list]) => [step, list.length]));
  if (process.env.SHOW_STATEMENTS) console.log(JSON.stringify(steps, null, 2), counts);
  // Before the round trips were cut down: 2, 26 and 7.
  expect(counts.captcha, steps.captcha.join('\n')).toBeLessThanOrEqual(2);
  expect(counts.order, steps.order.join('\n')).toBeLessThanOrEqual(8);
  expect(counts.notification, steps.notification.join('\n')).toBeLessThanOrEqual(4);
});
