/**
 * Orders on the catalog remembered in memory (the public cache on, as in production): rows changed behind the
 * app's back, which no staff call announced, neither let a stale offer be bought nor refuse a good one. Each
 * change is made with SQL after an order has filled the memory.
 */
import { codes } from '@gp/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { loginTestMember, type TestMember } from '../../../../test/member-session.ts';
import {
  addOrderUrl,
  memberPost,
  orderForm,
  payTestEnv,
  placeOrder,
  rechargeableRole,
  orderRowOf,
} from '../../../../test/pay-steps.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { game } from '../../../db/schema/game.schema.ts';
import { payOrder } from '../../../db/schema/pay-order.schema.ts';
import {
  payChannel,
  payGame,
  payProduct,
  payProductPrice,
  payServer,
} from '../../../db/schema/pay.schema.ts';
import { paySetting } from '../../../db/schema/site.schema.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let sfl: number;
let member: TestMember;
let role: { cp_server_id: string; cp_role_id: string };
let productRow: number;
beforeAll(async () => {
  t = await createTestApp({ ...payTestEnv, PUBLIC_CACHE_TTL_MS: '60000' });
  sfl = (await t.db.select().from(game)).find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
  member = await loginTestMember(t.db);
  const found = await rechargeableRole(t.app, member, sfl);
  role = { cp_server_id: found.cpServerId, cp_role_id: found.cpRoleId };
  const [product] = await t.db
    .select()
    .from(payProduct)
    .where(and(eq(payProduct.gameBaseId, sfl), eq(payProduct.productId, 'sfl_sea.gem_980')));
  productRow = product!.id;
});
afterAll(() => t.close());

/** The code add_order answers (a fresh captcha and key each time). */
async function codeFor(overrides: Record<string, string | number> = {}) {
  const form = await orderForm(t.app, member, sfl, { ...role, ...overrides });
  return (await memberPost(t.app, addOrderUrl.webpay, member, form)).body.code;
}
const orderCount = async () =>
  (await t.db.select().from(payOrder).where(eq(payOrder.mid, member.mid))).length;
const order = (overrides: Record<string, string | number> = {}) =>
  placeOrder(t.app, member, sfl, { overrides: { ...role, ...overrides } });
const rowOf = (orderNo: string) => orderRowOf(t.db, orderNo);

const price = () =>
  and(
    eq(payProductPrice.payProductId, productRow),
    eq(payProductPrice.currency, 'THB'),
    eq(payProductPrice.payMode, 108),
  );
const channel = () =>
  and(
    eq(payChannel.gameBaseId, sfl),
    eq(payChannel.currency, 'THB'),
    eq(payChannel.payMode, 108),
    eq(payChannel.paymentType, 'promptpay'),
  );
const server = () => and(eq(payServer.gameBaseId, sfl), eq(payServer.cpServerId, role.cp_server_id));

/** A change made with SQL and undone afterwards, and the code an order answers while it holds. */
interface Change {
  name: string;
  table: PgTable;
  where: () => SQL | undefined;
  set: Record<string, unknown>;
  unset: Record<string, unknown>;
  code: number;
}
const changes: Change[] = [
  {
    name: 'pay switch off',
    table: paySetting,
    where: () => eq(paySetting.distributionRegion, 5),
    set: { mainSwitchOn: false },
    unset: { mainSwitchOn: true },
    code: 3,
  },
  {
    name: 'game closed for top-up',
    table: payGame,
    where: () => eq(payGame.gameBaseId, sfl),
    set: { isOpen: false },
    unset: { isOpen: true },
    code: 3,
  },
  {
    name: 'product off sale',
    table: payProduct,
    where: () => eq(payProduct.id, productRow),
    set: { isOnSale: false },
    unset: { isOnSale: true },
    code: 6,
  },
  {
    name: 'price off sale',
    table: payProductPrice,
    where: price,
    set: { isOnSale: false },
    unset: { isOnSale: true },
    code: 6,
  },
  {
    name: 'price changed',
    table: payProductPrice,
    where: price,
    set: { price: 59900 },
    unset: { price: 54900 },
    code: 7,
  },
  {
    name: 'channel closed',
    table: payChannel,
    where: channel,
    set: { isOpen: false },
    unset: { isOpen: true },
    code: 13,
  },
  {
    name: 'server under maintenance',
    table: payServer,
    where: server,
    set: { isMaintenance: true },
    unset: { isMaintenance: false },
    code: 4,
  },
  {
    name: 'server offline',
    table: payServer,
    where: server,
    set: { isOnline: false },
    unset: { isOnline: true },
    code: 9,
  },
];

describe('orders on the remembered catalog', () => {
  it.each(changes)(
    '$name behind the app’s back: refused as the database says, then taken again',
    async (c) => {
      await order(); // the catalog is in memory now
      const before = await orderCount();
      await t.db.update(c.table).set(c.set).where(c.where());
      try {
        expect(await codeFor()).toBe(c.code);
        // Refused again with the refusal now in memory too.
        expect(await codeFor()).toBe(c.code);
        expect(await orderCount()).toBe(before);
      } finally {
        await t.db.update(c.table).set(c.unset).where(c.where());
      }
      // Undone behind the app's back as well: the refusal in memory is asked again of the database.
      expect(await codeFor()).toBe(0);
      expect(await orderCount()).toBe(before + 1);
    },
  );

  it('asks the database for the pay switch too when it decides an order the memory refused', async () => {
    await order();
    const product = eq(payProduct.id, productRow);
    const region = eq(paySetting.distributionRegion, 5);
    await t.db.update(payProduct).set({ isOnSale: false }).where(product);
    try {
      expect(await codeFor()).toBe(6);
      expect(await codeFor()).toBe(6); // remembered off sale now, and the switch on
      await t.db.update(payProduct).set({ isOnSale: true }).where(product);
      await t.db.update(paySetting).set({ mainSwitchOn: false }).where(region);
      const before = await orderCount();
      expect(await codeFor()).toBe(3);
      expect(await orderCount()).toBe(before);
    } finally {
      await t.db.update(payProduct).set({ isOnSale: true }).where(product);
      await t.db.update(paySetting).set({ mainSwitchOn: true }).where(region);
    }
    expect(await codeFor()).toBe(0);
  });

  it('credits an order as the database says when the credit changed behind the app’s back', async () => {
    await order();
    const [product] = await t.db.select().from(payProduct).where(eq(payProduct.id, productRow));
    await t.db
      .update(payProduct)
      .set({ creditAmount: product!.creditAmount + 100 })
      .where(eq(payProduct.id, productRow));
    try {
      const created = await order();
      expect(await rowOf(created.order_no)).toMatchObject({
        price: 54900,
        creditAmount: product!.creditAmount + 100,
      });
    } finally {
      await t.db
        .update(payProduct)
        .set({ creditAmount: product!.creditAmount })
        .where(eq(payProduct.id, productRow));
    }
    const created = await order();
    expect(await rowOf(created.order_no)).toMatchObject({ creditAmount: product!.creditAmount });
  });

  it('takes a channel’s new payment provider from the database', async () => {
    await order();
    await t.db.update(payChannel).set({ provider: 'stripe' }).where(channel());
    try {
      // Not configured in this app: not offered (err13), as without the memory; no order is made with the old
      // provider.
      const before = await orderCount();
      expect(await codeFor()).toBe(codes.payPaymentMethodUnsupported);
      expect(await orderCount()).toBe(before);
    } finally {
      await t.db.update(payChannel).set({ provider: null }).where(channel());
    }
    expect(await codeFor()).toBe(0);
  });
});
