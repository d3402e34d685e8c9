/**
 * Payment channel authoring for staff: the providers this deployment knows, creating and editing a game's
 * channels (mode, method, provider and its method keys, per-order limits, names, order, on/off), each write
 * audited and seen by players on their next call; a channel whose provider is not configured here is never
 * switched on (-40320), never offered to players and refuses orders (err13); a price outside a channel's limits
 * is not offered through it and refuses orders (42).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { fullPath } from '@gp/contracts';
import type { PayAdminChannelItem } from '@gp/contracts/pay-admin';
import * as authoring from '@gp/contracts/pay-channel-authoring';
import { staffPrivileges } from '@gp/contracts/staff';
import { codes } from '@gp/errors';
import { loginTestMember, type TestMember } from '../../../test/member-session.ts';
import { addOrderUrl, memberGet, memberPost, orderForm, payTestEnv } from '../../../test/pay-steps.ts';
import { loginTestStaff, staffGet, staffPost, type TestStaff } from '../../../test/staff-session.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { game } from '../../db/schema/game.schema.ts';
import { payOrder } from '../../db/schema/pay-order.schema.ts';
import { payChannel, payChannelI18n } from '../../db/schema/pay.schema.ts';
import { staffAuditLog } from '../../db/schema/staff.schema.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let staff: TestStaff;
let member: TestMember;
let sfl: number;
beforeAll(async () => {
  t = await createTestApp(payTestEnv);
  staff = await loginTestStaff(t.db, { accountId: 'channel.keeper', privileges: ['catalog'] });
  member = await loginTestMember(t.db);
  sfl = (await t.db.select().from(game)).find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
});
afterAll(() => t.close());

const base = '/csmng/komoe/mng/pay';
type Body = { code: number; message: string; data: unknown };
const get = async (url: string, query: Record<string, string | number> = {}, app = t) =>
  (await staffGet(app.app, staff, `${base}${url}`, query)).json() as Body;
const post = async (url: string, body: object, app = t) =>
  (await staffPost(app.app, staff, `${base}${url}`, body)).json() as Body;
const fieldsOf = (body: Body) => (body.data as { fields: { field: string; code: string }[] }).fields;

const auditOf = (action: string) =>
  t.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, action)).orderBy(desc(staffAuditLog.id));

const linePay = {
  game_base_id: 0,
  currency: 'THB',
  pay_mode: 108,
  payment_type: 'rabbit_linepay',
  provider: null,
  method_keys: [],
  min_amount: 2000,
  max_amount: 500000,
  names: { en: 'Rabbit LINE Pay', th: 'แรบบิท ไลน์ เพย์', cn: '', vi: null, zh: 'Rabbit LINE Pay' },
  sort: 15,
  is_open: 1,
};

/** The player's channels of the game in a currency (regional variant), as `payment_type`. */
async function offered(currency = 'THB', lang = 'en') {
  const { body } = await memberGet(
    t.app,
    `/pay/api/komoe/webpay/channel_list?distribution_region=5&game_base_id=${sfl}&currency=${currency}&lang=${lang}`,
    null,
  );
  return body.data as {
    payment_type: string;
    channel_name: string;
    min_amount: number | null;
    max_amount: number | null;
  }[];
}

async function staffChannel(paymentType: string, currency = 'THB') {
  const list = (await get('/channel/list', { game_base_id: sfl, currency })).data as PayAdminChannelItem[];
  return list.find((c) => c.payment_type === paymentType)!;
}

async function addOrderCode(overrides: Record<string, string | number> = {}) {
  const form = await orderForm(t.app, member, sfl, overrides);
  return (await memberPost(t.app, addOrderUrl.webpay, member, form)).body.code;
}

describe('privileges', () => {
  it('every authoring call: -101 without a session, -401 without catalog, -40007 before the password change', async () => {
    const calls = [authoring.payChannelProviderList, authoring.payChannelCreate, authoring.payChannelSave];
    const others = await loginTestStaff(t.db, {
      privileges: staffPrivileges.map((p) => p.name).filter((name) => name !== 'catalog'),
    });
    const fresh = await loginTestStaff(t.db, { privileges: ['catalog'], mustChangePassword: true });
    const before = (await t.db.select().from(payChannel)).length;
    for (const call of calls) {
      const url = fullPath(call);
      const send = (who: Pick<TestStaff, 'ct' | 'cookies'> | null) =>
        call.method === 'GET'
          ? staffGet(t.app, who, url)
          : staffPost(t.app, who, url, { ...linePay, game_base_id: sfl, pay_channel_id: 1 });
      expect((await send(null)).json().code, `${url} without a session`).toBe(-101);
      expect((await send({ ...others, ct: 'wrong' })).json().code, `${url} wrong ct`).toBe(-110);
      expect((await send(others)).json().code, `${url} without catalog`).toBe(-401);
      expect((await send(fresh)).json().code, `${url} one-time password`).toBe(-40007);
    }
    expect(await t.db.select().from(payChannel)).toHaveLength(before);
  });
});

describe('providers', () => {
  it('lists the providers this code knows, which are set up here, and their method keys', async () => {
    const { code, data } = await get('/channel/provider/list');
    expect(code).toBe(0);
    const answer = data as authoring.PayChannelProviderData;
    expect(answer.deployment_provider).toBe('sandbox');
    const byName = Object.fromEntries(answer.providers.map((p) => [p.provider, p]));
    expect(byName.sandbox).toMatchObject({ configured: 1, method_keys: null });
    expect(byName.stripe).toMatchObject({
      configured: 0,
      settings: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    });
    expect(byName.stripe!.method_keys).toEqual(
      expect.arrayContaining([
        { key: 'card', currencies: null },
        { key: 'promptpay', currencies: ['THB'] },
      ]),
    );
  });

  it("the list shows each channel's provider and whether it can be paid here", async () => {
    const promptpay = await staffChannel('promptpay');
    expect(promptpay).toMatchObject({
      provider: null,
      provider_in_use: 'sandbox',
      method_keys: [],
      payable: 1,
      unpayable_reason: null,
      exponent: 2,
      min_amount: null,
      max_amount: null,
    });
    expect(promptpay.names).toMatchObject({ en: 'PromptPay', th: 'พร้อมเพย์', vi: null });
  });
});

describe('create', () => {
  it('creates a channel players are offered on their next load, in their language, with its limits; audited', async () => {
    const created = await post('/channel/create', { ...linePay, game_base_id: sfl });
    expect(created.code).toBe(0);
    const item = created.data as PayAdminChannelItem;
    expect(item).toMatchObject({
      currency: 'THB',
      pay_mode: 108,
      payment_type: 'rabbit_linepay',
      channel_name: 'Rabbit LINE Pay',
      provider: null,
      provider_in_use: 'sandbox',
      min_amount: 2000,
      max_amount: 500000,
      sort: 15,
      is_open: 1,
      payable: 1,
      names: { en: 'Rabbit LINE Pay', th: 'แรบบิท ไลน์ เพย์', cn: null, vi: null, zh: 'Rabbit LINE Pay' },
    });
    const [row] = await auditOf('pay.channel.create');
    expect(row).toMatchObject({
      actorAccountId: 'channel.keeper',
      targetType: 'pay_channel',
      targetId: String(item.pay_channel_id),
      after: {
        game_base_id: sfl,
        currency: 'THB',
        payment_type: 'rabbit_linepay',
        min_amount: 2000,
        max_amount: 500000,
        is_open: 1,
        names: { en: 'Rabbit LINE Pay', th: 'แรบบิท ไลน์ เพย์', zh: 'Rabbit LINE Pay' },
      },
    });
    // Sorted after PromptPay (sort 0) and before later seeded channels.
    const th = await offered('THB', 'th');
    expect(th.find((c) => c.payment_type === 'rabbit_linepay')).toEqual(
      expect.objectContaining({ channel_name: 'แรบบิท ไลน์ เพย์', min_amount: 2000, max_amount: 500000 }),
    );
    // An order through it is taken.
    expect(await addOrderCode({ payment_type: 'rabbit_linepay' })).toBe(0);
  });

  it('refuses bad input with the field that is wrong, and creates nothing', async () => {
    const before = (await t.db.select().from(payChannel)).length;
    const audits = (await auditOf('pay.channel.create')).length;
    const refusal = async (patch: Record<string, unknown>) => {
      const body = await post('/channel/create', {
        ...linePay,
        game_base_id: sfl,
        payment_type: 'new_one',
        ...patch,
      });
      expect(body.code, JSON.stringify(patch)).toBe(-400);
      return fieldsOf(body).map((f) => `${f.field}:${f.code}`);
    };
    expect(await refusal({ names: { ...linePay.names, en: '  ' } })).toContain('names.en:too_small');
    expect(await refusal({ payment_type: 'Has Spaces' })).toContain('payment_type:invalid_format');
    expect(await refusal({ pay_mode: 99 })).toEqual(['pay_mode:invalid_value']);
    expect(await refusal({ min_amount: 0 })).toEqual(['min_amount:too_small']);
    expect(await refusal({ currency: 'EUR' })).toEqual(['currency:not_sold']);
    expect(await refusal({ payment_type: 'promptpay' })).toEqual(['payment_type:taken']);
    expect(await refusal({ provider: 'paypal' })).toEqual(['provider:unknown']);
    expect(await refusal({ method_keys: ['card'] })).toEqual(['method_keys:not_taken']);
    expect(await refusal({ min_amount: 5000, max_amount: 4999 })).toEqual(['max_amount:below_min']);
    // Stripe's method keys are checked even while Stripe is not set up here (the channel is prepared closed).
    const stripe = { provider: 'stripe', is_open: 0 };
    expect(await refusal({ ...stripe, method_keys: [] })).toEqual(['method_keys:required']);
    expect(await refusal({ ...stripe, method_keys: ['alipay_hk'] })).toEqual(['method_keys:unknown']);
    expect(await refusal({ ...stripe, method_keys: ['paynow'] })).toEqual(['method_keys:currency']);
    expect((await post('/channel/create', { ...linePay, game_base_id: 999_999 })).code).toBe(-404);
    expect(await t.db.select().from(payChannel)).toHaveLength(before);
    expect(await auditOf('pay.channel.create')).toHaveLength(audits);
  });
});

describe('a provider this deployment has not configured', () => {
  it('cannot be created on, saved on or switched on (-40320); closed it can be prepared', async () => {
    const stripePay = {
      ...linePay,
      game_base_id: sfl,
      payment_type: 'stripe_promptpay',
      provider: 'stripe',
      method_keys: ['promptpay'],
    };
    const before = (await t.db.select().from(payChannel)).length;
    expect(await post('/channel/create', stripePay)).toMatchObject({
      code: codes.staffPayChannelProviderNotConfigured,
    });
    expect(await t.db.select().from(payChannel)).toHaveLength(before);

    const prepared = await post('/channel/create', { ...stripePay, is_open: 0 });
    expect(prepared.code).toBe(0);
    const item = prepared.data as PayAdminChannelItem;
    expect(item).toMatchObject({
      provider: 'stripe',
      provider_in_use: 'stripe',
      method_keys: ['promptpay'],
      is_open: 0,
      payable: 0,
      unpayable_reason: 'provider_not_configured',
    });
    const switched = await post('/channel/switch', { pay_channel_id: item.pay_channel_id, is_open: 1 });
    expect(switched.code).toBe(codes.staffPayChannelProviderNotConfigured);
    const { pay_channel_id } = item;
    const { game_base_id: _g, currency: _c, ...edit } = stripePay;
    expect((await post('/channel/save', { ...edit, pay_channel_id })).code).toBe(
      codes.staffPayChannelProviderNotConfigured,
    );
    const [row] = await t.db.select().from(payChannel).where(eq(payChannel.id, pay_channel_id));
    expect(row!.isOpen).toBe(false);

    // A row that says on anyway (it predates a change of the deployment's settings): players never see it.
    await t.db.update(payChannel).set({ isOpen: true }).where(eq(payChannel.id, pay_channel_id));
    expect((await offered()).map((c) => c.payment_type)).not.toContain('stripe_promptpay');
    expect((await staffChannel('stripe_promptpay')).payable).toBe(0);
    const orders = (await t.db.select().from(payOrder)).length;
    expect(await addOrderCode({ payment_type: 'stripe_promptpay' })).toBe(codes.payPaymentMethodUnsupported);
    expect(await t.db.select().from(payOrder)).toHaveLength(orders);
    // Switching it off is always allowed.
    expect(await post('/channel/switch', { pay_channel_id, is_open: 0 })).toMatchObject({
      code: 0,
      data: { is_open: 0 },
    });
  });

  it('with Stripe set up the same channel is created on and offered', async () => {
    const withStripe = await createTestApp({
      ...payTestEnv,
      STRIPE_SECRET_KEY: 'sk_test_channel_authoring',
      STRIPE_WEBHOOK_SECRET: 'whsec_channel_authoring',
    });
    try {
      const keeper = await loginTestStaff(withStripe.db, { privileges: ['catalog'] });
      const providers = (await staffGet(withStripe.app, keeper, `${base}/channel/provider/list`)).json()
        .data as authoring.PayChannelProviderData;
      expect(providers.providers.find((p) => p.provider === 'stripe')!.configured).toBe(1);
      const created = (
        await staffPost(withStripe.app, keeper, `${base}/channel/create`, {
          ...linePay,
          game_base_id: sfl,
          payment_type: 'stripe_promptpay',
          provider: 'stripe',
          method_keys: ['promptpay', 'promptpay'],
        })
      ).json() as Body;
      expect(created).toMatchObject({
        code: 0,
        data: { provider_in_use: 'stripe', method_keys: ['promptpay'], payable: 1, is_open: 1 },
      });
      const { body } = await memberGet(
        withStripe.app,
        `/pay/api/komoe/webpay/channel_list?distribution_region=5&game_base_id=${sfl}&currency=THB`,
        null,
      );
      expect((body.data as { payment_type: string }[]).map((c) => c.payment_type)).toContain(
        'stripe_promptpay',
      );
    } finally {
      await withStripe.close();
    }
  });
});

describe('save', () => {
  it('edits a channel; players see the change on their next load; audited with before and after', async () => {
    const promptpay = await staffChannel('promptpay');
    const edit = {
      pay_channel_id: promptpay.pay_channel_id,
      pay_mode: 108,
      payment_type: 'promptpay',
      provider: null,
      method_keys: [],
      min_amount: null,
      max_amount: 50000,
      names: { en: 'PromptPay QR', th: 'พร้อมเพย์ QR', cn: null, vi: null, zh: null },
      sort: 0,
      is_open: 1,
    };
    const saved = await post('/channel/save', edit);
    expect(saved).toMatchObject({
      code: 0,
      data: {
        channel_name: 'PromptPay QR',
        max_amount: 50000,
        names: { en: 'PromptPay QR', th: 'พร้อมเพย์ QR' },
      },
    });
    expect((await offered('THB', 'th')).find((c) => c.payment_type === 'promptpay')).toMatchObject({
      channel_name: 'พร้อมเพย์ QR',
      max_amount: 50000,
    });
    const [row] = await auditOf('pay.channel.save');
    expect(row).toMatchObject({
      targetId: String(promptpay.pay_channel_id),
      before: { payment_type: 'promptpay', max_amount: null, names: { en: 'PromptPay', th: 'พร้อมเพย์' } },
      after: {
        payment_type: 'promptpay',
        max_amount: 50000,
        names: { en: 'PromptPay QR', th: 'พร้อมเพย์ QR' },
      },
    });
    // The same again changes nothing and records nothing.
    expect((await post('/channel/save', edit)).code).toBe(0);
    expect(await auditOf('pay.channel.save')).toHaveLength(1);
    // Another channel's method in the same currency and mode is taken.
    expect(fieldsOf(await post('/channel/save', { ...edit, payment_type: 'card' }))).toEqual([
      { field: 'payment_type', code: 'taken' },
    ]);
    expect((await post('/channel/save', { ...edit, pay_channel_id: 999_999 })).code).toBe(-404);
    const names = await t.db
      .select()
      .from(payChannelI18n)
      .where(eq(payChannelI18n.payChannelId, promptpay.pay_channel_id));
    expect(names.map((n) => n.lang).sort()).toEqual(['en', 'th']);
  });

  it('a price outside the channel’s limits is refused (42); a product no channel of its mode takes is not listed', async () => {
    // PromptPay takes at most ฿500.00 since the save above: the ฿549.00 pack is refused through it.
    expect(await addOrderCode()).toBe(codes.payAmountOutsideChannelLimits);
    const productIds = async () =>
      (
        (
          await memberGet(
            t.app,
            `/pay/api/komoe/webpay/product_list?distribution_region=5&game_id=sfl_sea&currency=THB&pay_mode=108`,
            null,
          )
        ).body.data as { product_id: string }[]
      ).map((p) => p.product_id);
    // The card and TrueMoney channels of the same mode still take it.
    expect(await productIds()).toContain('sfl_sea.gem_980');
    await t.db
      .update(payChannel)
      .set({ maxAmount: 50000 })
      .where(
        and(eq(payChannel.gameBaseId, sfl), eq(payChannel.currency, 'THB'), eq(payChannel.payMode, 108)),
      );
    const listed = await productIds();
    expect(listed).not.toContain('sfl_sea.gem_980');
    expect(listed.length).toBeGreaterThan(0);
    const v2 = (await memberGet(t.app, `/pay/api/web/pay/product_list/v2?game_id=sfl_sea`, null)).body
      .data as { product_id: string; price_list: { currency: string; pay_mode: number }[] }[];
    const gem980 = v2.find((p) => p.product_id === 'sfl_sea.gem_980')!;
    expect(gem980.price_list.some((p) => p.currency === 'THB' && p.pay_mode === 108)).toBe(false);
    expect(gem980.price_list.some((p) => p.currency === 'VND')).toBe(true);
    await t.db
      .update(payChannel)
      .set({ maxAmount: null })
      .where(
        and(eq(payChannel.gameBaseId, sfl), eq(payChannel.currency, 'THB'), eq(payChannel.payMode, 108)),
      );
    expect(await addOrderCode()).toBe(0);
  });
});
