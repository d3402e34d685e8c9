/**
 * The top-up catalog for staff: every pay operations call behind the `catalog` privilege; the pay switch,
 * server maintenance, prices, sale flags and channels as the player's calls then see them; a price change
 * affecting new orders only; the audit row of every write, and none for a write that changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import * as payAdmin from '@gp/contracts/pay-admin';
import { privilegeId, staffPrivileges } from '@gp/contracts/staff';
import { fullPath } from '@gp/contracts';
import { loginTestMember, type TestMember } from '../../../test/member-session.ts';
import {
  addOrderUrl,
  memberGet,
  memberPost,
  notify,
  orderDetail,
  orderForm,
  payTestEnv,
  placeOrder,
  rechargeableRole,
} from '../../../test/pay-steps.ts';
import { loginTestStaff, staffGet, staffPost, type TestStaff } from '../../../test/staff-session.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { game } from '../../db/schema/game.schema.ts';
import { payOrder } from '../../db/schema/pay-order.schema.ts';
import { gameSimDelivery } from '../../db/schema/pay.schema.ts';
import { staffAuditLog } from '../../db/schema/staff.schema.ts';
import { SandboxNotifier } from '../../dev/sandbox/sandbox-provider.ts';
import { PayDeliveryWorker } from './index.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let staff: TestStaff;
let member: TestMember;
let sfl: number;
beforeAll(async () => {
  t = await createTestApp(payTestEnv);
  staff = await loginTestStaff(t.db, { accountId: 'catalog.keeper', privileges: ['catalog'] });
  member = await loginTestMember(t.db);
  sfl = (await t.db.select().from(game)).find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
});
afterAll(() => t.close());

const base = '/csmng/komoe/mng/pay';
type Body = { code: number; message: string; data: Record<string, unknown> & { fields?: unknown } };
const get = async (url: string, query: Record<string, string | number> = {}, who: TestStaff = staff) =>
  (await staffGet(t.app, who, `${base}${url}`, query)).json() as Body;
const post = async (url: string, body: object, who: TestStaff = staff) =>
  (await staffPost(t.app, who, `${base}${url}`, body)).json() as Body;

/** The newest audit rows of an action. */
const auditOf = (action: string) =>
  t.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, action)).orderBy(desc(staffAuditLog.id));

/** add_order's code for a fresh order form with these overrides. */
async function addOrderCode(overrides: Record<string, string | number> = {}) {
  const form = await orderForm(t.app, member, sfl, overrides);
  return (await memberPost(t.app, addOrderUrl.webpay, member, form)).body.code;
}

const calls = Object.values(payAdmin).filter(
  (value): value is typeof payAdmin.payAdminSwitchSet =>
    typeof value === 'object' && value !== null && 'request' in value && 'group' in value,
);

describe('privileges', () => {
  it('every call: -101 without a session, -110 with a wrong ct, -401 without catalog, -40007 before the password change', async () => {
    expect(calls).toHaveLength(15);
    const others = await loginTestStaff(t.db, {
      privileges: staffPrivileges.map((p) => p.name).filter((name) => name !== 'catalog'),
    });
    const fresh = await loginTestStaff(t.db, { privileges: ['catalog'], mustChangePassword: true });
    const writesBefore = (await t.db.select().from(staffAuditLog)).length;
    for (const call of calls) {
      const url = fullPath(call);
      const send = (who: Pick<TestStaff, 'ct' | 'cookies'> | null) =>
        call.method === 'GET' ? staffGet(t.app, who, url) : staffPost(t.app, who, url, {});
      expect((await send(null)).json().code, `${url} without a session`).toBe(-101);
      expect((await send({ ...others, ct: 'wrong' })).json().code, `${url} wrong ct`).toBe(-110);
      expect((await send(others)).json().code, `${url} without catalog`).toBe(-401);
      expect((await send(fresh)).json().code, `${url} one-time password`).toBe(-40007);
    }
    expect(privilegeId('catalog')).toBe(7);
    // Nothing refused wrote anything.
    expect(await t.db.select().from(staffAuditLog)).toHaveLength(writesBefore);
  });
});

describe('pay switch', () => {
  it('reads and sets the region switch; off refuses add_order (err3); audited with before/after', async () => {
    expect(await get('/switch/detail')).toMatchObject({
      code: 0,
      data: { distribution_region: 5, main_switch_status: 1 },
    });
    const off = await post('/switch/set', { main_switch_status: 0 });
    expect(off).toMatchObject({ code: 0, data: { distribution_region: 5, main_switch_status: 0 } });
    try {
      expect((await memberGet(t.app, '/pay/api/komoe/webpay/switch', null)).body.data).toEqual({
        main_switch_status: 0,
      });
      expect(await addOrderCode()).toBe(3);
      const [row] = await auditOf('pay.switch');
      expect(row).toMatchObject({
        actorStaffId: staff.staffId,
        actorAccountId: 'catalog.keeper',
        targetType: 'pay_setting',
        targetId: '5',
        before: { main_switch_status: 1 },
        after: { main_switch_status: 0 },
      });
    } finally {
      expect((await post('/switch/set', { distribution_region: 5, main_switch_status: 1 })).code).toBe(0);
    }
    expect(await addOrderCode()).toBe(0);
    expect(await auditOf('pay.switch')).toHaveLength(2);
    // Setting what is already set changes nothing and records nothing.
    expect((await post('/switch/set', { main_switch_status: 1 })).data.main_switch_status).toBe(1);
    expect(await auditOf('pay.switch')).toHaveLength(2);
  });

  it('refuses a region nobody configured, and a bad flag', async () => {
    const unknown = {
      code: -400,
      data: { fields: [{ field: 'distribution_region', code: 'unknown_region' }] },
    };
    expect(await get('/switch/detail', { distribution_region: 77 })).toMatchObject(unknown);
    expect(await post('/switch/set', { distribution_region: 77, main_switch_status: 1 })).toMatchObject(
      unknown,
    );
    expect(await post('/switch/set', { main_switch_status: 2 })).toMatchObject({
      code: -400,
      data: { fields: [{ field: 'main_switch_status' }] },
    });
    expect(await auditOf('pay.switch')).toHaveLength(2);
  });
});

describe('games and servers', () => {
  it('lists the region catalog with currencies, open or not', async () => {
    const { code, data } = await get('/game/list', { lang: 'th' });
    expect(code).toBe(0);
    const list = data as unknown as payAdmin.PayAdminGameItem[];
    expect(list.map((g) => g.game_id)).toEqual(
      expect.arrayContaining(['sfl_sea', 'ltb_sea', 'msr_sea', 'hod_sea']),
    );
    expect(list.find((g) => g.game_id === 'sfl_sea')).toMatchObject({
      game_base_id: sfl,
      is_open: 1,
      is_online: 1,
      currencies: ['THB', 'VND', 'PHP', 'IDR', 'MYR', 'SGD', 'USD'],
    });
    expect((await get('/game/list', { distribution_region: 77 })).data).toEqual([]);
  });

  it('lists a game’s servers with their maintenance flag, named in the console language', async () => {
    const ltb = (await t.db.select().from(game)).find((g) => g.gameId === 'ltb_sea')!.gameBaseId;
    expect(await get('/server/list', { game_base_id: ltb, lang: 'vi' })).toMatchObject({
      code: 0,
      data: [
        { cp_server_id: '2001', server_name: 'Đỉnh Ngọc Bích', is_maintenance: 0, is_online: 1 },
        { cp_server_id: '2002', server_name: 'Hồ Sen', is_maintenance: 0 },
        { cp_server_id: '2003', server_name: 'Thung Lũng Hạc', is_maintenance: 1 },
      ],
    });
    expect((await get('/server/list', { game_base_id: 999_999 })).code).toBe(-404);
    expect((await get('/server/list', { game_base_id: 'x' })).code).toBe(-400);
  });

  it('maintenance shows in the player’s server list and refuses add_order (err4) until lifted; audited', async () => {
    const role = await rechargeableRole(t.app, member, sfl);
    const roleList = async () =>
      (
        (await memberGet(t.app, `/pay/api/web/pay/user/role_list?game_base_id=${sfl}`, member)).body.data as {
          cp_server_id: string;
          is_maintenance: number;
        }[]
      ).find((s) => s.cp_server_id === role.cpServerId)!.is_maintenance;
    const named = { cp_server_id: role.cpServerId, cp_role_id: role.cpRoleId };

    const on = await post('/server/maintenance', {
      game_base_id: sfl,
      cp_server_id: role.cpServerId,
      is_maintenance: 1,
    });
    expect(on).toMatchObject({ code: 0, data: { cp_server_id: role.cpServerId, is_maintenance: 1 } });
    try {
      expect(await roleList()).toBe(1);
      expect(await addOrderCode(named)).toBe(4);
      const [row] = await auditOf('pay.server.maintenance');
      expect(row).toMatchObject({
        actorAccountId: 'catalog.keeper',
        targetType: 'pay_server',
        targetId: `${sfl}/${role.cpServerId}`,
        before: { is_maintenance: 0 },
        after: { is_maintenance: 1 },
      });
    } finally {
      await post('/server/maintenance', {
        game_base_id: sfl,
        cp_server_id: role.cpServerId,
        is_maintenance: 0,
      });
    }
    expect(await roleList()).toBe(0);
    expect(await addOrderCode(named)).toBe(0);
    expect((await auditOf('pay.server.maintenance'))[0]).toMatchObject({
      before: { is_maintenance: 1 },
      after: { is_maintenance: 0 },
    });
    expect(
      await post('/server/maintenance', { game_base_id: sfl, cp_server_id: '9999', is_maintenance: 1 }),
    ).toMatchObject({ code: -404 });
    expect(await auditOf('pay.server.maintenance')).toHaveLength(2);
  });
});

describe('products and prices', () => {
  it('lists every product with every price, off-sale ones included', async () => {
    const { code, data } = await get('/product/list', { game_base_id: sfl, lang: 'zh' });
    expect(code).toBe(0);
    const list = data as unknown as payAdmin.PayAdminProductItem[];
    expect(list.map((p) => p.product_id)).toEqual([
      'sfl_sea.gem_60',
      'sfl_sea.gem_300',
      'sfl_sea.gem_980',
      'sfl_sea.gem_1980',
      'sfl_sea.gem_3280',
      'sfl_sea.gem_6480',
      'sfl.launch_bundle',
    ]);
    const gems = list.find((p) => p.product_id === 'sfl_sea.gem_980')!;
    expect(gems).toMatchObject({ product_name: '980星塵', credit_amount: 1090, is_on_sale: 1 });
    expect(gems.price_list[0]).toMatchObject({ currency: 'THB', exponent: 2, is_on_sale: 1 });
    expect(gems.price_list).toContainEqual(
      expect.objectContaining({ currency: 'THB', pay_mode: 108, product_price: 54900 }),
    );
    expect(gems.price_list).toContainEqual(
      expect.objectContaining({ currency: 'VND', exponent: 0, pay_mode: 108, product_price: 349000 }),
    );
    expect(list.find((p) => p.product_id === 'sfl.launch_bundle')).toMatchObject({ is_on_sale: 0 });
    expect((await get('/product/list', { game_base_id: 999_999 })).code).toBe(-404);
  });

  it('a price change affects new orders only: an order made before is paid and credited at its own price', async () => {
    const role = await rechargeableRole(t.app, member, sfl);
    const named = { cp_server_id: role.cpServerId, cp_role_id: role.cpRoleId };
    const before = await placeOrder(t.app, member, sfl, { overrides: named });

    const changed = await post('/product/price', {
      game_base_id: sfl,
      product_id: 'sfl_sea.gem_980',
      currency: 'thb',
      pay_mode: 108,
      product_price: 59900,
    });
    expect(changed.code).toBe(0);
    expect((changed.data as unknown as payAdmin.PayAdminProductItem).price_list).toContainEqual(
      expect.objectContaining({ currency: 'THB', pay_mode: 108, product_price: 59900 }),
    );
    expect((await auditOf('pay.product.price'))[0]).toMatchObject({
      actorAccountId: 'catalog.keeper',
      targetType: 'pay_product',
      targetId: `${sfl}/sfl_sea.gem_980`,
      before: { currency: 'THB', pay_mode: 108, product_price: 54900 },
      after: { currency: 'THB', pay_mode: 108, product_price: 59900 },
    });

    // Players see the new price; an order at the old one is refused (err7), at the new one it is made.
    const offer = await memberGet(
      t.app,
      '/pay/api/komoe/webpay/product_list?game_id=sfl_sea&currency=THB&pay_mode=108',
      null,
    );
    expect(offer.body.data).toContainEqual(
      expect.objectContaining({ product_id: 'sfl_sea.gem_980', product_price: 59900 }),
    );
    expect(await addOrderCode({ ...named, product_price: 54900 })).toBe(7);
    const after = await placeOrder(t.app, member, sfl, { overrides: { ...named, product_price: 59900 } });
    expect((await orderDetail(t.app, member, after.order_no)).product_price).toBe(59900);

    // The order made before keeps 54900: its payment of 54900 applies, and it is credited.
    const decided = await t.app.dev!.sandbox!.repo.decide(before.pay_order_no, {
      status: 'paid',
      eventId: `evt_${randomUUID()}`,
      notifyDueAt: new Date(Date.now() + 3_600_000),
      now: new Date(),
    });
    expect(decided!.amount).toBe(54900);
    expect((await notify(t.app, SandboxNotifier.bodyOf(decided!))).body.result).toBe('applied');
    const silent = { info() {}, warn() {}, error() {} };
    await new PayDeliveryWorker({
      db: t.db,
      gameServer: t.app.pay.gameServer,
      log: silent,
      now: t.app.now,
    }).runOnce();
    expect(await orderDetail(t.app, member, before.order_no)).toMatchObject({
      product_price: 54900,
      state: 'delivered',
    });
    const [credit] = await t.db
      .select()
      .from(gameSimDelivery)
      .where(eq(gameSimDelivery.idempotencyKey, before.order_no));
    expect(credit).toMatchObject({ productId: 'sfl_sea.gem_980', creditAmount: 1090 });
    const [stored] = await t.db.select().from(payOrder).where(eq(payOrder.orderNo, before.order_no));
    expect(stored!.price).toBe(54900);

    // Back to the old price (and the same price again changes nothing, records nothing).
    await post('/product/price', {
      game_base_id: sfl,
      product_id: 'sfl_sea.gem_980',
      currency: 'THB',
      pay_mode: 108,
      product_price: 54900,
    });
    const rows = (await auditOf('pay.product.price')).length;
    await post('/product/price', {
      game_base_id: sfl,
      product_id: 'sfl_sea.gem_980',
      currency: 'THB',
      pay_mode: 108,
      product_price: 54900,
    });
    expect(await auditOf('pay.product.price')).toHaveLength(rows);
  });

  it('refuses a price for no product (-404), a currency not sold, a missing price and a bad amount', async () => {
    const change = { game_base_id: sfl, product_id: 'sfl_sea.gem_980', currency: 'THB', pay_mode: 108 };
    expect(await post('/product/price', { ...change, product_id: 'nope', product_price: 100 })).toMatchObject(
      {
        code: -404,
      },
    );
    expect(await post('/product/price', { ...change, currency: 'EUR', product_price: 100 })).toMatchObject({
      code: -400,
      data: { fields: [{ field: 'currency', code: 'not_sold' }] },
    });
    // THB is sold, but not through MyCard web (20).
    expect(await post('/product/price', { ...change, pay_mode: 20, product_price: 100 })).toMatchObject({
      code: -400,
      data: { fields: [{ field: 'pay_mode', code: 'no_price' }] },
    });
    for (const product_price of [0, -5, 1.5, 'cheap']) {
      expect(await post('/product/price', { ...change, product_price }), String(product_price)).toMatchObject(
        {
          code: -400,
          data: { fields: [{ field: 'product_price' }] },
        },
      );
    }
    expect(await post('/product/price', { ...change, pay_mode: 99, product_price: 100 })).toMatchObject({
      code: -400,
      data: { fields: [{ field: 'pay_mode' }] },
    });
  });

  it('a product off sale leaves the offer and refuses orders (err6); one price off sale only that price', async () => {
    const sale = { game_base_id: sfl, product_id: 'sfl_sea.gem_980' };
    const listed = async (currency: string, mode: number) =>
      (
        (
          await memberGet(
            t.app,
            `/pay/api/komoe/webpay/product_list?game_id=sfl_sea&currency=${currency}&pay_mode=${mode}`,
            null,
          )
        ).body.data as { product_id: string }[]
      ).some((p) => p.product_id === 'sfl_sea.gem_980');

    const off = await post('/product/sale', { ...sale, is_on_sale: 0 });
    expect(off).toMatchObject({ code: 0, data: { product_id: 'sfl_sea.gem_980', is_on_sale: 0 } });
    expect(await listed('THB', 108)).toBe(false);
    expect(await addOrderCode()).toBe(6);
    expect((await auditOf('pay.product.sale'))[0]).toMatchObject({
      targetType: 'pay_product',
      targetId: `${sfl}/sfl_sea.gem_980`,
      before: { is_on_sale: 1 },
      after: { is_on_sale: 0 },
    });
    expect((await post('/product/sale', { ...sale, is_on_sale: 1 })).data.is_on_sale).toBe(1);
    expect(await addOrderCode()).toBe(0);

    const onePrice = { ...sale, currency: 'THB', pay_mode: 108 };
    const priceOff = await post('/product/sale', { ...onePrice, is_on_sale: 0 });
    expect((priceOff.data as unknown as payAdmin.PayAdminProductItem).price_list).toContainEqual(
      expect.objectContaining({ currency: 'THB', pay_mode: 108, is_on_sale: 0 }),
    );
    expect(priceOff.data.is_on_sale).toBe(1);
    expect(await listed('THB', 108)).toBe(false);
    expect(await listed('THB', 106)).toBe(true);
    expect(await addOrderCode()).toBe(6);
    expect((await auditOf('pay.product.sale'))[0]).toMatchObject({
      before: { currency: 'THB', pay_mode: 108, is_on_sale: 1 },
      after: { currency: 'THB', pay_mode: 108, is_on_sale: 0 },
    });
    await post('/product/sale', { ...onePrice, is_on_sale: 1 });
    expect(await addOrderCode()).toBe(0);
    expect(await auditOf('pay.product.sale')).toHaveLength(4);

    expect(await post('/product/sale', { ...sale, currency: 'THB', is_on_sale: 0 })).toMatchObject({
      code: -400,
      data: { fields: [{ field: 'pay_mode', code: 'required_with' }] },
    });
    expect(await post('/product/sale', { ...sale, pay_mode: 108, is_on_sale: 0 })).toMatchObject({
      code: -400,
      data: { fields: [{ field: 'currency', code: 'required_with' }] },
    });
    expect(await post('/product/sale', { ...sale, product_id: 'nope', is_on_sale: 0 })).toMatchObject({
      code: -404,
    });
    expect(await post('/product/sale', { ...onePrice, currency: 'EUR', is_on_sale: 0 })).toMatchObject({
      code: -400,
      data: { fields: [{ field: 'currency', code: 'not_sold' }] },
    });
    expect(await auditOf('pay.product.sale')).toHaveLength(4);
  });
});

describe('channels', () => {
  it('lists a game’s channels per currency, open or not', async () => {
    const { code, data } = await get('/channel/list', { game_base_id: sfl, currency: 'thb', lang: 'th' });
    expect(code).toBe(0);
    const list = data as unknown as payAdmin.PayAdminChannelItem[];
    expect(list.map((c) => [c.pay_mode, c.payment_type, c.channel_name])).toEqual([
      [108, 'promptpay', 'พร้อมเพย์'],
      [108, 'truemoney', 'ทรูมันนี่ วอลเล็ท'],
      [108, 'card', 'บัตรเครดิต / เดบิต'],
      [106, 'unipin_credits', 'UniPin เครดิต'],
      [107, 'razer_gold', 'Razer Gold'],
    ]);
    const all = (await get('/channel/list', { game_base_id: sfl })).data as unknown as unknown[];
    expect(all.length).toBeGreaterThan(list.length);
    expect((await get('/channel/list', { game_base_id: 999_999 })).code).toBe(-404);
  });

  it('a closed channel is no longer offered and refuses orders (err13) until reopened; audited', async () => {
    const list = (await get('/channel/list', { game_base_id: sfl, currency: 'THB' }))
      .data as unknown as payAdmin.PayAdminChannelItem[];
    const promptpay = list.find((c) => c.payment_type === 'promptpay')!;
    const offered = async () =>
      (
        (await memberGet(t.app, `/pay/api/komoe/webpay/channel_list?game_base_id=${sfl}&currency=THB`, null))
          .body.data as { payment_type: string }[]
      ).some((c) => c.payment_type === 'promptpay');

    const closed = await post('/channel/switch', { pay_channel_id: promptpay.pay_channel_id, is_open: 0 });
    expect(closed).toMatchObject({ code: 0, data: { payment_type: 'promptpay', is_open: 0 } });
    expect(await offered()).toBe(false);
    expect(await addOrderCode()).toBe(13);
    expect((await auditOf('pay.channel'))[0]).toMatchObject({
      targetType: 'pay_channel',
      targetId: String(promptpay.pay_channel_id),
      before: { game_base_id: sfl, currency: 'THB', pay_mode: 108, payment_type: 'promptpay', is_open: 1 },
      after: { is_open: 0 },
    });
    await post('/channel/switch', { pay_channel_id: promptpay.pay_channel_id, is_open: 1 });
    expect(await offered()).toBe(true);
    expect(await addOrderCode()).toBe(0);
    await post('/channel/switch', { pay_channel_id: promptpay.pay_channel_id, is_open: 1 });
    expect(await auditOf('pay.channel')).toHaveLength(2);
    expect(await post('/channel/switch', { pay_channel_id: 999_999, is_open: 0 })).toMatchObject({
      code: -404,
    });
  });
});

describe('audit', () => {
  it('the console reads the pay writes in the audit log by action', async () => {
    const admin = await loginTestStaff(t.db, { privileges: ['staff.accounts'] });
    const res = await staffGet(t.app, admin, '/csmng/audit/page', { action: 'pay.channel' });
    expect(res.json()).toMatchObject({ code: 0, data: { total: 2 } });
    const rows = await t.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.actorStaffId, staff.staffId)));
    expect(new Set(rows.map((r) => r.action))).toEqual(
      new Set([
        'pay.switch',
        'pay.server.maintenance',
        'pay.product.price',
        'pay.product.sale',
        'pay.channel',
      ]),
    );
  });
});
