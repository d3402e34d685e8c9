/**
 * The order calls of both pay variants: add_order / add_pay_order with every refusal it can answer, idempotent
 * double submits, order_detail, order_history and order_result (which asks the sandbox provider).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  payOrderCreated,
  payOrderItem,
  payOrderPage,
  payOrderTracked,
  type PayOrderItem,
} from '@gp/contracts/pay';
import { pageTotalCap } from '@gp/contracts';
import { loginTestMember, type TestMember } from '../../../test/member-session.ts';
import {
  addOrderUrl,
  memberGet,
  memberPost,
  orderDetail,
  orderForm,
  payTestEnv,
  placeOrder,
} from '../../../test/pay-steps.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { game } from '../../db/schema/game.schema.ts';
import {
  payDeliveryJob,
  payOrder,
  payOrderRequest,
  paySandboxPayment,
} from '../../db/schema/pay-order.schema.ts';
import { payGame, payProduct, payProductI18n, payProductPrice } from '../../db/schema/pay.schema.ts';
import { paySetting } from '../../db/schema/site.schema.ts';
import { AppError } from '../../http/app-error.ts';
import { GameServerSimRepository } from '../../dev/game-server/game-server-sim.repository.ts';
import { GameServerSimulator } from '../../dev/game-server/game-server.simulator.ts';
import { PayOrderService, type AddOrderInput } from './orders/pay-order.service.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let sim: GameServerSimulator;
let sfl: number;
let ltb: number;
let member: TestMember;
beforeAll(async () => {
  t = await createTestApp(payTestEnv);
  sim = new GameServerSimulator(new GameServerSimRepository(t.db));
  const games = await t.db.select().from(game);
  sfl = games.find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
  ltb = games.find((g) => g.gameId === 'ltb_sea')!.gameBaseId;
  member = await loginTestMember(t.db);
});
afterEach(() => sim.clearSwitches());
afterAll(() => t.close());

const variants = ['webpay', 'pay'] as const;

async function add(
  variant: 'webpay' | 'pay',
  form: Record<string, string | number>,
  who: TestMember | null = member,
  query = '',
) {
  const url = addOrderUrl[variant];
  return memberPost(t.app, query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url, who, form);
}

/** The code an add-order answers for the form with `overrides` (fresh captcha and key each time). */
async function codeFor(variant: 'webpay' | 'pay', overrides: Record<string, string | number>, who = member) {
  const { body } = await add(variant, await orderForm(t.app, who, sfl, overrides), who);
  return body.code;
}

const ordersOf = (mid: number) => t.db.select().from(payOrder).where(eq(payOrder.mid, mid));

describe('add_order / add_pay_order', () => {
  it('refuses a visitor with -101 and a forged ct with -110', async () => {
    for (const variant of variants) {
      const form = await orderForm(t.app, member, sfl);
      expect((await add(variant, form, null)).body).toMatchObject({ code: -101 });
      const res = await t.app.inject({
        method: 'POST',
        url: addOrderUrl[variant],
        payload: new URLSearchParams({ ...form, ct: 'forged' } as Record<string, string>).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        cookies: member.cookies,
      });
      expect(res.json()).toMatchObject({ code: -110 });
    }
  });

  it('refuses a malformed payload with -400 naming the fields', async () => {
    const form = await orderForm(t.app, member, sfl, { idempotency_key: 'short', pay_mode: 99 });
    for (const variant of variants) {
      const { status, body } = await add(variant, form);
      expect(status).toBe(400);
      const fields = (body.data as { fields: { field: string }[] }).fields.map((f) => f.field);
      expect(fields).toEqual(expect.arrayContaining(['idempotency_key', 'pay_mode']));
    }
  });

  it('makes an order awaiting payment at the sandbox, with what it shows snapshotted (both variants)', async () => {
    for (const variant of variants) {
      const { body } = await add(variant, await orderForm(t.app, member, sfl), member, 'lang=th');
      expect(body.code, JSON.stringify(body)).toBe(0);
      const created = payOrderCreated.parse(body.data);
      expect(created.order_no).toMatch(/^GP\d{8}[0-9A-Z]{16}$/);
      expect(created.pay_order_no).toMatch(/^SBX\d{8}[0-9A-Z]{16}$/);
      expect(created.pay_url).toBe(
        `http://localhost:8090/pay/sandbox/checkout/${created.pay_order_no}?lang=th`,
      );
      expect(created.expires_in).toBeGreaterThan(1790);
      expect(created.expires_in).toBeLessThanOrEqual(1800);

      const th = await orderDetail(t.app, member, created.order_no, 'th');
      expect(th).toMatchObject({
        order_no: created.order_no,
        pay_order_no: created.pay_order_no,
        game_base_id: sfl,
        game_id: 'sfl_sea',
        game_name: 'ตำนานดาวตก',
        product_id: 'sfl_sea.gem_980',
        product_name: 'ผงดาว 980',
        product_price: 54900,
        currency: 'THB',
        exponent: 2,
        pay_mode: 108,
        payment_type: 'promptpay',
        channel_name: 'พร้อมเพย์',
        state: 'awaiting_payment',
        status: 'pending',
        reason_code: null,
        pay_time: null,
        delivered_at: null,
      });
      expect(th.server_name).toMatch(/^S\d /);
      // Another page language answers the same order in that language; one the catalog lacks falls back to en.
      const vi = await orderDetail(t.app, member, created.order_no, 'vi');
      expect([vi.game_name, vi.product_name, vi.channel_name]).toEqual([
        'Huyền Thoại Sao Băng',
        '980 Bụi Sao',
        'PromptPay',
      ]);
      const ja = await orderDetail(t.app, member, created.order_no, 'ja');
      expect([ja.game_name, ja.product_name]).toEqual(['Starfall Legends', '980 Stardust']);

      const [row] = await t.db.select().from(payOrder).where(eq(payOrder.orderNo, created.order_no));
      expect(row).toMatchObject({ variant, lang: 'th', distributionRegion: 5, creditAmount: 1090 });
      const [payment] = await t.db
        .select()
        .from(paySandboxPayment)
        .where(eq(paySandboxPayment.payOrderNo, created.pay_order_no));
      expect(payment).toMatchObject({
        merchantOrderNo: created.order_no,
        amount: 54900,
        currency: 'THB',
        status: 'pending',
      });
    }
  });

  it('keeps the snapshot when the catalog changes afterwards', async () => {
    const created = await placeOrder(t.app, member, sfl);
    const [product] = await t.db
      .select()
      .from(payProduct)
      .where(and(eq(payProduct.gameBaseId, sfl), eq(payProduct.productId, 'sfl_sea.gem_980')));
    const price = and(
      eq(payProductPrice.payProductId, product!.id),
      eq(payProductPrice.currency, 'THB'),
      eq(payProductPrice.payMode, 108),
    );
    const name = and(eq(payProductI18n.payProductId, product!.id), eq(payProductI18n.lang, 'en'));
    await t.db.update(payProductPrice).set({ price: 59900 }).where(price);
    await t.db.update(payProductI18n).set({ name: 'Renamed' }).where(name);
    try {
      expect(await orderDetail(t.app, member, created.order_no)).toMatchObject({
        product_name: '980 Stardust',
        product_price: 54900,
      });
      // The page showed the old price: a new order at it is refused (err7).
      expect(await codeFor('webpay', {})).toBe(7);
      expect(await codeFor('webpay', { product_price: 59900 })).toBe(0);
    } finally {
      await t.db.update(payProductPrice).set({ price: 54900 }).where(price);
      await t.db.update(payProductI18n).set({ name: '980 Stardust' }).where(name);
    }
  });

  it('keeps region and addExtra of the second variant as sent', async () => {
    const created = await placeOrder(t.app, member, sfl, {
      variant: 'pay',
      overrides: { region: 7, addExtra: '{"from":"banner"}' },
    });
    const [row] = await t.db.select().from(payOrder).where(eq(payOrder.orderNo, created.order_no));
    expect(row).toMatchObject({
      variant: 'pay',
      region: 7,
      addExtra: '{"from":"banner"}',
      distributionRegion: 5,
    });
  });

  it('err3: the pay switch is off, or the game is not open for top-up in the region', async () => {
    // Role lists are refused too while the game is closed: fill the forms first.
    const forms = async () => ({
      webpay: await orderForm(t.app, member, sfl),
      pay: await orderForm(t.app, member, sfl),
    });
    let ready = await forms();
    await t.db.update(paySetting).set({ mainSwitchOn: false }).where(eq(paySetting.distributionRegion, 5));
    try {
      for (const variant of variants) expect((await add(variant, ready[variant])).body.code).toBe(3);
    } finally {
      await t.db.update(paySetting).set({ mainSwitchOn: true }).where(eq(paySetting.distributionRegion, 5));
    }
    const form = await orderForm(t.app, member, sfl);
    const { body } = await memberPost(
      t.app,
      '/pay/api/komoe/webpay/add_order?distribution_region=7',
      member,
      form,
    );
    expect(body.code).toBe(3);
    ready = await forms();
    await t.db.update(payGame).set({ isOpen: false }).where(eq(payGame.gameBaseId, sfl));
    try {
      for (const variant of variants) expect((await add(variant, ready[variant])).body.code).toBe(3);
    } finally {
      await t.db.update(payGame).set({ isOpen: true }).where(eq(payGame.gameBaseId, sfl));
    }
  });

  it('16: a Facebook-authorised member cannot pay on the web (other third-party members can)', async () => {
    const facebook = await loginTestMember(t.db, { loginType: 3 });
    const google = await loginTestMember(t.db, { loginType: 2 });
    for (const variant of variants) {
      expect(await codeFor(variant, {}, facebook)).toBe(16);
      expect(await codeFor(variant, {}, google)).toBe(0);
    }
    expect(await ordersOf(facebook.mid)).toEqual([]);
  });

  it('err1: a wrong, unknown or spent captcha', async () => {
    for (const variant of variants) {
      expect(await codeFor(variant, { captcha_code: 'nope' })).toBe(1);
      expect(await codeFor(variant, { captcha_token: 'no-such-captcha' })).toBe(1);
    }
    const form = await orderForm(t.app, member, sfl);
    expect((await add('webpay', form)).body.code).toBe(0);
    expect((await add('pay', { ...form, idempotency_key: randomUUID() })).body.code).toBe(1);
  });

  it('err7 / err6 / err13: product, price and payment method are checked against the catalog', async () => {
    for (const variant of variants) {
      expect(await codeFor(variant, { product_id: 'sfl_sea.gem_99999' })).toBe(7);
      expect(await codeFor(variant, { product_price: 100 })).toBe(7);
      expect(await codeFor(variant, { game_base_id: ltb })).toBe(7);
      expect(await codeFor(variant, { product_id: 'sfl.launch_bundle' })).toBe(6);
      expect(await codeFor(variant, { payment_type: 'bitcoin' })).toBe(13);
      expect(await codeFor(variant, { pay_mode: 12 })).toBe(13);
    }
  });

  it('err12 / err8 / err9 / err4: the server is checked against the catalog and the game server', async () => {
    for (const variant of variants) {
      const form = await orderForm(t.app, member, sfl);
      const server = String(form.cp_server_id);
      const with_ = async (kind: Parameters<typeof sim.setSwitch>[0]['kind'], code: number) => {
        await sim.setSwitch({ kind, gameBaseId: sfl });
        try {
          expect(await codeFor(variant, { cp_server_id: server, cp_role_id: form.cp_role_id! })).toBe(code);
        } finally {
          await sim.clearSwitches();
        }
      };
      await with_('no_servers', 12);
      await with_('servers_unavailable', 8);
      await with_('server_maintenance', 4);
      expect(await codeFor(variant, { cp_server_id: '9999' })).toBe(9);
    }
  });

  it('the offer is refused before the recipient, though both are asked at once; the captcha before either', async () => {
    for (const variant of variants) {
      const badServer = { cp_server_id: '9999' };
      expect(await codeFor(variant, { ...badServer, product_id: 'sfl_sea.gem_99999' })).toBe(7);
      expect(await codeFor(variant, { ...badServer, product_id: 'sfl.launch_bundle' })).toBe(6);
      expect(await codeFor(variant, { ...badServer, payment_type: 'bitcoin' })).toBe(13);
      // The forms are filled while the game server answers (they pick a character from its list).
      const cheap = await orderForm(t.app, member, sfl, { product_price: 100 });
      const unsolved = await orderForm(t.app, member, sfl, { product_price: 100, captcha_code: 'nope' });
      const wrongMode = await orderForm(t.app, member, sfl, { pay_mode: 12 });
      await sim.setSwitch({ kind: 'servers_unavailable', gameBaseId: sfl });
      try {
        expect((await add(variant, cheap)).body.code).toBe(7);
        expect((await add(variant, unsolved)).body.code).toBe(1);
      } finally {
        await sim.clearSwitches();
      }
      await sim.setSwitch({ kind: 'characters_unavailable', gameBaseId: sfl });
      try {
        expect((await add(variant, wrongMode)).body.code).toBe(13);
      } finally {
        await sim.clearSwitches();
      }
    }
  });

  it('err10 / err11 / err5: the character is checked against the game server', async () => {
    for (const variant of variants) {
      const form = await orderForm(t.app, member, sfl);
      const target = { cp_server_id: form.cp_server_id!, cp_role_id: form.cp_role_id! };
      await sim.setSwitch({ kind: 'characters_unavailable', gameBaseId: sfl });
      expect(await codeFor(variant, target)).toBe(10);
      await sim.clearSwitches();
      expect(await codeFor(variant, { ...target, cp_role_id: '1234567890' })).toBe(11);
      await sim.setSwitch({ kind: 'cannot_recharge', gameBaseId: sfl, mid: member.mid });
      expect(await codeFor(variant, target)).toBe(5);
      await sim.clearSwitches();
      expect(await codeFor(variant, target)).toBe(0);
    }
  });

  it('answers the same order for the same idempotency key, before spending the captcha', async () => {
    const who = await loginTestMember(t.db);
    const form = await orderForm(t.app, who, sfl);
    const first = await add('webpay', form, who);
    // The retry carries a spent captcha; it still answers the order of its key, on either variant.
    const again = await add('webpay', form, who);
    const other = await add('pay', { ...form, captcha_code: 'wrong' }, who);
    expect(first.body.code).toBe(0);
    expect(again.body).toEqual(first.body);
    expect((other.body.data as { order_no: string }).order_no).toBe(
      (first.body.data as { order_no: string }).order_no,
    );
    expect(await ordersOf(who.mid)).toHaveLength(1);
    // A new key is a new order; another member's same key is theirs.
    expect((await add('webpay', await orderForm(t.app, who, sfl), who)).body.code).toBe(0);
    expect(await ordersOf(who.mid)).toHaveLength(2);
    const someoneElse = await loginTestMember(t.db);
    const theirs = await add(
      'webpay',
      await orderForm(t.app, someoneElse, sfl, { idempotency_key: String(form.idempotency_key) }),
      someoneElse,
    );
    expect(theirs.body.code).toBe(0);
    expect((theirs.body.data as { order_no: string }).order_no).not.toBe(
      (first.body.data as { order_no: string }).order_no,
    );
  });

  it('makes one order of two concurrent requests with the same key (a double click)', async () => {
    const who = await loginTestMember(t.db);
    const form = await orderForm(t.app, who, sfl);
    const answers = await Promise.all([
      add('webpay', form, who),
      add('webpay', form, who),
      add('pay', form, who),
    ]);
    for (const answer of answers) expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
    expect(new Set(answers.map((a) => (a.body.data as { order_no: string }).order_no)).size).toBe(1);
    expect(await ordersOf(who.mid)).toHaveLength(1);
  });

  it('repeats a refusal to the concurrent double, and lets the same key try again afterwards', async () => {
    const who = await loginTestMember(t.db);
    const form = await orderForm(t.app, who, sfl, { captcha_code: 'wrong' });
    const answers = await Promise.all([add('webpay', form, who), add('webpay', form, who)]);
    expect(answers.map((a) => a.body.code)).toEqual([1, 1]);
    const [request] = await t.db.select().from(payOrderRequest).where(eq(payOrderRequest.mid, who.mid));
    expect(request).toMatchObject({ status: 'failed', errorCode: 1, orderId: null });
    const retry = await add(
      'webpay',
      { ...form, captcha_token: (await orderForm(t.app, who, sfl)).captcha_token!, captcha_code: 'pass' },
      who,
    );
    expect(retry.body.code).toBe(0);
    expect(await ordersOf(who.mid)).toHaveLength(1);
  });
});

describe('order engine without a working provider', () => {
  const input = (mid: number, form: Record<string, string | number>): AddOrderInput => ({
    variant: 'webpay',
    mid,
    loginType: 0,
    lang: 'en',
    gameBaseId: Number(form.game_base_id),
    gameId: String(form.game_id),
    cpServerId: String(form.cp_server_id),
    cpRoleId: String(form.cp_role_id),
    productId: String(form.product_id),
    productPrice: Number(form.product_price),
    currency: String(form.currency),
    payMode: Number(form.pay_mode),
    paymentType: String(form.payment_type),
    captchaToken: String(form.captcha_token),
    captchaCode: String(form.captcha_code),
    idempotencyKey: String(form.idempotency_key),
  });
  const engine = (provider: PaymentProvider | undefined) =>
    new PayOrderService(
      { ...t.app.pay, db: t.db, provider },
      {
        distributionRegion: 5,
        orderTtlMs: 60_000,
        log: { info() {}, warn() {}, error() {} },
        now: t.app.now,
      },
    );
  const codeOf = async (work: Promise<unknown>) => {
    try {
      await work;
      return 0;
    } catch (error) {
      if (error instanceof AppError) return error.code;
      throw error;
    }
  };

  it('err3 with no provider configured (PAY_PROVIDER=none)', async () => {
    const who = await loginTestMember(t.db);
    expect(await codeOf(engine(undefined).addOrder(input(who.mid, await orderForm(t.app, who, sfl))))).toBe(
      3,
    );
  });

  it('err2 when the provider cannot create the payment: the order is failed with reason 2', async () => {
    const who = await loginTestMember(t.db);
    const broken: PaymentProvider = {
      name: 'sandbox',
      createPayment: () => Promise.reject(new Error('provider down')),
      verifyNotification: () => {
        throw new Error('unused');
      },
      queryPayment: () => Promise.resolve({ status: 'unknown' }),
      listSettledPayments: async function* () {},
      refundPayment: () => Promise.reject(new Error('unused')),
    };
    const form = await orderForm(t.app, who, sfl);
    expect(await codeOf(engine(broken).addOrder(input(who.mid, form)))).toBe(2);
    const [order] = await ordersOf(who.mid);
    expect(order).toMatchObject({ state: 'failed', reasonCode: 2, payOrderNo: null });
    // The same key answers err2 again instead of making a second order.
    expect(await codeOf(engine(broken).addOrder(input(who.mid, form)))).toBe(2);
    expect(await ordersOf(who.mid)).toHaveLength(1);
  });
});

describe('order_detail / order_history', () => {
  it("answers only the member's own orders, with their timeline; anything else is 14 (both variants)", async () => {
    const created = await placeOrder(t.app, member, sfl);
    const stranger = await loginTestMember(t.db);
    for (const url of [
      `/pay/api/komoe/webpay/order_detail?distribution_region=5&order_no=${created.order_no}`,
      `/pay/api/web/pay/order_detail?order_no=${created.order_no}&region=7`,
    ]) {
      const mine = await memberGet(t.app, url, member);
      const tracked = payOrderTracked.parse(mine.body.data);
      expect(tracked.order_no).toBe(created.order_no);
      // Made and waiting for its payment: one "order placed" step, when it was made (the order row and its first
      // event are written by separate statements, so their clocks may differ by a moment).
      expect(tracked.timeline.map((e) => e.step)).toEqual(['created']);
      const placed = Date.parse(tracked.timeline[0]?.at ?? '');
      expect(Math.abs(placed - Date.parse(tracked.created_at))).toBeLessThan(5_000);
      expect((await memberGet(t.app, url, stranger)).body).toMatchObject({ code: 14, data: null });
      expect((await memberGet(t.app, url, null)).body).toMatchObject({ code: -101 });
    }
    expect(
      (await memberGet(t.app, '/pay/api/web/pay/order_detail?order_no=GP20000101AAAAAAAAAAAAAAAA', member))
        .body,
    ).toMatchObject({ code: 14 });
  });

  it('lists the orders newest first, paged, in the page language (both variants)', async () => {
    const who = await loginTestMember(t.db);
    const made: string[] = [];
    for (let i = 0; i < 3; i += 1) made.push((await placeOrder(t.app, who, sfl)).order_no);
    for (const base of [
      '/pay/api/komoe/webpay/order_history?distribution_region=5',
      '/pay/api/web/pay/order_history?region=7',
    ]) {
      const first = payOrderPage.parse(
        (await memberGet(t.app, `${base}&page_size=2&lang=th`, who)).body.data,
      );
      expect(first).toMatchObject({ total: 3, page_num: 1, page_size: 2 });
      expect(first.list.map((o) => o.order_no)).toEqual([made[2], made[1]]);
      expect(first.list[0]!.product_name).toBe('ผงดาว 980');
      const second = payOrderPage.parse(
        (await memberGet(t.app, `${base}&page_size=2&page_num=2`, who)).body.data,
      );
      expect(second.list.map((o) => o.order_no)).toEqual([made[0]]);
      // Past the last page: no order, the total all the same (no row carries it there).
      const past = payOrderPage.parse(
        (await memberGet(t.app, `${base}&page_size=2&page_num=4`, who)).body.data,
      );
      expect(past).toMatchObject({ list: [], total: 3, page_num: 4 });
    }
    const defaults = payOrderPage.parse(
      (await memberGet(t.app, '/pay/api/web/pay/order_history', who)).body.data,
    );
    expect(defaults).toMatchObject({ total: 3, page_num: 1, page_size: 10 });
    // Another region's history is its own; a member without orders has an empty one.
    const other = await memberGet(t.app, '/pay/api/komoe/webpay/order_history?distribution_region=7', who);
    expect(other.body.data).toMatchObject({ list: [], total: 0 });
    const empty = await loginTestMember(t.db);
    expect((await memberGet(t.app, '/pay/api/web/pay/order_history', empty)).body.data).toMatchObject({
      list: [],
      total: 0,
    });
    expect((await memberGet(t.app, '/pay/api/web/pay/order_history?page_size=51', who)).status).toBe(400);
  });

  it('counts a long history only up to the cap (total_capped), the pages still newest first', async () => {
    const who = await loginTestMember(t.db);
    const placed = await placeOrder(t.app, who, sfl);
    const [row] = await t.db.select().from(payOrder).where(eq(payOrder.orderNo, placed.order_no));
    const { id: _id, payOrderNo: _payOrderNo, ...template } = row!;
    // Older copies of the placed order, straight into the table: enough to pass the cap of 1000.
    const copies = Array.from({ length: pageTotalCap }, (_, i) => ({
      ...template,
      orderNo: `${placed.order_no.slice(0, -6)}${String(i).padStart(6, '0')}`,
      createdAt: new Date(template.createdAt.getTime() - (i + 1) * 60_000),
    }));
    for (let i = 0; i < copies.length; i += 250) await t.db.insert(payOrder).values(copies.slice(i, i + 250));
    const page = payOrderPage.parse(
      (await memberGet(t.app, '/pay/api/komoe/webpay/order_history?distribution_region=5&page_size=2', who))
        .body.data,
    );
    expect(page).toMatchObject({ total: pageTotalCap, total_capped: true });
    expect(page.list.map((o) => o.order_no)).toEqual([placed.order_no, copies[0]!.orderNo]);
    // Exactly at the cap nothing is capped.
    await t.db.delete(payOrder).where(eq(payOrder.orderNo, copies.at(-1)!.orderNo));
    const exact = payOrderPage.parse(
      (await memberGet(t.app, '/pay/api/komoe/webpay/order_history?distribution_region=5', who)).body.data,
    );
    expect(exact.total).toBe(pageTotalCap);
    expect(exact.total_capped).toBeUndefined();
  });
});

describe('order_result', () => {
  const urls = (payOrderNo: string) => [
    `/pay/api/komoe/webpay/order_result?distribution_region=5&pay_order_no=${payOrderNo}`,
    `/pay/api/web/pay/order_result?pay_order_no=${payOrderNo}&region=7`,
  ];
  const sandbox = () => t.app.dev!.sandbox!;
  const result = async (url: string, who = member) => {
    const { body } = await memberGet(t.app, url, who);
    return body.code === 0 ? payOrderItem.parse(body.data) : body.code;
  };
  const decide = (payOrderNo: string, status: 'paid' | 'declined') =>
    sandbox().repo.decide(payOrderNo, {
      status,
      eventId: `evt_${randomUUID()}`,
      notifyDueAt: new Date(Date.now() + 3_600_000),
      now: new Date(),
    });

  it('14: no such payment of the member', async () => {
    const created = await placeOrder(t.app, member, sfl);
    const stranger = await loginTestMember(t.db);
    for (const url of urls(created.pay_order_no)) expect(await result(url, stranger)).toBe(14);
    for (const url of urls('SBX20000101AAAAAAAAAAAAAAAA')) expect(await result(url)).toBe(14);
  });

  it('15: the provider has no payment yet', async () => {
    const created = await placeOrder(t.app, member, sfl);
    for (const url of urls(created.pay_order_no)) expect(await result(url)).toBe(15);
  });

  it('finds a payment the provider did not notify yet and makes the order paid, with its delivery job', async () => {
    const created = await placeOrder(t.app, member, sfl);
    await decide(created.pay_order_no, 'paid');
    const [regional, second] = urls(created.pay_order_no);
    const found = (await result(regional!)) as PayOrderItem;
    expect(found).toMatchObject({ state: 'paid', status: 'pending', reason_code: null });
    expect(found.pay_time).not.toBeNull();
    expect(await result(second!)).toEqual(found);
    const [row] = await t.db.select().from(payOrder).where(eq(payOrder.orderNo, created.order_no));
    const jobs = await t.db.select().from(payDeliveryJob).where(eq(payDeliveryJob.orderId, row!.id));
    expect(jobs).toHaveLength(1);
    expect((await t.app.pay.worker.runOnce()).delivered).toBeGreaterThanOrEqual(1);
    expect(await result(regional!)).toMatchObject({ state: 'delivered', status: 'success' });
  });

  it('finds a declined payment: the order failed with reason 15', async () => {
    const created = await placeOrder(t.app, member, sfl);
    await decide(created.pay_order_no, 'declined');
    expect(await result(urls(created.pay_order_no)[1]!)).toMatchObject({
      state: 'failed',
      status: 'failed',
      reason_code: 15,
    });
  });

  it('finds a late payment of an order that expired meanwhile: paid wins, the credit is owed', async () => {
    const created = await placeOrder(t.app, member, sfl);
    await decide(created.pay_order_no, 'paid');
    await t.db
      .update(payOrder)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payOrder.orderNo, created.order_no));
    expect((await t.app.pay.worker.expireOverdue()) >= 1).toBe(true);
    expect(await orderDetail(t.app, member, created.order_no)).toMatchObject({
      state: 'expired',
      reason_code: 15,
    });
    expect(await result(urls(created.pay_order_no)[0]!)).toMatchObject({ state: 'paid', reason_code: null });
  });

  it('answers an expired order nobody paid as it is', async () => {
    const created = await placeOrder(t.app, member, sfl);
    await t.db
      .update(payOrder)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payOrder.orderNo, created.order_no));
    await t.app.pay.worker.expireOverdue();
    expect(await result(urls(created.pay_order_no)[0]!)).toMatchObject({
      state: 'expired',
      status: 'failed',
    });
  });
});
