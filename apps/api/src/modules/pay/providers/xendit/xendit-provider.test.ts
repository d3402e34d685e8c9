/**
 * Xendit's Payment Requests through the real SDK (`xendit-node`) against the local test server
 * (xendit-test-server.ts), beside the sandbox: the seeded wallets Xendit carries (GCash in PHP, MoMo in VND, DANA
 * in IDR) pay through it, each with its channel code, the amount in Xendit's units and the wallet's link; paid,
 * declined and expired on the wallet's page; callbacks with the account token (a forged one refused, a replay a
 * duplicate); a lost callback found by asking Xendit; a staff refund and its `refund.succeeded` callback; the
 * settlement check from Xendit's transactions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { codes } from '@gp/errors';
import type { PayAdminOrderDetail } from '@gp/contracts/pay-admin';
import { loginTestMember, type TestMember } from '../../../../../test/member-session.ts';
import {
  addOrderUrl,
  memberGet,
  memberPost,
  orderForm,
  payTestEnv,
  webPriceOf,
  rechargeableRole,
  orderRowOf,
  placeOrderAt,
} from '../../../../../test/pay-steps.ts';
import { loginTestStaff, staffPost, type TestStaff } from '../../../../../test/staff-session.ts';
import { createTestApp } from '../../../../../test/test-app.ts';
import { game } from '../../../../db/schema/game.schema.ts';
import { payNotification, payOrder } from '../../../../db/schema/pay-order.schema.ts';
import { payOrderRefund } from '../../../../db/schema/pay-refund.schema.ts';
import { paySettlementMismatch } from '../../../../db/schema/pay-reconcile.schema.ts';
import { gameSimDelivery, payChannel } from '../../../../db/schema/pay.schema.ts';
import { demoXenditChannels } from '../../../../composition/seed/pay.seed.ts';
import { XenditTestServer } from '../../../../dev/xendit/xendit-test-server.ts';
import { fromXenditAmount, toXenditAmount } from './xendit-amount.ts';

const keys = { secretKey: 'xnd_development_gp_0123456789', callbackToken: 'gp-xendit-callback-token-0123' };
const payOrigin = 'http://localhost:8082';

let t: Awaited<ReturnType<typeof createTestApp>>;
let xendit: XenditTestServer;
let sfl: number;
let member: TestMember;
let staff: TestStaff;
let role: { cp_server_id: string; cp_role_id: string };

const notify = (body: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/pay/notify/xendit', payload: body, headers });

beforeAll(async () => {
  xendit = new XenditTestServer({
    ...keys,
    now: () => new Date(),
    send: async (body, headers) => (await notify(body, headers)).statusCode,
  });
  const base = await xendit.listen();
  t = await createTestApp({
    ...payTestEnv,
    PAY_ORIGIN: payOrigin,
    XENDIT_SECRET_KEY: keys.secretKey,
    XENDIT_CALLBACK_TOKEN: keys.callbackToken,
    XENDIT_API_BASE: base,
  });
  await demoXenditChannels(t.db, true);
  sfl = (await t.db.select().from(game)).find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
  member = await loginTestMember(t.db);
  staff = await loginTestStaff(t.db, { accountId: 'xendit.refunds', privileges: ['catalog'] });
  const found = await rechargeableRole(t.app, member, sfl);
  role = { cp_server_id: found.cpServerId, cp_role_id: found.cpRoleId };
});
afterAll(async () => {
  await t.close();
  await xendit.close();
});

const priceOf = (currency: string) => webPriceOf(t.db, sfl, currency);
const wallet = (currency: string, paymentType: string) =>
  placeOrderAt(t.app, t.db, member, sfl, { ...role, currency, payment_type: paymentType });
const rowOf = (orderNo: string) => orderRowOf(t.db, orderNo);
const creditsOf = (orderNo: string) =>
  t.db.select().from(gameSimDelivery).where(eq(gameSimDelivery.idempotencyKey, orderNo));
async function drain() {
  for (let round = 0; round < 10; round += 1) if ((await t.app.pay.worker.runOnce()).tried === 0) return;
}
const requestOf = (payOrderNo: string) => xendit.request(payOrderNo)!;

describe('amounts in Xendit units', () => {
  it('main units: IDR and VND whole, the others in two decimals; refuses a fraction Xendit cannot take', () => {
    expect(toXenditAmount(1_500_000, 'IDR')).toBe(15_000);
    expect(toXenditAmount(119_000, 'VND')).toBe(119_000);
    expect(toXenditAmount(29_950, 'PHP')).toBe(299.5);
    expect(fromXenditAmount(15_000, 'IDR')).toBe(1_500_000);
    expect(fromXenditAmount(299.5, 'PHP')).toBe(29_950);
    expect(fromXenditAmount(0.1 + 0.2, 'PHP')).toBe(30);
    expect(() => toXenditAmount(1_500_050, 'IDR')).toThrow(RangeError);
    expect(() => fromXenditAmount(1.005, 'PHP')).toThrow(RangeError);
  });
});

describe('payment requests', () => {
  it('GCash (PHP): the channel code, the amount, our order number and the way back; paid, credited once', async () => {
    const created = await wallet('PHP', 'gcash');
    expect(created.pay_order_no).toMatch(/^pr-/);
    const request = requestOf(created.pay_order_no);
    expect(request).toMatchObject({
      reference_id: created.order_no,
      currency: 'PHP',
      amount: (await priceOf('PHP')) / 100,
      country: 'PH',
      status: 'REQUIRES_ACTION',
      metadata: { order_no: created.order_no },
      payment_method: { type: 'EWALLET', reusability: 'ONE_TIME_USE', ewallet: { channel_code: 'GCASH' } },
    });
    const properties = (request.payment_method as { ewallet: { channel_properties: Record<string, string> } })
      .ewallet.channel_properties;
    expect(properties.success_return_url).toBe(
      `${payOrigin}/paygame/?order_no=${created.order_no}&checkout=success`,
    );
    // The wallet's page is the link the player opens.
    expect(created.pay_url).toBe(`${new URL(created.pay_url).origin}/wallet/${created.pay_order_no}`);
    const page = await fetch(created.pay_url);
    expect(await page.text()).toContain('GCASH');
    const answer = await fetch(`${created.pay_url}/decide`, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'pay' }),
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(properties.success_return_url);
    const sent = xendit.sent.at(-1)!;
    expect(sent.event).toBe('payment.succeeded');
    expect(sent.headers['x-callback-token']).toBe(keys.callbackToken);
    expect(sent.status).toBe(200);
    expect((await rowOf(created.order_no)).state).toBe('paid');
    await drain();
    expect((await rowOf(created.order_no)).state).toBe('delivered');
    expect(await creditsOf(created.order_no)).toHaveLength(1);
  });

  it('MoMo (VND) whole dong; declined in the wallet: the order fails and nothing is credited', async () => {
    const created = await wallet('VND', 'momo');
    expect(requestOf(created.pay_order_no)).toMatchObject({
      currency: 'VND',
      amount: await priceOf('VND'),
      payment_method: { ewallet: { channel_code: 'MOMO' } },
    });
    const sent = await xendit.decide(created.pay_order_no, 'decline');
    expect(sent!.event).toBe('payment.failed');
    expect(sent!.status).toBe(200);
    expect((await rowOf(created.order_no)).state).toBe('failed');
    expect(await creditsOf(created.order_no)).toHaveLength(0);
  });

  it('DANA (IDR) without a fraction of a rupiah: paid through the wallet', async () => {
    const price = await priceOf('IDR');
    const created = await wallet('IDR', 'dana');
    expect(requestOf(created.pay_order_no)).toMatchObject({ currency: 'IDR', amount: price / 100 });
    await xendit.decide(created.pay_order_no, 'pay');
    expect((await rowOf(created.order_no)).state).toBe('paid');
  });

  it('the same order asks once: the idempotency key answers the same payment request', async () => {
    const created = await wallet('PHP', 'maya');
    const again = await t.app.pay.xendit!.createPayment({
      orderNo: created.order_no,
      amount: await priceOf('PHP'),
      currency: 'PHP',
      description: 'again',
      lang: 'en',
      expiresAt: new Date(Date.now() + 600_000),
      payMode: 108,
      paymentType: 'maya',
      methods: ['PAYMAYA'],
      returnUrl: `${payOrigin}/paygame/?order_no=${created.order_no}`,
      payerName: 'Hero',
    });
    expect(again.payOrderNo).toBe(created.pay_order_no);
  });

  it('a channel code that does not take the currency is refused (13) and no order is kept', async () => {
    await t.db
      .update(payChannel)
      .set({ providerMethods: { xendit: ['GCASH'] } })
      .where(and(eq(payChannel.gameBaseId, sfl), eq(payChannel.paymentType, 'zalopay')));
    const orders = (await t.db.select().from(payOrder)).length;
    const form = await orderForm(t.app, member, sfl, {
      ...role,
      currency: 'VND',
      payment_type: 'zalopay',
      product_price: await priceOf('VND'),
    });
    const { body } = await memberPost(t.app, addOrderUrl.webpay, member, form);
    expect(body.code).toBe(codes.payPaymentMethodUnsupported);
    expect(await t.db.select().from(payOrder)).toHaveLength(orders);
    await t.db
      .update(payChannel)
      .set({ providerMethods: { xendit: ['ZALOPAY'] } })
      .where(and(eq(payChannel.gameBaseId, sfl), eq(payChannel.paymentType, 'zalopay')));
  });
});

describe('paid from our page: QR codes and virtual accounts', () => {
  const detailOf = async (orderNo: string) =>
    (await memberGet(t.app, `/pay/api/web/pay/order_detail?order_no=${orderNo}&lang=en`, member)).body
      .data as Record<string, unknown>;

  it('QRIS (IDR): no page to open, the QR payload for our page; scanned (simulated), the order is paid', async () => {
    const price = await priceOf('IDR');
    const created = await wallet('IDR', 'qris');
    expect(created.pay_url).toBe('');
    const request = requestOf(created.pay_order_no);
    expect(request).toMatchObject({
      status: 'PENDING',
      amount: price / 100,
      payment_method: { type: 'QR_CODE', qr_code: { channel_code: 'QRIS' } },
    });
    const qr = (request.payment_method as { qr_code: { channel_properties: { qr_string: string } } }).qr_code
      .channel_properties.qr_string;
    expect(created.pay_instructions).toEqual({ kind: 'qr', qr_string: qr });
    expect(created.app_url).toBeUndefined();
    // The order page shows it while the order waits for the payment...
    expect(await detailOf(created.order_no)).toMatchObject({
      pay_instructions: { kind: 'qr', qr_string: qr },
      expires_at: (await rowOf(created.order_no)).expiresAt.toISOString(),
    });
    // ...the payer scans it (Xendit's test-mode simulation, through the SDK) ...
    await t.app.pay.xendit!.xendit.PaymentRequest.simulatePaymentRequestPayment({
      paymentRequestId: created.pay_order_no,
    });
    for (let i = 0; i < 50 && (await rowOf(created.order_no)).state !== 'paid'; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await rowOf(created.order_no)).state).toBe('paid');
    // ...and then it is gone from the page: nothing is left to pay.
    expect(await detailOf(created.order_no)).not.toHaveProperty('pay_instructions');
    expect(await detailOf(created.order_no)).not.toHaveProperty('expires_at');
  });

  it("BCA virtual account (IDR): the account number for our page, in the character's name", async () => {
    const created = await wallet('IDR', 'bca_va');
    const request = requestOf(created.pay_order_no);
    const properties = (
      request.payment_method as { virtual_account: { channel_properties: Record<string, string> } }
    ).virtual_account.channel_properties;
    expect(properties.customer_name).toBe((await rowOf(created.order_no)).roleName);
    expect(created.pay_instructions).toEqual({
      kind: 'bank_transfer',
      bank: 'BCA',
      account_number: properties.virtual_account_number,
    });
    await xendit.decide(created.pay_order_no, 'pay');
    expect((await rowOf(created.order_no)).state).toBe('paid');
  });

  it("a wallet's answer carries the link that opens its app on a phone", async () => {
    const created = await wallet('PHP', 'gcash');
    expect(created.app_url).toBe(`gcash://pay?request=${created.pay_order_no}`);
    expect(await detailOf(created.order_no)).toMatchObject({ app_url: created.app_url });
  });
});

describe('callbacks', () => {
  it('refuses a callback without the account token (401) and changes nothing; a replay is a duplicate', async () => {
    const created = await wallet('PHP', 'gcash');
    const sent = await xendit.decide(created.pay_order_no, 'pay', { drop: true });
    const forged = await notify(sent!.body, { ...sent!.headers, 'x-callback-token': 'guessed-token-000' });
    expect(forged.statusCode).toBe(401);
    const missing = await notify(sent!.body, { 'content-type': 'application/json' });
    expect(missing.statusCode).toBe(401);
    expect((await rowOf(created.order_no)).state).toBe('awaiting_payment');
    expect(await xendit.deliverLate(sent!)).toBe(200);
    expect((await rowOf(created.order_no)).state).toBe('paid');
    const replay = await notify(sent!.body, sent!.headers);
    expect(replay.json()).toMatchObject({ received: true, result: 'duplicate' });
    const rows = await t.db
      .select()
      .from(payNotification)
      .where(eq(payNotification.eventId, sent!.headers['webhook-id']!));
    expect(rows).toHaveLength(1);
  });

  it('a lost callback: order_result asks Xendit and finds the payment; an expired request expires the order', async () => {
    const result = (payOrderNo: string) =>
      memberGet(t.app, `/pay/api/web/pay/order_result?pay_order_no=${payOrderNo}`, member);
    const paid = await wallet('THB', 'truemoney');
    expect((await result(paid.pay_order_no)).body.code).toBe(codes.payOrderNotPaid);
    await xendit.decide(paid.pay_order_no, 'pay', { drop: true });
    expect((await rowOf(paid.order_no)).state).toBe('awaiting_payment');
    const { body } = await result(paid.pay_order_no);
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ state: 'paid' });

    const expired = await wallet('MYR', 'touch_n_go');
    expect(requestOf(expired.pay_order_no)).toMatchObject({
      payment_method: { ewallet: { channel_code: 'TOUCHNGO' } },
    });
    await xendit.decide(expired.pay_order_no, 'expire');
    await result(expired.pay_order_no);
    expect((await rowOf(expired.order_no)).state).toBe('expired');
  });
});

describe('refunds and settlement', () => {
  it('staff refund: one Xendit refund, its refund.succeeded callback changes nothing more; reversed once', async () => {
    const created = await wallet('PHP', 'gcash');
    await xendit.decide(created.pay_order_no, 'pay');
    await drain();
    const res = (
      await staffPost(t.app, staff, '/csmng/komoe/mng/pay/order/refund', {
        order_no: created.order_no,
        reason: 'player_request',
      })
    ).json() as { code: number; data: PayAdminOrderDetail };
    expect(res.code).toBe(0);
    expect(res.data.refund!.refund_ref).toMatch(/^rfd-/);
    expect((await rowOf(created.order_no)).state).toBe('refunded');
    // The wallet completes the refund after answering.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const callback = xendit.sent.filter((s) => s.event === 'refund.succeeded').at(-1)!;
    expect(callback.status).toBe(200);
    const refunds = await t.db
      .select()
      .from(payOrderRefund)
      .where(eq(payOrderRefund.orderId, (await rowOf(created.order_no)).id));
    expect(refunds).toHaveLength(1);
    // Asked again with the same idempotency key: the same refund, not a second one.
    const again = await t.app.pay.xendit!.refundPayment({
      orderNo: created.order_no,
      payOrderNo: created.pay_order_no,
      amount: await priceOf('PHP'),
      currency: 'PHP',
      reason: 'player_request',
    });
    expect(again.refundRef).toBe(res.data.refund!.refund_ref);
  });

  it("the settlement check reads Xendit's transactions: a lost payment and a refund it did not hear of", async () => {
    const lost = await wallet('PHP', 'gcash');
    await xendit.decide(lost.pay_order_no, 'pay', { drop: true });
    const day = new Date().toISOString().slice(0, 10);
    const runs = await t.app.pay.settlement.check(day);
    expect(runs.find((r) => r.provider === 'xendit')).toMatchObject({ day, payments: expect.any(Number) });
    const found = await t.db
      .select()
      .from(paySettlementMismatch)
      .where(eq(paySettlementMismatch.orderNo, lost.order_no));
    expect(found.map((m) => m.kind)).toEqual(['paid_not_here']);
    expect(found[0]).toMatchObject({ providerAmount: await priceOf('PHP'), providerCurrency: 'PHP' });
  });
});
