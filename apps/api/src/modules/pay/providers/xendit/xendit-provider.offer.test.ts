/**
 * What players are offered when Xendit is the deployment's provider (PAY_PROVIDER=xendit, no sandbox, no Stripe):
 * exactly the seeded channels Xendit carries; the vouchers and top-up cards (UniPin, Razer Gold, MyCard), which no
 * configured provider takes, are hidden, as are the methods no provider here carries (GoPay, OVO, cards,
 * PromptPay through Stripe). An order for a hidden one is refused (13).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codes } from '@gp/errors';
import { loginTestMember } from '../../../../../test/member-session.ts';
import {
  addOrderUrl,
  memberPost,
  orderForm,
  payTestEnv,
  rechargeableRole,
} from '../../../../../test/pay-steps.ts';
import { createTestApp } from '../../../../../test/test-app.ts';
import { game } from '../../../../db/schema/game.schema.ts';
import { XenditTestServer } from '../../../../dev/xendit/xendit-test-server.ts';

const keys = { secretKey: 'xnd_development_offer_0123', callbackToken: 'gp-xendit-offer-token-0123' };
let t: Awaited<ReturnType<typeof createTestApp>>;
let xendit: XenditTestServer;
let sfl: number;

beforeAll(async () => {
  xendit = new XenditTestServer({ ...keys, now: () => new Date(), send: async () => 200 });
  t = await createTestApp({
    ...payTestEnv,
    PAY_PROVIDER: 'xendit',
    XENDIT_SECRET_KEY: keys.secretKey,
    XENDIT_CALLBACK_TOKEN: keys.callbackToken,
    XENDIT_API_BASE: await xendit.listen(),
  });
  sfl = (await t.db.select().from(game)).find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
});
afterAll(async () => {
  await t.close();
  await xendit.close();
});

const offered = async (currency: string) => {
  const res = await t.app.inject({
    url: `/pay/api/komoe/webpay/channel_list?game_base_id=${sfl}&currency=${currency}&distribution_region=5&lang=en`,
  });
  return (res.json() as { data: { payment_type: string }[] }).data.map((c) => c.payment_type);
};

describe('with Xendit as the only provider', () => {
  it('offers the channels Xendit carries, and hides vouchers and what no provider here takes', async () => {
    expect(t.app.pay.channelProviders).toEqual({ configured: ['xendit'], deploymentProvider: 'xendit' });
    expect(await offered('IDR')).toEqual(['dana', 'qris', 'bca_va']);
    expect(await offered('PHP')).toEqual(['gcash', 'maya']);
    expect(await offered('VND')).toEqual(['momo', 'zalopay']);
    expect(await offered('THB')).toEqual(['truemoney']);
    expect(await offered('MYR')).toEqual(['touch_n_go']);
    expect(await offered('SGD')).toEqual([]);
    expect(await offered('USD')).toEqual([]);
  });

  it('marks the channels paid from our page (QR code, account number), so no window opens for them', async () => {
    const res = await t.app.inject({
      url: `/pay/api/komoe/webpay/channel_list?game_base_id=${sfl}&currency=IDR&distribution_region=5&lang=en`,
    });
    const items = (res.json() as { data: { payment_type: string; pays_on_page?: boolean }[] }).data;
    expect(Object.fromEntries(items.map((c) => [c.payment_type, c.pays_on_page ?? false]))).toEqual({
      dana: false,
      qris: true,
      bca_va: true,
    });
  });

  it('refuses an order for a voucher channel (13)', async () => {
    const member = await loginTestMember(t.db);
    const found = await rechargeableRole(t.app, member, sfl);
    const form = await orderForm(t.app, member, sfl, {
      cp_server_id: found.cpServerId,
      cp_role_id: found.cpRoleId,
      currency: 'USD',
      pay_mode: 106,
      payment_type: 'unipin_credits',
    });
    const { body } = await memberPost(t.app, addOrderUrl.webpay, member, form);
    expect(body.code).toBe(codes.payPaymentMethodUnsupported);
  });
});
