/**
 * The sandbox payment provider end to end, with the pay worker running inside the app as under `pnpm start`:
 * the checkout page in five languages, its three actions, late and retried notifications, notifications over
 * HTTP on 127.0.0.1, and production refusing the sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { loginTestMember, type TestMember } from '../../../test/member-session.ts';
import {
  memberGet,
  memberPost,
  orderDetail,
  orderForm,
  payTestEnv,
  placeOrder,
  rechargeableRole,
} from '../../../test/pay-steps.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { TestClock } from '../../../test/test-clock.ts';
import { productionEnv } from '../../../test/production-env.ts';
import { parseEnv } from '../../config/env.ts';
import { game } from '../../db/schema/game.schema.ts';
import { paySandboxPayment } from '../../db/schema/pay-order.schema.ts';
import { gameSimDelivery } from '../../db/schema/pay.schema.ts';
import { httpSender, SandboxNotifier, sandboxNotifyPolicy } from './sandbox-provider.ts';
import { signedHeaders } from './sandbox-signature.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let sfl: number;
let member: TestMember;
let role: { cp_server_id: string; cp_role_id: string };
beforeAll(async () => {
  t = await createTestApp({ ...payTestEnv, PAY_WORKER: 'true', PAY_WORKER_POLL_MS: '50' });
  sfl = (await t.db.select().from(game)).find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
  member = await loginTestMember(t.db);
  const found = await rechargeableRole(t.app, member, sfl);
  role = { cp_server_id: found.cpServerId, cp_role_id: found.cpRoleId };
});
afterAll(() => t.close());

const silent = { info() {}, warn() {}, error() {} };
const order = (lang = 'en') => placeOrder(t.app, member, sfl, { lang, overrides: role });
const pathOf = (payUrl: string) => {
  const url = new URL(payUrl);
  return `${url.pathname}${url.search}`;
};
const checkoutPath = (payOrderNo: string) => `/pay/sandbox/checkout/${payOrderNo}`;
const act = (payOrderNo: string, action: string, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: checkoutPath(payOrderNo),
    payload: new URLSearchParams({ action, lang }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const sandboxRow = async (payOrderNo: string) =>
  (await t.db.select().from(paySandboxPayment).where(eq(paySandboxPayment.payOrderNo, payOrderNo)))[0]!;

describe('checkout page', () => {
  const pages = [
    { lang: 'en', html: 'en', title: 'Sandbox payment', pay: 'Pay now', amount: '฿549.00' },
    { lang: 'th', html: 'th', title: 'การชำระเงินแซนด์บ็อกซ์', pay: 'ชำระเงินทันที', amount: '฿549.00' },
    { lang: 'cn', html: 'zh-Hans', title: '沙盒支付', pay: '立即支付', amount: '฿549.00' },
    {
      lang: 'vi',
      html: 'vi',
      title: 'Thanh toán thử nghiệm (sandbox)',
      pay: 'Thanh toán ngay',
      amount: '549,00 ฿',
    },
    { lang: 'zh', html: 'zh-Hant', title: '沙盒付款', pay: '立即付款', amount: '฿549.00' },
  ];

  it('shows the payment and three actions, translated, in the language of the order or of ?lang', async () => {
    const created = await order('th');
    const own = await t.app.inject({ url: pathOf(created.pay_url) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Its form posts back with the page's Origin (no-referrer would make it `null`, refused as cross-site).
    expect(own.headers['referrer-policy']).toBe('same-origin');
    expect(own.body).toContain('<html lang="th">');
    for (const page of pages) {
      const res = await t.app.inject({ url: `${checkoutPath(created.pay_order_no)}?lang=${page.lang}` });
      expect(res.body).toContain(`<html lang="${page.html}">`);
      expect(res.body).toContain(`<h1>${page.title}</h1>`);
      expect(res.body).toContain(`<title>${page.title}</title>`);
      expect(res.body).toContain(`>${page.pay}</button>`);
      expect(res.body).toContain(page.amount.replace(' ', '\u00a0')); // Intl puts a no-break space
      expect(res.body).toContain(created.order_no);
      expect(
        res.body.match(/<button type="submit" name="action" value="(pay|decline|pay_late)"/g),
      ).toHaveLength(3);
      expect(res.body).toContain('<legend>');
    }
    // A language the site does not speak: the order's.
    const ja = await t.app.inject({ url: `${checkoutPath(created.pay_order_no)}?lang=ja` });
    expect(ja.body).toContain('<html lang="th">');
  });

  it('answers 404 for a payment it does not have', async () => {
    const res = await t.app.inject({ url: `${checkoutPath('SBX20000101AAAAAAAAAAAAAAAA')}?lang=vi` });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Không có khoản thanh toán này.');
    expect(res.body).not.toContain('<form');
  });
});

describe('checkout actions', () => {
  it('"Pay now" notifies the shop at once; the worker in the app delivers the credit once', async () => {
    const created = await order('th');
    const res = await act(created.pay_order_no, 'pay', 'th');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('ชำระเงินสำเร็จ');
    expect(res.body).toContain('คุณสามารถปิดหน้าต่างนี้');
    expect(res.body).not.toContain('<form');
    expect((await sandboxRow(created.pay_order_no)).notifiedAt).not.toBeNull();
    expect(['paid', 'delivering', 'delivered']).toContain(
      (await orderDetail(t.app, member, created.order_no)).state,
    );
    await expect
      .poll(async () => (await orderDetail(t.app, member, created.order_no)).status)
      .toBe('success');
    const credits = await t.db
      .select()
      .from(gameSimDelivery)
      .where(eq(gameSimDelivery.idempotencyKey, created.order_no));
    expect(credits).toHaveLength(1);
  });

  it('"Decline" fails the order with reason 15', async () => {
    const created = await order();
    const res = await act(created.pay_order_no, 'decline');
    expect(res.body).toContain('Payment declined.');
    expect(res.body).toContain('You can close this window and go back to the top-up page.');
    expect(await orderDetail(t.app, member, created.order_no)).toMatchObject({
      state: 'failed',
      status: 'failed',
      reason_code: 15,
    });
  });

  it('"Pay, notify late" takes the payment but holds the notification: "query payment result" finds it', async () => {
    const created = await order();
    const before = Date.now();
    const res = await act(created.pay_order_no, 'pay_late');
    expect(res.body).toContain('Payment successful. The shop will be notified later.');
    const row = await sandboxRow(created.pay_order_no);
    expect(row).toMatchObject({ status: 'paid', notifiedAt: null });
    expect(row.notifyDueAt!.getTime()).toBeGreaterThanOrEqual(before + 120_000);
    expect((await orderDetail(t.app, member, created.order_no)).state).toBe('awaiting_payment');
    const { body } = await memberGet(
      t.app,
      `/pay/api/komoe/webpay/order_result?pay_order_no=${created.pay_order_no}`,
      member,
    );
    expect(body.code).toBe(0);
    expect(['paid', 'delivering', 'delivered']).toContain((body.data as { state: string }).state);
    // Two minutes later the held notification arrives; the order is past it already.
    const later = new SandboxNotifier(t.app.dev!.sandbox!.repo, {
      secret: payTestEnv.PAY_SANDBOX_SECRET,
      send: async (payload, headers) =>
        (await t.app.inject({ method: 'POST', url: '/pay/notify/sandbox', payload, headers })).statusCode,
      log: silent,
      now: new TestClock(Date.now() + 121_000).now,
    });
    expect(await later.runOnce()).toBeGreaterThanOrEqual(1);
    expect((await sandboxRow(created.pay_order_no)).notifiedAt).not.toBeNull();
    await expect
      .poll(async () => (await orderDetail(t.app, member, created.order_no)).state)
      .toBe('delivered');
  });

  it('a late notification nobody queried for makes the order paid when it arrives', async () => {
    const created = await order();
    await act(created.pay_order_no, 'pay_late');
    const later = new SandboxNotifier(t.app.dev!.sandbox!.repo, {
      secret: payTestEnv.PAY_SANDBOX_SECRET,
      send: async (payload, headers) =>
        (await t.app.inject({ method: 'POST', url: '/pay/notify/sandbox', payload, headers })).statusCode,
      log: silent,
      now: new TestClock(Date.now() + 121_000).now,
    });
    await later.runOnce();
    await expect
      .poll(async () => (await orderDetail(t.app, member, created.order_no)).status)
      .toBe('success');
  });

  it('decides a payment once: a second action only shows where it stands', async () => {
    const created = await order();
    await act(created.pay_order_no, 'decline');
    const again = await act(created.pay_order_no, 'pay');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('This payment is already complete.');
    expect((await orderDetail(t.app, member, created.order_no)).state).toBe('failed');
    const page = await t.app.inject({ url: checkoutPath(created.pay_order_no) });
    expect(page.body).toContain('This payment is already complete.');
    expect(page.body).not.toContain('<form');
    expect((await act(created.pay_order_no, 'refund')).statusCode).toBe(400);
  });

  it('takes no payment after it expired', async () => {
    const created = await order();
    await t.db
      .update(paySandboxPayment)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paySandboxPayment.payOrderNo, created.pay_order_no));
    const page = await t.app.inject({ url: checkoutPath(created.pay_order_no) });
    expect(page.body).toContain('This payment has expired.');
    expect(page.body).not.toContain('<form');
    const res = await act(created.pay_order_no, 'pay');
    expect(res.statusCode).toBe(409);
    expect((await sandboxRow(created.pay_order_no)).status).toBe('pending');
  });
});

describe('sandbox notifications', () => {
  it('retries a notification the shop did not take, with backoff, under the same event id', async () => {
    const created = await order();
    await act(created.pay_order_no, 'pay_late');
    const clock = new TestClock(Date.now() + 121_000);
    const seen: string[] = [];
    let answer = 500;
    const notifier = new SandboxNotifier(t.app.dev!.sandbox!.repo, {
      secret: payTestEnv.PAY_SANDBOX_SECRET,
      send: async (payload) => {
        if (JSON.parse(payload).pay_order_no === created.pay_order_no)
          seen.push(JSON.parse(payload).event_id);
        return answer;
      },
      log: silent,
      now: clock.now,
    });
    await notifier.runOnce();
    let row = await sandboxRow(created.pay_order_no);
    expect(row).toMatchObject({ notifiedAt: null, lastNotifyError: 'HTTP 500', notifyAttempts: 1 });
    expect(row.notifyDueAt!.getTime()).toBe(clock.later(sandboxNotifyPolicy.backoffMs(1)).getTime());
    answer = 200;
    await notifier.runOnce(); // not due yet
    expect(seen).toHaveLength(1);
    clock.advance(sandboxNotifyPolicy.backoffMs(1));
    await notifier.runOnce();
    row = await sandboxRow(created.pay_order_no);
    expect(row.notifiedAt).not.toBeNull();
    expect(seen).toHaveLength(2);
    expect(new Set(seen).size).toBe(1);
  });

  it('reaches the notify endpoint over HTTP on 127.0.0.1', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const send = httpSender(`http://127.0.0.1:${port}/pay/notify/sandbox`);
    const created = await order();
    const decided = await t.app.dev!.sandbox!.repo.decide(created.pay_order_no, {
      status: 'paid',
      eventId: `evt_${randomUUID()}`,
      notifyDueAt: new Date(Date.now() + 3_600_000),
      now: new Date(),
    });
    const body = SandboxNotifier.bodyOf(decided!);
    expect(await send(body, signedHeaders(payTestEnv.PAY_SANDBOX_SECRET, body, new Date()))).toBe(200);
    expect(await send(body, signedHeaders('someone-else-entirely-0000000000000', body, new Date()))).toBe(
      401,
    );
    await expect
      .poll(async () => (await orderDetail(t.app, member, created.order_no)).status)
      .toBe('success');
  });
});

describe('production', () => {
  const prodEnv = productionEnv;
  const dev = { NODE_ENV: 'development' };

  it('refuses the sandbox provider, and production names its provider (`none` takes no payments)', () => {
    expect(() => parseEnv({ ...prodEnv, PAY_PROVIDER: 'sandbox' })).toThrow(
      /PAY_PROVIDER: the sandbox payment provider .* refused in production/,
    );
    expect(() => parseEnv({ ...prodEnv, PAY_PROVIDER: undefined })).toThrow(
      /PAY_PROVIDER: required in production/,
    );
    expect(parseEnv({ ...prodEnv, PAY_PROVIDER: 'none' }).payProvider).toBe('none');
    expect(parseEnv(dev).payProvider).toBe('sandbox');
    expect(parseEnv({ ...dev, PAY_SANDBOX_SECRET: 'x'.repeat(32) }).paySandboxSecret).toBe('x'.repeat(32));
    expect(parseEnv(dev).paySandboxSecret).not.toBe(parseEnv(dev).paySandboxSecret);
  });

  it('has no sandbox pages nor sandbox notifications, and takes no orders without a provider (err3)', async () => {
    const prod = await createTestApp({ ...prodEnv, PAY_WORKER: 'false' });
    try {
      expect((await prod.app.inject({ url: checkoutPath('SBX20000101AAAAAAAAAAAAAAAA') })).statusCode).toBe(
        404,
      );
      const notifyRes = await prod.app.inject({
        method: 'POST',
        url: '/pay/notify/sandbox',
        payload: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(notifyRes.statusCode).toBe(404);
      const who = await loginTestMember(prod.db, {}, prod.app.env);
      const form = await orderForm(prod.app, who, sfl, { ...role, captcha_token: 'x', captcha_code: 'x' });
      const { body } = await memberPost(prod.app, '/pay/api/web/pay/add_pay_order', who, form);
      expect(body.code).toBe(3);
    } finally {
      await prod.close();
    }
  });
});
