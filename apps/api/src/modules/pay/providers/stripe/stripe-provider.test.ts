/**
 * Stripe Checkout through the real SDK against the local test server (stripe-test-server.ts): a session per
 * order with the channel's methods and the amount in Stripe's units; paid, declined and expired on the hosted
 * page, each applied from the signed webhook through the guarded transitions; a replayed webhook, a forged
 * one, one out of order and a payment after the order expired; the order_result call asking Stripe when the
 * webhook was lost; a method Stripe refuses for the currency answers 13.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { codes } from '@gp/errors';
import { loginTestMember, type TestMember } from '../../../../../test/member-session.ts';
import {
  memberGet,
  orderForm,
  addOrderUrl,
  memberPost,
  payTestEnv,
  placeOrder,
  rechargeableRole,
  orderRowOf,
} from '../../../../../test/pay-steps.ts';
import { createTestApp } from '../../../../../test/test-app.ts';
import { game } from '../../../../db/schema/game.schema.ts';
import { payDeliveryJob, payOrder } from '../../../../db/schema/pay-order.schema.ts';
import {
  gameSimDelivery,
  payChannel,
  payProduct,
  payProductPrice,
} from '../../../../db/schema/pay.schema.ts';
import { fromStripeAmount, stripeExponent, toStripeAmount } from './stripe-amount.ts';
import { StripeTestServer, type SentWebhook } from '../../../../dev/stripe/stripe-test-server.ts';

const keys = { secretKey: 'sk_test_gp_0123456789', webhookSecret: 'whsec_gp_test_0123456789abcdef' };
const payOrigin = 'http://localhost:8082';

let t: Awaited<ReturnType<typeof createTestApp>>;
let stripe: StripeTestServer;
let sfl: number;
let member: TestMember;
let role: { cp_server_id: string; cp_role_id: string };
/** Off: the test server's webhooks are lost on the way (order_result must ask Stripe). */
let deliver = true;

const notify = (body: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/pay/notify/stripe', payload: body, headers });

beforeAll(async () => {
  stripe = new StripeTestServer({
    ...keys,
    now: () => new Date(),
    send: async (body, headers) => (deliver ? (await notify(body, headers)).statusCode : 599),
  });
  const base = await stripe.listen();
  t = await createTestApp({
    ...payTestEnv,
    PAY_PROVIDER: 'stripe',
    PAY_ORIGIN: payOrigin,
    STRIPE_SECRET_KEY: keys.secretKey,
    STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
    STRIPE_API_BASE: base,
  });
  sfl = (await t.db.select().from(game)).find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
  member = await loginTestMember(t.db);
  const found = await rechargeableRole(t.app, member, sfl);
  role = { cp_server_id: found.cpServerId, cp_role_id: found.cpRoleId };
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const order = (overrides: Record<string, string | number> = {}) =>
  placeOrder(t.app, member, sfl, { overrides: { ...role, ...overrides } });
const rowOf = (orderNo: string) => orderRowOf(t.db, orderNo);
const creditsOf = (orderNo: string) =>
  t.db.select().from(gameSimDelivery).where(eq(gameSimDelivery.idempotencyKey, orderNo));
const sessionOf = (payOrderNo: string) => stripe.sessions.get(payOrderNo)!.session;
async function drain() {
  for (let round = 0; round < 10; round += 1) if ((await t.app.pay.worker.runOnce()).tried === 0) return;
}
/** A webhook Stripe would send for the session now, signed with `secret`. */
function webhook(type: string, payOrderNo: string, secret = keys.webhookSecret, at = new Date()) {
  const created = Math.floor(at.getTime() / 1000);
  const body = JSON.stringify({
    id: `evt_manual_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    created,
    type,
    data: { object: sessionOf(payOrderNo) },
    livemode: false,
  });
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.signature(body, created, secret),
    },
  };
}
/** The web price of the 980 pack in `currency`. */
async function priceOf(currency: string) {
  const [row] = await t.db
    .select({ price: payProductPrice.price })
    .from(payProductPrice)
    .innerJoin(payProduct, eq(payProduct.id, payProductPrice.payProductId))
    .where(
      and(
        eq(payProduct.gameBaseId, sfl),
        eq(payProduct.productId, 'sfl_sea.gem_980'),
        eq(payProductPrice.currency, currency),
        eq(payProductPrice.payMode, 108),
      ),
    );
  return row!.price;
}
async function setChannelMethods(currency: string, paymentType: string, methods: Record<string, string[]>) {
  await t.db
    .update(payChannel)
    .set({ providerMethods: methods })
    .where(
      and(
        eq(payChannel.gameBaseId, sfl),
        eq(payChannel.currency, currency),
        eq(payChannel.paymentType, paymentType),
      ),
    );
}

describe('amounts in Stripe units', () => {
  it('keeps VND whole, IDR / THB / SGD / MYR / PHP in hundredths, and refuses what a currency cannot carry', () => {
    expect(stripeExponent('VND')).toBe(0);
    expect(stripeExponent('IDR')).toBe(2);
    for (const [amount, currency] of [
      [119_000, 'VND'],
      [1_500_000, 'IDR'],
      [54_900, 'THB'],
      [1_298, 'SGD'],
      [4_590, 'MYR'],
      [29_900, 'PHP'],
    ] as const) {
      expect(toStripeAmount(amount, currency)).toBe(amount);
      expect(fromStripeAmount(amount, currency)).toBe(amount);
    }
    expect(toStripeAmount(1_500, 'JPY')).toBe(1_500);
    // ISK has no minor unit in ISO 4217, but Stripe writes it in hundredths (and wants whole krónur).
    expect(toStripeAmount(150, 'ISK')).toBe(15_000);
    expect(fromStripeAmount(15_000, 'ISK')).toBe(150);
    expect(() => fromStripeAmount(15_050, 'ISK')).toThrow(RangeError);
    expect(() => toStripeAmount(1.5, 'THB')).toThrow(RangeError);
  });
});

describe('checkout session', () => {
  it('opens a session with the channel method, the amount, the order number and the way back', async () => {
    const created = await order();
    expect(created.pay_order_no).toMatch(/^cs_test_/);
    expect(created.pay_url).toBe(sessionOf(created.pay_order_no).url);
    const session = sessionOf(created.pay_order_no);
    expect(session).toMatchObject({
      mode: 'payment',
      currency: 'thb',
      amount_total: 54_900,
      payment_method_types: ['promptpay'],
      client_reference_id: created.order_no,
      metadata: { order_no: created.order_no },
      status: 'open',
    });
    expect(session.success_url).toBe(
      `${payOrigin}/paygame/?order_no=${created.order_no}&pay_order_no={CHECKOUT_SESSION_ID}&checkout=success`,
    );
    // The order's 30 minutes, within Stripe's 30 minutes to 24 hours.
    expect(session.expires_at - session.created).toBeGreaterThanOrEqual(30 * 60);
    expect((await rowOf(created.order_no)).state).toBe('awaiting_payment');
  });

  it('sends VND whole dong to Stripe (zero-decimal) and the pay variant back to its H5 order page', async () => {
    await setChannelMethods('VND', 'momo', { stripe: ['card'] });
    const price = await priceOf('VND');
    const created = await placeOrder(t.app, member, sfl, {
      variant: 'pay',
      overrides: { ...role, currency: 'VND', payment_type: 'momo', product_price: price },
    });
    const session = sessionOf(created.pay_order_no);
    expect(session.currency).toBe('vnd');
    expect(session.amount_total).toBe(price);
    expect(session.payment_method_types).toEqual(['card']);
    expect(session.cancel_url).toContain(`${payOrigin}/pay_h5/payorder?order_no=${created.order_no}`);
    await stripe.decide(created.pay_order_no, 'pay');
    expect((await rowOf(created.order_no)).state).toBe('paid');
  });

  it('answers 13 when the channel has no Stripe method, or one that does not take the currency', async () => {
    const attempt = async (paymentType: string) => {
      const form = await orderForm(t.app, member, sfl, { ...role, payment_type: paymentType });
      return (await memberPost(t.app, addOrderUrl.webpay, member, form)).body;
    };
    const orders = (await t.db.select().from(payOrder)).length;
    expect((await attempt('truemoney')).code).toBe(codes.payPaymentMethodUnsupported);
    // The catalog no longer offers a channel whose Stripe method does not take its currency: refused before
    // any order or Checkout Session is made.
    await setChannelMethods('THB', 'card', { stripe: ['paynow'] });
    const refused = await attempt('card');
    expect(refused.code).toBe(codes.payPaymentMethodUnsupported);
    expect(refused.message).not.toBe('');
    expect(await t.db.select().from(payOrder)).toHaveLength(orders);
    await setChannelMethods('THB', 'card', { stripe: ['card'] });
    // Stripe refusing a method anyway (one the account has not activated) is still 13 from the adapter.
    const expiresAt = new Date(t.app.now().getTime() + 3600_000);
    await expect(
      t.app.pay.stripe!.createPayment({
        orderNo: 'GP20260301REFUSEDMETHOD0001',
        amount: 54900,
        currency: 'THB',
        description: '980 Stardust',
        lang: 'en',
        expiresAt,
        payMode: 108,
        paymentType: 'card',
        methods: ['paynow'],
        returnUrl: `${payOrigin}/paygame/`,
        payerName: 'Hero',
      }),
    ).rejects.toMatchObject({ name: 'PaymentRefused', code: codes.payPaymentMethodUnsupported });
  });
});

describe('outcomes from signed webhooks', () => {
  it('paid on the hosted page: back to the order page, the order paid and credited once', async () => {
    const created = await order();
    const page = await fetch(created.pay_url);
    expect(await page.text()).toContain(created.order_no);
    const answer = await fetch(created.pay_url, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay' }),
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(
      `${payOrigin}/paygame/?order_no=${created.order_no}&pay_order_no=${created.pay_order_no}&checkout=success`,
    );
    const sent = stripe.sent.at(-1)!;
    expect(sent.event.type).toBe('checkout.session.completed');
    expect(sent.headers['stripe-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(sent.status).toBe(200);
    const row = await rowOf(created.order_no);
    expect(row.state).toBe('paid');
    expect(await t.db.select().from(payDeliveryJob).where(eq(payDeliveryJob.orderId, row.id))).toHaveLength(
      1,
    );
    await drain();
    expect((await rowOf(created.order_no)).state).toBe('delivered');
    expect(await creditsOf(created.order_no)).toHaveLength(1);
  });

  it('declined: completed unpaid changes nothing, async_payment_failed fails the order with 15', async () => {
    const created = await order();
    const sent = await stripe.decide(created.pay_order_no, 'decline');
    expect(sent.map((s) => s.event.type)).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_failed',
    ]);
    expect(sent.map((s) => s.status)).toEqual([200, 200]);
    expect(await rowOf(created.order_no)).toMatchObject({
      state: 'failed',
      reasonCode: codes.payOrderNotPaid,
    });
  });

  it('expired: the order expires and nothing is credited', async () => {
    const created = await order();
    const [sent] = await stripe.decide(created.pay_order_no, 'expire');
    expect(sent!.event.type).toBe('checkout.session.expired');
    expect(await rowOf(created.order_no)).toMatchObject({
      state: 'expired',
      reasonCode: codes.payOrderNotPaid,
    });
    await drain();
    expect(await creditsOf(created.order_no)).toHaveLength(0);
  });

  it('a replayed webhook changes nothing', async () => {
    const created = await order();
    const [paid] = await stripe.decide(created.pay_order_no, 'pay');
    const again = await notify(paid!.body, paid!.headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, result: 'duplicate' });
    await drain();
    expect(await creditsOf(created.order_no)).toHaveLength(1);
  });

  it('refuses a forged or stale webhook and changes nothing', async () => {
    const created = await order();
    const wrongKey = webhook('checkout.session.completed', created.pay_order_no, 'whsec_someone_else');
    const session = { ...sessionOf(created.pay_order_no), payment_status: 'paid' };
    const real = webhook('checkout.session.expired', created.pay_order_no);
    // The body changed after signing (an expired session turned into a paid one).
    const tampered = real.body.replace(
      '"type":"checkout.session.expired"',
      '"type":"checkout.session.completed"',
    );
    const stale = webhook(
      'checkout.session.expired',
      created.pay_order_no,
      keys.webhookSecret,
      new Date(Date.now() - 10 * 60_000),
    );
    expect(session.payment_status).toBe('paid');
    for (const [body, headers, reason] of [
      [wrongKey.body, wrongKey.headers, 'signature'],
      [tampered, real.headers, 'signature'],
      [real.body, { 'content-type': 'application/json' }, 'signature'],
      [stale.body, stale.headers, 'stale'],
    ] as const) {
      const res = await notify(body, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ received: false, error: reason });
    }
    expect((await rowOf(created.order_no)).state).toBe('awaiting_payment');
  });

  it('out of order: an expiry or a failure after the payment changes nothing', async () => {
    const created = await order();
    await stripe.decide(created.pay_order_no, 'pay');
    for (const type of ['checkout.session.expired', 'checkout.session.async_payment_failed']) {
      const late = webhook(type, created.pay_order_no);
      const res = await notify(late.body, late.headers);
      expect(res.json()).toEqual({ received: true, result: 'ignored' });
    }
    expect((await rowOf(created.order_no)).state).toBe('paid');
  });

  it('a payment after the order expired still wins: the money was taken, the credit is owed', async () => {
    const created = await order();
    await t.db
      .update(payOrder)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(payOrder.orderNo, created.order_no));
    await t.app.pay.worker.runOnce();
    expect((await rowOf(created.order_no)).state).toBe('expired');
    // The Stripe session is still open (it lives at least 30 minutes): the player pays.
    await stripe.decide(created.pay_order_no, 'pay');
    expect((await rowOf(created.order_no)).state).toBe('paid');
    await drain();
    expect(await creditsOf(created.order_no)).toHaveLength(1);
  });
});

describe('order_result asks Stripe', () => {
  const result = (payOrderNo: string) =>
    memberGet(t.app, `/pay/api/web/pay/order_result?pay_order_no=${payOrderNo}`, member);

  it('finds a payment whose webhook was lost, and says 15 while the session is open', async () => {
    const created = await order();
    expect((await result(created.pay_order_no)).body.code).toBe(codes.payOrderNotPaid);
    deliver = false;
    let lost: SentWebhook[];
    try {
      lost = await stripe.decide(created.pay_order_no, 'pay');
    } finally {
      deliver = true;
    }
    expect(lost[0]!.status).toBe(599);
    expect((await rowOf(created.order_no)).state).toBe('awaiting_payment');
    const { body } = await result(created.pay_order_no);
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ state: 'paid', status: 'pending' });
  });

  it('applies a decline and an expiry it learns from Stripe', async () => {
    deliver = false;
    const declined = await order();
    const expired = await order();
    try {
      await stripe.decide(declined.pay_order_no, 'decline');
      await stripe.decide(expired.pay_order_no, 'expire');
    } finally {
      deliver = true;
    }
    expect((await result(declined.pay_order_no)).body.data).toMatchObject({
      state: 'failed',
      reason_code: 15,
    });
    expect((await result(expired.pay_order_no)).body.data).toMatchObject({
      state: 'expired',
      reason_code: 15,
    });
  });

  it('answers 14 for a session Stripe does not know', async () => {
    expect((await result('cs_test_unknown')).body.code).toBe(codes.payNoResult);
  });
});

describe('the provider is chosen per channel', () => {
  it('refuses an order whose channel names a provider this deployment has not configured (13)', async () => {
    await t.db
      .update(payChannel)
      .set({ provider: 'sandbox' })
      .where(and(eq(payChannel.gameBaseId, sfl), eq(payChannel.currency, 'SGD')));
    const form = await orderForm(t.app, member, sfl, {
      ...role,
      currency: 'SGD',
      payment_type: 'paynow',
      product_price: await priceOf('SGD'),
    });
    expect((await memberPost(t.app, addOrderUrl.webpay, member, form)).body.code).toBe(
      codes.payPaymentMethodUnsupported,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/pay/notify/sandbox',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('beside the sandbox: a channel that names stripe pays through Stripe, the others through the sandbox', async () => {
    const mixed = await createTestApp({
      ...payTestEnv,
      PAY_PROVIDER: 'sandbox',
      STRIPE_SECRET_KEY: keys.secretKey,
      STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
      STRIPE_API_BASE: `http://127.0.0.1:${new URL(sessionOf((await order()).pay_order_no).url!).port}`,
    });
    try {
      expect(Object.keys(mixed.app.pay.providers).sort()).toEqual(['sandbox', 'stripe']);
      const game = (await mixed.db.select().from(payChannel)).find(
        (c) => c.paymentType === 'card',
      )!.gameBaseId;
      await mixed.db
        .update(payChannel)
        .set({ provider: 'stripe' })
        .where(and(eq(payChannel.gameBaseId, game), eq(payChannel.paymentType, 'card')));
      const who = await loginTestMember(mixed.db);
      const card = await placeOrder(mixed.app, who, game, { overrides: { payment_type: 'card' } });
      const promptpay = await placeOrder(mixed.app, who, game);
      expect(card.pay_order_no).toMatch(/^cs_test_/);
      expect(promptpay.pay_order_no).toMatch(/^SBX/);
      deliver = false;
      let paid: SentWebhook[];
      try {
        paid = await stripe.decide(card.pay_order_no, 'pay');
      } finally {
        deliver = true;
      }
      const res = await mixed.app.inject({
        method: 'POST',
        url: '/pay/notify/stripe',
        payload: paid[0]!.body,
        headers: paid[0]!.headers,
      });
      expect(res.json()).toEqual({ received: true, result: 'applied' });
      const [row] = await mixed.db.select().from(payOrder).where(eq(payOrder.orderNo, card.order_no));
      expect(row).toMatchObject({ provider: 'stripe', state: 'paid' });
    } finally {
      await mixed.close();
    }
  });
});

describe('STRIPE_TEST_SERVER (pnpm start in Stripe test mode)', () => {
  it('runs the local test server in the process; a payment on its page reaches the order', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const local = await createTestApp({
      ...payTestEnv,
      PAY_PROVIDER: 'stripe',
      STRIPE_TEST_SERVER: String(port),
    });
    try {
      await local.app.ready();
      const game = (await local.db.select().from(payChannel))[0]!.gameBaseId;
      const who = await loginTestMember(local.db);
      const created = await placeOrder(local.app, who, game);
      expect(created.pay_url).toBe(`http://127.0.0.1:${port}/checkout/${created.pay_order_no}`);
      const answer = await fetch(created.pay_url, {
        method: 'POST',
        body: new URLSearchParams({ action: 'pay' }),
        redirect: 'manual',
      });
      expect(answer.status).toBe(303);
      const [row] = await local.db.select().from(payOrder).where(eq(payOrder.orderNo, created.order_no));
      expect(row).toMatchObject({ provider: 'stripe', state: 'paid' });
    } finally {
      await local.close();
    }
  });
});
