/**
 * Staff refunds with the sandbox provider: the `catalog` privilege, a reason (and a note with "other"),
 * audited; a second refund refused; refunded before delivery (no reversal, the delivery never credits) and
 * after (the game server reverses the credit exactly once, also when it was down at first); the player's
 * order history and detail say refunded, with the reason code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { PayAdminOrderDetail } from '@gp/contracts/pay-admin';
import type { PayOrderPage } from '@gp/contracts/pay';
import { codes } from '@gp/errors';
import { loginTestMember, type TestMember } from '../../../test/member-session.ts';
import {
  memberGet,
  notify,
  orderDetail,
  payTestEnv,
  placeOrder,
  rechargeableRole,
  orderRowOf,
} from '../../../test/pay-steps.ts';
import { loginTestStaff, staffPost, type TestStaff } from '../../../test/staff-session.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { TestClock } from '../../../test/test-clock.ts';
import { game } from '../../db/schema/game.schema.ts';
import { payDeliveryJob, payOrder } from '../../db/schema/pay-order.schema.ts';
import { payOrderRefund, paySandboxRefund } from '../../db/schema/pay-refund.schema.ts';
import { gameSimDelivery } from '../../db/schema/pay.schema.ts';
import { staffAuditLog } from '../../db/schema/staff.schema.ts';
import { SandboxNotifier } from '../../dev/sandbox/sandbox-provider.ts';
import { GameServerError, type GameServerAdapter, PayReversalWorker } from './index.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let staff: TestStaff;
let sfl: number;
let alice: TestMember;
let role: { cp_server_id: string; cp_role_id: string };
beforeAll(async () => {
  t = await createTestApp(payTestEnv);
  staff = await loginTestStaff(t.db, { accountId: 'pay.refunds', privileges: ['catalog'] });
  sfl = (await t.db.select().from(game)).find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
  alice = await loginTestMember(t.db);
  const found = await rechargeableRole(t.app, alice, sfl);
  role = { cp_server_id: found.cpServerId, cp_role_id: found.cpRoleId };
});
afterAll(() => t.close());

type Body<T> = { code: number; message: string; data: T };
const refund = async (body: object, who: TestStaff = staff) =>
  (
    await staffPost(t.app, who, '/csmng/komoe/mng/pay/order/refund', body)
  ).json() as Body<PayAdminOrderDetail>;
const silent = { info() {}, warn() {}, error() {} };

async function paidOrder() {
  const created = await placeOrder(t.app, alice, sfl, { overrides: role });
  const decided = await t.app.dev!.sandbox!.repo.decide(created.pay_order_no, {
    status: 'paid',
    eventId: `evt_${randomUUID()}`,
    notifyDueAt: new Date(Date.now() + 3_600_000),
    now: new Date(),
  });
  expect((await notify(t.app, SandboxNotifier.bodyOf(decided!))).body.result).toBe('applied');
  return created;
}
async function deliveredOrder() {
  const created = await paidOrder();
  await t.app.pay.worker.runOnce();
  expect((await rowOf(created.order_no)).state).toBe('delivered');
  return created;
}
const rowOf = (orderNo: string) => orderRowOf(t.db, orderNo);
const refundOf = async (orderNo: string) =>
  (
    await t.db
      .select()
      .from(payOrderRefund)
      .where(eq(payOrderRefund.orderId, (await rowOf(orderNo)).id))
  )[0];
const creditsOf = (orderNo: string) =>
  t.db.select().from(gameSimDelivery).where(eq(gameSimDelivery.idempotencyKey, orderNo));
const refundAudits = (orderNo: string) =>
  t.db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.action, 'pay.order.refund'), eq(staffAuditLog.targetId, orderNo)))
    .orderBy(desc(staffAuditLog.id));

describe('staff refund', () => {
  it('needs the catalog privilege: -401 without it, and nothing is refunded', async () => {
    const created = await paidOrder();
    const other = await loginTestStaff(t.db, { privileges: ['tickets.read', 'tickets.reply', 'games'] });
    const res = await refund({ order_no: created.order_no, reason: 'player_request' }, other);
    expect(res.code).toBe(-401);
    expect((await rowOf(created.order_no)).state).toBe('paid');
    expect(
      await t.db
        .select()
        .from(paySandboxRefund)
        .where(eq(paySandboxRefund.merchantOrderNo, created.order_no)),
    ).toHaveLength(0);
  });

  it('needs a reason, and a note with "other"', async () => {
    const created = await paidOrder();
    expect((await refund({ order_no: created.order_no })).code).toBe(-400);
    expect((await refund({ order_no: created.order_no, reason: 'because' })).code).toBe(-400);
    const other = await refund({ order_no: created.order_no, reason: 'other' });
    expect(other.code).toBe(-400);
    expect(JSON.stringify(other)).toContain('note');
    expect((await rowOf(created.order_no)).state).toBe('paid');
    expect(await refundAudits(created.order_no)).toHaveLength(0);
  });

  it('refunds a delivered order at the provider, audited; the credit is reversed once; a second refund is refused', async () => {
    const created = await deliveredOrder();
    const res = await refund({
      order_no: created.order_no,
      reason: 'player_request',
      note: 'Ticket 42: bought twice',
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      state: 'refunded',
      refund: {
        reason: 'player_request',
        note: 'Ticket 42: bought twice',
        staff_account_id: 'pay.refunds',
        reversal_status: 'pending',
      },
      dispute: null,
    });
    const [atSandbox] = await t.db
      .select()
      .from(paySandboxRefund)
      .where(eq(paySandboxRefund.merchantOrderNo, created.order_no));
    expect(atSandbox).toMatchObject({ amount: (await rowOf(created.order_no)).price });
    expect(res.data.refund!.refund_ref).toBe(atSandbox!.refundId);
    const [audit] = await refundAudits(created.order_no);
    expect(audit).toMatchObject({
      actorAccountId: 'pay.refunds',
      before: { state: 'delivered' },
      after: {
        state: 'refunded',
        reason: 'player_request',
        refund_ref: atSandbox!.refundId,
        reversal: 'pending',
      },
    });

    expect((await t.app.pay.reversals.runOnce()).settled).toBe(1);
    expect((await t.app.pay.reversals.runOnce()).tried).toBe(0);
    const [credit] = await creditsOf(created.order_no);
    expect(credit!.reversedAt).not.toBeNull();
    expect(await refundOf(created.order_no)).toMatchObject({
      reversalStatus: 'reversed',
      reversalAttempts: 1,
    });

    const again = await refund({ order_no: created.order_no, reason: 'player_request' });
    expect(again.code).toBe(codes.staffRefundAlreadyRefunded);
    expect(await refundAudits(created.order_no)).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(paySandboxRefund)
        .where(eq(paySandboxRefund.merchantOrderNo, created.order_no)),
    ).toHaveLength(1);
  });

  it('refuses an order that was never paid (-40201) and an unknown one (-404)', async () => {
    const created = await placeOrder(t.app, alice, sfl, { overrides: role });
    expect((await refund({ order_no: created.order_no, reason: 'duplicate' })).code).toBe(
      codes.staffRefundNotPaid,
    );
    expect((await rowOf(created.order_no)).state).toBe('awaiting_payment');
    expect((await refund({ order_no: 'GPNOSUCHORDER', reason: 'duplicate' })).code).toBe(codes.notFound);
  });

  it('before delivery: no reversal is needed and the delivery job never credits', async () => {
    const created = await paidOrder();
    const res = await refund({ order_no: created.order_no, reason: 'duplicate' });
    expect(res.data.refund).toMatchObject({ reversal_status: 'not_needed' });
    const [job] = await t.db
      .select()
      .from(payDeliveryJob)
      .where(eq(payDeliveryJob.orderId, (await rowOf(created.order_no)).id));
    expect(job).toMatchObject({ status: 'dead', lastError: 'order refunded before delivery' });
    await t.app.pay.worker.runOnce();
    expect(await creditsOf(created.order_no)).toHaveLength(0);
    expect((await rowOf(created.order_no)).state).toBe('refunded');
    expect((await t.app.pay.reversals.runOnce()).tried).toBe(0);
  });

  it('a delivery in flight when staff refund: the reversal waits for it, then reverses what it credited', async () => {
    const created = await paidOrder();
    // A worker has claimed the job and moved the order to delivering, and is talking to the game server.
    const order = await rowOf(created.order_no);
    await t.db
      .update(payDeliveryJob)
      .set({ leaseToken: 'in-flight', nextAttemptAt: new Date(Date.now() + 60_000) })
      .where(eq(payDeliveryJob.orderId, order.id));
    await t.db.update(payOrder).set({ state: 'delivering' }).where(eq(payOrder.id, order.id));
    expect((await refund({ order_no: created.order_no, reason: 'not_delivered' })).data.refund).toMatchObject(
      {
        reversal_status: 'pending',
      },
    );
    const clock = new TestClock();
    const worker = new PayReversalWorker({
      db: t.db,
      gameServer: t.app.pay.gameServer,
      log: silent,
      now: clock.now,
    });
    await worker.runOnce();
    expect(await refundOf(created.order_no)).toMatchObject({
      reversalStatus: 'pending',
      reversalAttempts: 1,
    });
    // The in-flight delivery credits and settles its job.
    await t.app.pay.gameServer.deliverCredit({
      idempotencyKey: order.orderNo,
      mid: order.mid,
      gameBaseId: order.gameBaseId,
      cpServerId: order.cpServerId,
      cpRoleId: order.cpRoleId,
      productId: order.productId,
      creditAmount: order.creditAmount,
    });
    await t.db
      .update(payDeliveryJob)
      .set({ status: 'done', leaseToken: null })
      .where(eq(payDeliveryJob.orderId, order.id));
    clock.advance(60_000);
    await worker.runOnce();
    expect(await refundOf(created.order_no)).toMatchObject({ reversalStatus: 'reversed' });
    expect((await creditsOf(created.order_no))[0]!.reversedAt).not.toBeNull();
  });

  it('game server down: the reversal retries with backoff and reverses when it is back; answers are kept', async () => {
    const created = await deliveredOrder();
    let down = true;
    let calls = 0;
    const real = t.app.pay.gameServer;
    const flaky: GameServerAdapter = Object.assign(Object.create(real) as GameServerAdapter, {
      reverseDelivery: (gameBaseId: number, key: string) => {
        calls += 1;
        return down
          ? Promise.reject(new GameServerError('unavailable', 'reverse delivery: timeout'))
          : real.reverseDelivery(gameBaseId, key);
      },
    });
    expect((await refund({ order_no: created.order_no, reason: 'player_request' })).code).toBe(0);
    const clock = new TestClock();
    const worker = new PayReversalWorker({ db: t.db, gameServer: flaky, log: silent, now: clock.now });
    await worker.runOnce();
    expect(await refundOf(created.order_no)).toMatchObject({
      reversalStatus: 'pending',
      reversalAttempts: 1,
      reversalReason: 'game server unavailable: reverse delivery: timeout',
    });
    expect((await worker.runOnce()).tried).toBe(0); // not due before its backoff
    down = false;
    clock.advance(11_000);
    await worker.runOnce();
    expect(await refundOf(created.order_no)).toMatchObject({
      reversalStatus: 'reversed',
      reversalAttempts: 2,
    });
    clock.advance(3_600_000);
    await worker.runOnce();
    expect(calls).toBe(2);
    const detail = await staffPost(t.app, staff, '/csmng/komoe/mng/pay/order/refund', {
      order_no: created.order_no,
      reason: 'player_request',
    });
    expect(detail.json().code).toBe(codes.staffRefundAlreadyRefunded);
  });

  it('shows the player refunded with its reason code in order history and detail', async () => {
    const created = await deliveredOrder();
    await refund({ order_no: created.order_no, reason: 'duplicate' });
    const item = await orderDetail(t.app, alice, created.order_no, 'th');
    expect(item).toMatchObject({ state: 'refunded', status: 'failed', refund_reason: 'duplicate' });
    expect(item.refunded_at).not.toBeNull();
    const { body } = await memberGet(t.app, '/pay/api/web/pay/order_history?page_num=1&page_size=50', alice);
    const page = body.data as PayOrderPage;
    const row = page.list.find((o) => o.order_no === created.order_no)!;
    expect(row).toMatchObject({ state: 'refunded', refund_reason: 'duplicate' });
    const others = page.list.filter((o) => o.state !== 'refunded');
    expect(others.every((o) => o.refund_reason === null && o.refunded_at === null)).toBe(true);
  });
});
