/**
 * Several accounts of one provider (XENDIT_ACCOUNTS): a channel naming `xendit.ph` is paid through that account
 * (its key), its callbacks arrive at /pay/notify/xendit.ph and are checked with that account's token (the main
 * account's path refuses them), and its orders are asked about and refunded there; the other channels stay with
 * the main account. The console lists the account and takes a channel naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { PayAdminOrderDetail } from '@gp/contracts/pay-admin';
import type { PayChannelProviderData } from '@gp/contracts/pay-channel-authoring';
import { loginTestMember, type TestMember } from '../../../../../test/member-session.ts';
import {
  memberGet,
  payTestEnv,
  rechargeableRole,
  orderRowOf,
  placeOrderAt,
} from '../../../../../test/pay-steps.ts';
import { loginTestStaff, staffGet, staffPost, type TestStaff } from '../../../../../test/staff-session.ts';
import { createTestApp } from '../../../../../test/test-app.ts';
import { game } from '../../../../db/schema/game.schema.ts';
import { payChannel } from '../../../../db/schema/pay.schema.ts';
import { demoXenditChannels } from '../../../../composition/seed/pay.seed.ts';
import { XenditTestServer } from '../../../../dev/xendit/xendit-test-server.ts';

const main = { secretKey: 'xnd_development_main_0123', callbackToken: 'gp-main-callback-token-0123' };
const ph = { secretKey: 'xnd_development_ph_0123456', callbackToken: 'gp-ph-callback-token-01234' };

let t: Awaited<ReturnType<typeof createTestApp>>;
let xendit: XenditTestServer;
let sfl: number;
let member: TestMember;
let staff: TestStaff;
let role: { cp_server_id: string; cp_role_id: string };
/** Off: callbacks are lost on the way. */
let deliver = true;

const notify = (path: string, body: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/pay/notify/${path}`, payload: body, headers });

beforeAll(async () => {
  xendit = new XenditTestServer({
    ...main,
    accounts: { [ph.secretKey]: ph.callbackToken },
    now: () => new Date(),
    // Each account's callbacks go where its webhook settings point: the account's own path.
    send: async (body, headers, account) =>
      deliver
        ? (await notify(account === ph.secretKey ? 'xendit.ph' : 'xendit', body, headers)).statusCode
        : 0,
  });
  t = await createTestApp({
    ...payTestEnv,
    PAY_ORIGIN: 'http://localhost:8082',
    XENDIT_SECRET_KEY: main.secretKey,
    XENDIT_CALLBACK_TOKEN: main.callbackToken,
    XENDIT_ACCOUNTS: JSON.stringify({ ph: { secret_key: ph.secretKey, callback_token: ph.callbackToken } }),
    XENDIT_API_BASE: await xendit.listen(),
  });
  await demoXenditChannels(t.db, true);
  sfl = (await t.db.select().from(game)).find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
  // Stardust's Philippine wallets go to the Philippine account.
  await t.db
    .update(payChannel)
    .set({ provider: 'xendit.ph' })
    .where(
      and(eq(payChannel.gameBaseId, sfl), eq(payChannel.currency, 'PHP'), eq(payChannel.provider, 'xendit')),
    );
  member = await loginTestMember(t.db);
  staff = await loginTestStaff(t.db, { accountId: 'xendit.accounts', privileges: ['catalog'] });
  const found = await rechargeableRole(t.app, member, sfl);
  role = { cp_server_id: found.cpServerId, cp_role_id: found.cpRoleId };
});
afterAll(async () => {
  await t.close();
  await xendit.close();
});

const wallet = (currency: string, paymentType: string) =>
  placeOrderAt(t.app, t.db, member, sfl, { ...role, currency, payment_type: paymentType });
const rowOf = (orderNo: string) => orderRowOf(t.db, orderNo);

describe('several accounts of one provider', () => {
  it("pays a channel naming xendit.ph through that account; its callback is that account's", async () => {
    const created = await wallet('PHP', 'gcash');
    expect((await rowOf(created.order_no)).provider).toBe('xendit.ph');
    const sent = await xendit.decide(created.pay_order_no, 'pay', { drop: true });
    expect(sent!.account).toBe(ph.secretKey);
    expect(sent!.headers['x-callback-token']).toBe(ph.callbackToken);
    // At the main account's path it is not that account's callback.
    expect((await notify('xendit', sent!.body, sent!.headers)).statusCode).toBe(401);
    expect((await rowOf(created.order_no)).state).toBe('awaiting_payment');
    expect(await xendit.deliverLate(sent!)).toBe(200);
    expect((await rowOf(created.order_no)).state).toBe('paid');
  });

  it('keeps the other channels with the main account', async () => {
    const created = await wallet('VND', 'momo');
    expect((await rowOf(created.order_no)).provider).toBe('xendit');
    const sent = await xendit.decide(created.pay_order_no, 'pay');
    expect(sent!.account).toBe(main.secretKey);
    expect(sent!.status).toBe(200);
    expect((await rowOf(created.order_no)).state).toBe('paid');
  });

  it('asks the account about an order whose callback was lost, and refunds it there', async () => {
    const created = await wallet('PHP', 'maya');
    deliver = false;
    try {
      await xendit.decide(created.pay_order_no, 'pay');
    } finally {
      deliver = true;
    }
    const { body } = await memberGet(
      t.app,
      `/pay/api/web/pay/order_result?pay_order_no=${created.pay_order_no}`,
      member,
    );
    expect(body.data).toMatchObject({ state: 'paid' });
    const refunded = (
      await staffPost(t.app, staff, '/csmng/komoe/mng/pay/order/refund', {
        order_no: created.order_no,
        reason: 'player_request',
      })
    ).json() as { code: number; data: PayAdminOrderDetail };
    expect(refunded.code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const callback = xendit.sent.filter((s) => s.event === 'refund.succeeded').at(-1)!;
    expect(callback.account).toBe(ph.secretKey);
    expect(callback.status).toBe(200);
  });

  it('the console lists the account, configured, and takes a channel naming it', async () => {
    const list = (await staffGet(t.app, staff, '/csmng/komoe/mng/pay/channel/provider/list')).json() as {
      data: PayChannelProviderData;
    };
    const byName = Object.fromEntries(list.data.providers.map((p) => [p.provider, p]));
    expect(byName['xendit.ph']).toMatchObject({ configured: 1, settings: 'XENDIT_ACCOUNTS (account ph)' });
    expect(byName['xendit.ph']!.method_keys).toEqual(byName.xendit!.method_keys);
    const created = (
      await staffPost(t.app, staff, '/csmng/komoe/mng/pay/channel/create', {
        game_base_id: sfl,
        currency: 'PHP',
        pay_mode: 108,
        payment_type: 'grabpay_ph',
        provider: 'xendit.ph',
        method_keys: ['GRABPAY'],
        min_amount: null,
        max_amount: null,
        sort: 90,
        is_open: 1,
        names: { en: 'GrabPay', th: null, cn: null, vi: null, zh: null },
      })
    ).json() as { code: number; data: { provider: string; method_keys: string[] } };
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({ provider: 'xendit.ph', method_keys: ['GRABPAY'] });
    const [row] = await t.db.select().from(payChannel).where(eq(payChannel.paymentType, 'grabpay_ph'));
    expect(row!.providerMethods).toEqual({ xendit: ['GRABPAY'] });
    // An account of a provider that has none, or a name that is not an account's, is not a provider.
    const refused = (
      await staffPost(t.app, staff, '/csmng/komoe/mng/pay/channel/create', {
        game_base_id: sfl,
        currency: 'PHP',
        pay_mode: 108,
        payment_type: 'grabpay_x',
        provider: 'sandbox.ph',
        method_keys: [],
        min_amount: null,
        max_amount: null,
        sort: 91,
        is_open: 0,
        names: { en: 'X', th: null, cn: null, vi: null, zh: null },
      })
    ).json() as { code: number };
    expect(refused.code).not.toBe(0);
  });
});
