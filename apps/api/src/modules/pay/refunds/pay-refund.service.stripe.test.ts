/**
 * Refunds and disputes through Stripe, with the real SDK against the local test server: a staff refund
 * creates a Stripe refund once (idempotency key) and the `charge.refunded` webhook that follows changes
 * nothing; a refund made in Stripe's dashboard arrives as that webhook and refunds the order (reason
 * `provider`); the webhook overtaking the staff refund's answer; replayed, forged and out-of-order events; a
 * dispute opened flags the order, one closed lost refunds it (reason `dispute_lost`: Stripe sends no
 * `charge.refunded` for it), one won or still open changes nothing more. The credit is reversed exactly once in
 * every case.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PayOrderPage } from '@gp/contracts/pay';
import type { PayAdminOrderDetail } from '@gp/contracts/pay-admin';
import { codes } from '@gp/errors';
import { loginTestMember, type TestMember } from '../../../../test/member-session.ts';
import {
  memberGet,
  orderDetail,
  payTestEnv,
  placeOrder,
  rechargeableRole,
  orderRowOf,
} from '../../../../test/pay-steps.ts';
import { loginTestStaff, staffGet, staffPost, type TestStaff } from '../../../../test/staff-session.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { game } from '../../../db/schema/game.schema.ts';
import { payNotification } from '../../../db/schema/pay-order.schema.ts';
import { payOrderDispute, payOrderRefund } from '../../../db/schema/pay-refund.schema.ts';
import { gameSimDelivery } from '../../../db/schema/pay.schema.ts';
import { StripeTestServer } from '../../../dev/stripe/stripe-test-server.ts';

const keys = { secretKey: 'sk_test_gp_refunds_0123', webhookSecret: 'whsec_gp_refunds_0123456789abcdef' };

let t: Awaited<ReturnType<typeof createTestApp>>;
let stripe: StripeTestServer;
let sfl: number;
let member: TestMember;
let staff: TestStaff;
let role: { cp_server_id: string; cp_role_id: string };
/** Every POST /v1/refunds the test server answered (a repeat with the same key is not a new refund). */
let refundCalls = 0;

const notify = (body: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/pay/notify/stripe', payload: body, headers });

beforeAll(async () => {
  stripe = new StripeTestServer({
    ...keys,
    now: () => new Date(),
    send: async (body, headers) => (await notify(body, headers)).statusCode,
  });
  const base = await stripe.listen();
  t = await createTestApp({
    ...payTestEnv,
    PAY_PROVIDER: 'stripe',
    PAY_ORIGIN: 'http://localhost:8082',
    STRIPE_SECRET_KEY: keys.secretKey,
    STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
    STRIPE_API_BASE: base,
  });
  sfl = (await t.db.select().from(game)).find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
  member = await loginTestMember(t.db);
  staff = await loginTestStaff(t.db, { accountId: 'stripe.refunds', privileges: ['catalog'] });
  const found = await rechargeableRole(t.app, member, sfl);
  role = { cp_server_id: found.cpServerId, cp_role_id: found.cpRoleId };
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

type Body<T> = { code: number; data: T };
const refund = async (orderNo: string, reason = 'player_request') => {
  const before = stripe.sent.filter((s) => s.event.type === 'charge.refunded').length;
  const res = (
    await staffPost(t.app, staff, '/csmng/komoe/mng/pay/order/refund', { order_no: orderNo, reason })
  ).json() as Body<PayAdminOrderDetail>;
  await stripe.settled();
  refundCalls += stripe.sent.filter((s) => s.event.type === 'charge.refunded').length - before;
  return res;
};
const detail = async (orderNo: string) =>
  (
    (
      await staffGet(t.app, staff, '/csmng/komoe/mng/pay/order/detail', { order_no: orderNo })
    ).json() as Body<PayAdminOrderDetail>
  ).data;
const rowOf = (orderNo: string) => orderRowOf(t.db, orderNo);
const refundRows = async (orderNo: string) =>
  t.db
    .select()
    .from(payOrderRefund)
    .where(eq(payOrderRefund.orderId, (await rowOf(orderNo)).id));
const creditsOf = (orderNo: string) =>
  t.db.select().from(gameSimDelivery).where(eq(gameSimDelivery.idempotencyKey, orderNo));
async function drain() {
  for (let round = 0; round < 10; round += 1) if ((await t.app.pay.worker.runOnce()).tried === 0) return;
}
async function deliveredOrder() {
  const created = await placeOrder(t.app, member, sfl, { overrides: role });
  await stripe.decide(created.pay_order_no, 'pay');
  await drain();
  expect((await rowOf(created.order_no)).state).toBe('delivered');
  return created;
}
/** Runs the reversal worker until it has nothing due; answers how many it settled. */
async function reverseAll() {
  let settled = 0;
  for (let round = 0; round < 5; round += 1) {
    const r = await t.app.pay.reversals.runOnce();
    settled += r.settled;
    if (r.tried === 0) break;
  }
  return settled;
}

describe('refunds through Stripe', () => {
  it('staff refund: one Stripe refund (idempotency key), the webhook after it changes nothing, one reversal', async () => {
    const created = await deliveredOrder();
    const res = await refund(created.order_no);
    expect(res.code).toBe(0);
    expect(res.data.refund).toMatchObject({ reason: 'player_request', reversal_status: 'pending' });
    expect(res.data.refund!.refund_ref).toMatch(/^re_/);
    const money = stripe.money.get(created.pay_order_no)!;
    expect(money.refund).toMatchObject({
      id: res.data.refund!.refund_ref,
      amount: 54_900,
      metadata: { order_no: created.order_no, reason: 'player_request' },
      reason: 'requested_by_customer',
    });
    expect(money.charge).toMatchObject({ refunded: true, amount_refunded: 54_900 });
    // Stripe's charge.refunded webhook came after the answer and found the order refunded already.
    const sent = stripe.sent.filter((s) => s.event.type === 'charge.refunded');
    expect(sent.at(-1)!.status).toBe(200);
    const [recorded] = await t.db
      .select()
      .from(payNotification)
      .where(eq(payNotification.eventId, sent.at(-1)!.event.id));
    expect(recorded).toMatchObject({ outcome: 'refunded', result: 'ignored' });
    expect(await refundRows(created.order_no)).toHaveLength(1);
    expect(await reverseAll()).toBe(1);
    expect((await creditsOf(created.order_no))[0]!.reversedAt).not.toBeNull();
    // Asked again at the SDK level, the same idempotency key answers the same refund.
    const again = await t.app.pay.providers.stripe!.refundPayment({
      orderNo: created.order_no,
      payOrderNo: created.pay_order_no,
      amount: 54_900,
      currency: 'THB',
      reason: 'player_request',
    });
    expect(again.refundRef).toBe(res.data.refund!.refund_ref);
    expect((await refund(created.order_no)).code).toBe(codes.staffRefundAlreadyRefunded);
    expect(refundCalls).toBe(1);
  });

  it('the webhook overtaking the staff refund: one refund row with staff reason, one reversal', async () => {
    const created = await deliveredOrder();
    stripe.refundWebhookFirst = true;
    try {
      const res = await refund(created.order_no, 'duplicate');
      expect(res.code).toBe(0);
      expect(res.data.refund).toMatchObject({ reason: 'duplicate', staff_account_id: 'stripe.refunds' });
    } finally {
      stripe.refundWebhookFirst = false;
    }
    // The webhook moved the order; staff's refund took its row over.
    const rows = await refundRows(created.order_no);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.source).toMatch(/^notification:evt_/);
    expect(rows[0]).toMatchObject({ reason: 'duplicate', staffAccountId: 'stripe.refunds' });
    expect(await reverseAll()).toBe(1);
    expect(await reverseAll()).toBe(0);
  });

  it("a refund made in Stripe's dashboard refunds the order (reason provider) and reverses the credit", async () => {
    const created = await deliveredOrder();
    const sent = await stripe.refund(created.pay_order_no);
    expect(sent!.status).toBe(200);
    expect(JSON.parse(sent!.body).type).toBe('charge.refunded');
    expect((await rowOf(created.order_no)).state).toBe('refunded');
    expect((await detail(created.order_no)).refund).toMatchObject({
      reason: 'provider',
      staff_account_id: null,
      reversal_status: 'pending',
    });
    expect(await reverseAll()).toBe(1);
    expect((await creditsOf(created.order_no))[0]!.reversedAt).not.toBeNull();
    expect((await detail(created.order_no)).refund).toMatchObject({ reversal_status: 'reversed' });
    // Replayed byte for byte: a duplicate, nothing changes.
    const replay = await notify(sent!.body, sent!.headers);
    expect(replay.json()).toMatchObject({ received: true, result: 'duplicate' });
    expect(await refundRows(created.order_no)).toHaveLength(1);
    expect(await reverseAll()).toBe(0);
    // Staff then: Stripe has refunded it already.
    expect((await refund(created.order_no)).code).toBe(codes.staffRefundAlreadyRefunded);
  });

  it('a forged refund webhook is refused (401) and changes nothing', async () => {
    const created = await deliveredOrder();
    const money = stripe.money.get(created.pay_order_no)!;
    const created_ = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({
      id: 'evt_forged_refund',
      object: 'event',
      created: created_,
      type: 'charge.refunded',
      data: { object: { ...money.charge, refunded: true } },
    });
    const forged = await notify(body, {
      'content-type': 'application/json',
      'stripe-signature': stripe.signature(body, created_, 'whsec_not_the_secret'),
    });
    expect(forged.statusCode).toBe(401);
    const stale = await notify(body, {
      'content-type': 'application/json',
      'stripe-signature': stripe.signature(body, created_ - 3600),
    });
    expect(stale.statusCode).toBe(401);
    expect((await rowOf(created.order_no)).state).toBe('delivered');
    expect(await refundRows(created.order_no)).toHaveLength(0);
  });

  it('out of order: a refund event for an order not paid yet is recorded and ignored', async () => {
    const created = await placeOrder(t.app, member, sfl, { overrides: role });
    const intent = stripe.sessions.get(created.pay_order_no)!.intent;
    const at = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({
      id: 'evt_refund_before_pay',
      object: 'event',
      created: at,
      type: 'charge.refunded',
      data: {
        object: { id: 'ch_x', object: 'charge', refunded: true, payment_intent: intent.id, metadata: {} },
      },
    });
    const res = await notify(body, {
      'content-type': 'application/json',
      'stripe-signature': stripe.signature(body, at),
    });
    expect(res.json()).toMatchObject({ received: true, result: 'ignored' });
    expect((await rowOf(created.order_no)).state).toBe('awaiting_payment');
    expect(await refundRows(created.order_no)).toHaveLength(0);
  });
});

describe('disputes through Stripe', () => {
  it('flags the order disputed, closes it, and a late "created" after "closed" changes nothing', async () => {
    const created = await deliveredOrder();
    const opened = await stripe.dispute(created.pay_order_no, 'product_not_received');
    expect(opened.status).toBe(200);
    const order = await rowOf(created.order_no);
    expect(order.state).toBe('delivered');
    expect((await detail(created.order_no)).dispute).toMatchObject({
      status: 'needs_response',
      reason: 'product_not_received',
      closed_at: null,
    });
    // Stripe refuses to refund a disputed charge: staff hear the provider refused.
    expect((await refund(created.order_no)).code).toBe(codes.staffRefundProviderRefused);
    expect((await rowOf(created.order_no)).state).toBe('delivered');

    const closed = await stripe.closeDispute(created.pay_order_no, 'lost');
    expect(closed.status).toBe(200);
    expect((await detail(created.order_no)).dispute).toMatchObject({ status: 'lost' });
    expect((await detail(created.order_no)).dispute!.closed_at).not.toBeNull();
    expect((await rowOf(created.order_no)).state).toBe('refunded');
    expect(await reverseAll()).toBe(1);
    // The "created" event again under a new id (Stripe retries carry the same id; a reordered one may come late).
    const late = JSON.parse(opened.body) as { id: string; created: number };
    const body = JSON.stringify({ ...late, id: `${late.id}_late` });
    const replayed = await notify(body, {
      'content-type': 'application/json',
      'stripe-signature': stripe.signature(body, Math.floor(Date.now() / 1000)),
    });
    expect(replayed.json()).toMatchObject({ received: true, result: 'ignored' });
    const [row] = await t.db.select().from(payOrderDispute).where(eq(payOrderDispute.orderId, order.id));
    expect(row).toMatchObject({ status: 'lost', reason: 'product_not_received' });
    // The same event again is a duplicate.
    expect((await notify(opened.body, opened.headers)).json()).toMatchObject({ result: 'duplicate' });
  });

  /** A Stripe event about this dispute, signed now as Stripe signs it; sent to the notify route. */
  async function disputeEvent(payOrderNo: string, type: string, status: string, id: string) {
    const dispute = stripe.money.get(payOrderNo)!.dispute!;
    const at = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({
      id,
      object: 'event',
      created: at,
      type,
      data: { object: { ...dispute, status } },
    });
    return notify(body, {
      'content-type': 'application/json',
      'stripe-signature': stripe.signature(body, at),
    });
  }
  const notificationOf = async (eventId: string) =>
    (await t.db.select().from(payNotification).where(eq(payNotification.eventId, eventId)))[0];

  it('lost: the order is refunded (dispute_lost) and the credit reversed once; a replay, a later charge.refunded and staff change nothing', async () => {
    const created = await deliveredOrder();
    expect((await stripe.dispute(created.pay_order_no)).status).toBe(200);
    // Open, it only flags the order.
    expect((await rowOf(created.order_no)).state).toBe('delivered');
    expect(await refundRows(created.order_no)).toHaveLength(0);

    const closed = await stripe.closeDispute(created.pay_order_no, 'lost');
    expect(closed.status).toBe(200);
    expect(JSON.parse(closed.body)).toMatchObject({ type: 'charge.dispute.closed' });
    expect(await notificationOf(closed.event.id)).toMatchObject({
      outcome: 'dispute:lost',
      result: 'applied',
    });
    expect((await rowOf(created.order_no)).state).toBe('refunded');
    const staffView = await detail(created.order_no);
    expect(staffView.refund).toMatchObject({
      reason: 'dispute_lost',
      note: null,
      staff_account_id: null,
      refund_ref: null,
      reversal_status: 'pending',
    });
    expect(staffView.dispute).toMatchObject({ status: 'lost' });
    expect(staffView.dispute!.closed_at).not.toBeNull();
    // The game server's reversal, through the reversal worker as any refund's.
    expect(await reverseAll()).toBe(1);
    expect((await creditsOf(created.order_no))[0]!.reversedAt).not.toBeNull();
    expect((await detail(created.order_no)).refund).toMatchObject({ reversal_status: 'reversed' });

    // The same event again: a duplicate.
    expect((await notify(closed.body, closed.headers)).json()).toMatchObject({ result: 'duplicate' });
    // A charge.refunded for the same charge afterwards (Stripe sends none for a lost dispute; a dashboard
    // refund would): the order is refunded already.
    const later = await stripe.refund(created.pay_order_no);
    expect(later!.status).toBe(200);
    expect(JSON.parse(later!.body)).toMatchObject({ type: 'charge.refunded' });
    expect(await notificationOf(later!.event.id)).toMatchObject({ outcome: 'refunded', result: 'ignored' });
    // Staff: refunded already.
    expect((await refund(created.order_no)).code).toBe(codes.staffRefundAlreadyRefunded);
    const rows = await refundRows(created.order_no);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'dispute_lost', source: `notification:${closed.event.id}` });
    expect(await reverseAll()).toBe(0);
    expect(await creditsOf(created.order_no)).toHaveLength(1);
  });

  it('the player sees a lost dispute as a refund with its reason in order detail and history', async () => {
    const created = await deliveredOrder();
    await stripe.dispute(created.pay_order_no, 'fraudulent');
    await stripe.closeDispute(created.pay_order_no, 'lost');
    const item = await orderDetail(t.app, member, created.order_no, 'vi');
    expect(item).toMatchObject({ state: 'refunded', status: 'failed', refund_reason: 'dispute_lost' });
    expect(item.refunded_at).not.toBeNull();
    const { body } = await memberGet(t.app, '/pay/api/web/pay/order_history?page_num=1&page_size=50', member);
    const row = (body.data as PayOrderPage).list.find((o) => o.order_no === created.order_no)!;
    expect(row).toMatchObject({ state: 'refunded', refund_reason: 'dispute_lost' });
    await reverseAll();
  });

  it('won, still open, or closed without a chargeback: the flag only, the order and its credit stay', async () => {
    const created = await deliveredOrder();
    await stripe.dispute(created.pay_order_no);
    const updated = await disputeEvent(
      created.pay_order_no,
      'charge.dispute.updated',
      'under_review',
      `evt_dispute_review_${created.order_no}`,
    );
    expect(updated.json()).toMatchObject({ received: true, result: 'applied' });
    expect((await detail(created.order_no)).dispute).toMatchObject({
      status: 'under_review',
      closed_at: null,
    });
    expect((await stripe.closeDispute(created.pay_order_no, 'won')).status).toBe(200);
    const order = await rowOf(created.order_no);
    expect(order.state).toBe('delivered');
    expect((await detail(created.order_no)).dispute).toMatchObject({ status: 'won' });
    expect(await refundRows(created.order_no)).toHaveLength(0);
    expect(await reverseAll()).toBe(0);
    expect((await creditsOf(created.order_no))[0]!.reversedAt).toBeNull();

    // An inquiry closed before it became a chargeback (warning_closed) keeps the money with us too.
    const inquiry = await deliveredOrder();
    await stripe.dispute(inquiry.pay_order_no);
    const warning = await disputeEvent(
      inquiry.pay_order_no,
      'charge.dispute.closed',
      'warning_closed',
      `evt_dispute_warning_${inquiry.order_no}`,
    );
    expect(warning.json()).toMatchObject({ received: true, result: 'applied' });
    expect((await rowOf(inquiry.order_no)).state).toBe('delivered');
    expect(await refundRows(inquiry.order_no)).toHaveLength(0);
  });

  it('refunded before the dispute closed lost: the refund stays as it was, the dispute is recorded', async () => {
    const created = await deliveredOrder();
    await stripe.refund(created.pay_order_no);
    expect(await reverseAll()).toBe(1);
    await stripe.dispute(created.pay_order_no);
    const closed = await stripe.closeDispute(created.pay_order_no, 'lost');
    expect(closed.status).toBe(200);
    expect(await notificationOf(closed.event.id)).toMatchObject({ result: 'applied' });
    const staffView = await detail(created.order_no);
    expect(staffView.refund).toMatchObject({ reason: 'provider', reversal_status: 'reversed' });
    expect(staffView.dispute).toMatchObject({ status: 'lost' });
    expect(staffView.dispute!.closed_at).not.toBeNull();
    expect(await refundRows(created.order_no)).toHaveLength(1);
    expect(await reverseAll()).toBe(0);
  });

  it('lost before the credit was delivered: refunded with no reversal, the delivery never credits', async () => {
    const created = await placeOrder(t.app, member, sfl, { overrides: role });
    await stripe.decide(created.pay_order_no, 'pay');
    expect((await rowOf(created.order_no)).state).toBe('paid');
    await stripe.dispute(created.pay_order_no);
    await stripe.closeDispute(created.pay_order_no, 'lost');
    expect((await rowOf(created.order_no)).state).toBe('refunded');
    expect((await detail(created.order_no)).refund).toMatchObject({
      reason: 'dispute_lost',
      reversal_status: 'not_needed',
    });
    await drain();
    expect(await creditsOf(created.order_no)).toHaveLength(0);
    expect(await reverseAll()).toBe(0);
  });
});
