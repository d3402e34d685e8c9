/**
 * Notifications as each provider sends them: a provider that posts a form and one that calls back with a GET and
 * its query string reach the same order engine; the verification may be asynchronous (a provider whose check asks
 * its own API); the answer is the acknowledgement the provider expects (a text `OK` here), and a forged one is
 * still refused (401) and changes nothing.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { loginTestMember, type TestMember } from '../../../../test/member-session.ts';
import { payTestEnv, placeOrder, rechargeableRole, orderRowOf } from '../../../../test/pay-steps.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { game } from '../../../db/schema/game.schema.ts';
import { payChannel } from '../../../db/schema/pay.schema.ts';
import {
  NotificationRejected,
  type IncomingNotification,
  type PaymentNotification,
  type PaymentProvider,
} from './payment-provider.ts';

const secret = 'form-provider-secret';
const sign = (params: URLSearchParams) =>
  createHmac('sha256', secret)
    .update(
      [...params]
        .filter(([key]) => key !== 'sign')
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, value]) => `${key}=${value}`)
        .join('&'),
    )
    .digest('hex');

/** A provider of the kind many regional gateways are: a form post or a GET back, signed over sorted fields. */
function formProvider(name: string, amounts: Map<string, number>): PaymentProvider {
  return {
    name,
    acknowledgement: { contentType: 'text/plain; charset=utf-8', body: 'OK' },
    async createPayment(request) {
      amounts.set(request.orderNo, request.amount);
      return { payOrderNo: `${name}-${request.orderNo}`, payUrl: `https://pay.example/${request.orderNo}` };
    },
    async verifyNotification(incoming: IncomingNotification): Promise<PaymentNotification | null> {
      // Asynchronous on purpose: as a check that asks the provider's API would be.
      await new Promise((resolve) => setImmediate(resolve));
      const params = new URLSearchParams(incoming.method === 'GET' ? incoming.query : incoming.rawBody);
      if (params.get('sign') !== sign(params)) throw new NotificationRejected('signature', 'bad sign');
      const orderNo = params.get('order_no') ?? '';
      return {
        eventId: `${name}:${params.get('txn')}`,
        payOrderNo: `${name}-${orderNo}`,
        orderNo,
        outcome: params.get('status') === 'paid' ? 'paid' : 'declined',
        amount: Number(params.get('amount')),
        currency: params.get('currency') ?? '',
        occurredAt: new Date(),
      };
    },
    async queryPayment() {
      return { status: 'pending' };
    },
    async refundPayment() {
      throw new Error('not in this test');
    },
    async *listSettledPayments() {},
  };
}

let t: Awaited<ReturnType<typeof createTestApp>>;
let sfl: number;
let member: TestMember;
let role: { cp_server_id: string; cp_role_id: string };
const amounts = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp(payTestEnv);
  // Two providers of that kind beside the sandbox, each taking one of Stardust's THB channels.
  for (const [name, paymentType] of [
    ['formpay', 'truemoney'],
    ['getpay', 'card'],
  ] as const) {
    t.app.pay.providers[name] = formProvider(name, amounts);
    (t.app.pay.channelProviders.configured as string[]).push(name);
    await t.db
      .update(payChannel)
      .set({ provider: name })
      .where(and(eq(payChannel.currency, 'THB'), eq(payChannel.paymentType, paymentType)));
  }
  sfl = (await t.db.select().from(game)).find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
  member = await loginTestMember(t.db);
  const found = await rechargeableRole(t.app, member, sfl);
  role = { cp_server_id: found.cpServerId, cp_role_id: found.cpRoleId };
});
afterAll(() => t.close());

const rowOf = (orderNo: string) => orderRowOf(t.db, orderNo);
function signed(fields: Record<string, string>) {
  const params = new URLSearchParams(fields);
  params.set('sign', sign(params));
  return params.toString();
}

describe('notifications as each provider sends them', () => {
  it('a form post, verified asynchronously, pays the order and is answered with the text OK', async () => {
    const created = await placeOrder(t.app, member, sfl, {
      overrides: { ...role, payment_type: 'truemoney' },
    });
    expect(created.pay_order_no).toBe(`formpay-${created.order_no}`);
    const body = signed({
      order_no: created.order_no,
      txn: 'T1',
      status: 'paid',
      amount: String(amounts.get(created.order_no)),
      currency: 'THB',
    });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/pay/notify/formpay',
      payload: body.replace('status=paid', 'status=paid&extra=1'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.statusCode).toBe(401);
    expect((await rowOf(created.order_no)).state).toBe('awaiting_payment');
    const res = await t.app.inject({
      method: 'POST',
      url: '/pay/notify/formpay',
      payload: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('OK');
    expect((await rowOf(created.order_no)).state).toBe('paid');
    // Sent again, it changes nothing and is acknowledged the same way.
    const again = await t.app.inject({
      method: 'POST',
      url: '/pay/notify/formpay',
      payload: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(again.body).toBe('OK');
  });

  it('a GET with the notification in its query string declines the order', async () => {
    const created = await placeOrder(t.app, member, sfl, { overrides: { ...role, payment_type: 'card' } });
    const query = signed({
      order_no: created.order_no,
      txn: 'T2',
      status: 'failed',
      amount: String(amounts.get(created.order_no)),
      currency: 'THB',
    });
    const res = await t.app.inject({ method: 'GET', url: `/pay/notify/getpay?${query}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    expect((await rowOf(created.order_no)).state).toBe('failed');
  });

  it('a provider that is not configured is 404, by GET as by POST', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/pay/notify/nobody?x=1' })).statusCode).toBe(404);
  });
});
