/**
 * The delivery worker: a paid order's job is claimed and credited once, transient failures come back with growing
 * backoff, what never goes through is dead-lettered with the order left paid, a worker killed between claim and
 * delivery loses nothing, racing workers credit once, and unpaid orders expire.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { loginTestMember, type TestMember } from '../../../../test/member-session.ts';
import { notify, orderDetail, payTestEnv, placeOrder, rechargeableRole } from '../../../../test/pay-steps.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { TestClock } from '../../../../test/test-clock.ts';
import { game } from '../../../db/schema/game.schema.ts';
import { payDeliveryJob, payOrder, payOrderEvent } from '../../../db/schema/pay-order.schema.ts';
import { gameSimDelivery } from '../../../db/schema/pay.schema.ts';
import type { GameServerAdapter } from '../game-server/game-server.adapter.ts';
import { GameServerSimRepository } from '../../../dev/game-server/game-server-sim.repository.ts';
import { GameServerSimulator } from '../../../dev/game-server/game-server.simulator.ts';
import { PayDeliveryRepository } from './pay-delivery.repository.ts';
import { PayDeliveryWorker, type DeliveryWorkerOptions } from './pay-delivery.worker.ts';
import { SandboxNotifier } from '../../../dev/sandbox/sandbox-provider.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let sim: GameServerSimulator;
let sfl: number;
let member: TestMember;
let role: { cp_server_id: string; cp_role_id: string };
beforeAll(async () => {
  t = await createTestApp(payTestEnv);
  sim = new GameServerSimulator(new GameServerSimRepository(t.db));
  sfl = (await t.db.select().from(game)).find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
  member = await loginTestMember(t.db);
  const found = await rechargeableRole(t.app, member, sfl);
  role = { cp_server_id: found.cpServerId, cp_role_id: found.cpRoleId };
});
afterEach(() => sim.clearSwitches());
afterAll(() => t.close());

const silent = { info() {}, warn() {}, error() {} };
const clock = new TestClock();
/** A worker on a clock the test moves. */
const workerWith = (options: Partial<DeliveryWorkerOptions> = {}) =>
  new PayDeliveryWorker({
    db: t.db,
    gameServer: t.app.pay.gameServer,
    log: silent,
    now: clock.now,
    ...options,
  });

/** An order paid through a sandbox notification: its delivery job is due now. */
async function paidOrder() {
  const created = await placeOrder(t.app, member, sfl, { overrides: role });
  const decided = await t.app.dev!.sandbox!.repo.decide(created.pay_order_no, {
    status: 'paid',
    eventId: `evt_${randomUUID()}`,
    notifyDueAt: new Date(Date.now() + 3_600_000),
    now: new Date(),
  });
  expect((await notify(t.app, SandboxNotifier.bodyOf(decided!))).body.result).toBe('applied');
  clock.set(new Date());
  const [row] = await t.db.select().from(payOrder).where(eq(payOrder.orderNo, created.order_no));
  return row!;
}

const jobOf = async (orderId: number) => (await new PayDeliveryRepository(t.db).job(orderId))!;
const stateOf = async (orderId: number) =>
  (await t.db.select().from(payOrder).where(eq(payOrder.id, orderId)))[0]!.state;
const creditsOf = (orderNo: string) =>
  t.db.select().from(gameSimDelivery).where(eq(gameSimDelivery.idempotencyKey, orderNo));

/** The simulator, except for deliverCredit. */
const adapterWith = (deliverCredit: GameServerAdapter['deliverCredit']): GameServerAdapter => ({
  listServers: (id) => sim.listServers(id),
  listCharacters: (mid, id, server) => sim.listCharacters(mid, id, server),
  canRecharge: (target) => sim.canRecharge(target),
  queryDelivery: (id, key) => sim.queryDelivery(id, key),
  reverseDelivery: (id, key) => sim.reverseDelivery(id, key),
  deliverCredit,
});

describe('delivery worker', () => {
  it('credits a paid order once: paid -> delivering -> delivered, the job done with the receipt', async () => {
    const order = await paidOrder();
    const worker = workerWith();
    expect(await worker.runOnce()).toMatchObject({ delivered: 1, tried: 1 });
    expect(await worker.runOnce()).toMatchObject({ tried: 0 });
    const credits = await creditsOf(order.orderNo);
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({
      mid: member.mid,
      gameBaseId: sfl,
      cpServerId: role.cp_server_id,
      cpRoleId: role.cp_role_id,
      productId: 'sfl_sea.gem_980',
      creditAmount: 1090,
    });
    expect(await jobOf(order.id)).toMatchObject({
      status: 'done',
      attempts: 1,
      deliveryId: credits[0]!.deliveryId,
      leaseToken: null,
    });
    const detail = await orderDetail(t.app, member, order.orderNo);
    expect(detail).toMatchObject({ state: 'delivered', status: 'success' });
    expect(detail.delivered_at).not.toBeNull();
    const events = await t.db
      .select()
      .from(payOrderEvent)
      .where(eq(payOrderEvent.orderId, order.id))
      .orderBy(payOrderEvent.id);
    expect(events.map((e) => [e.fromState, e.toState])).toEqual([
      [null, 'created'],
      ['created', 'awaiting_payment'],
      ['awaiting_payment', 'paid'],
      ['paid', 'delivering'],
      ['delivering', 'delivered'],
    ]);
  });

  it('retries a transient failure with growing backoff, then delivers', async () => {
    const order = await paidOrder();
    await sim.setSwitch({ kind: 'delivery_fails', gameBaseId: sfl, mid: member.mid }, 2);
    const worker = workerWith();
    expect((await worker.runOnce()).delivered).toBe(0);
    let job = await jobOf(order.id);
    expect(job).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'game server unavailable: delivery',
    });
    expect(job.nextAttemptAt.getTime()).toBe(clock.later(10_000).getTime());
    expect(await stateOf(order.id)).toBe('delivering');
    // Not due yet.
    clock.advance(9_000);
    expect((await worker.runOnce()).tried).toBe(0);
    clock.advance(1_000);
    expect((await worker.runOnce()).delivered).toBe(0);
    job = await jobOf(order.id);
    expect(job.attempts).toBe(2);
    expect(job.nextAttemptAt.getTime()).toBe(clock.later(20_000).getTime());
    clock.advance(20_000);
    expect((await worker.runOnce()).delivered).toBe(1);
    expect(await jobOf(order.id)).toMatchObject({ status: 'done', attempts: 3, lastError: null });
    expect(await creditsOf(order.orderNo)).toHaveLength(1);
  });

  it('dead-letters a delivery that keeps failing: the order stays paid (delivering), visible to staff', async () => {
    const order = await paidOrder();
    await sim.setSwitch({ kind: 'delivery_fails', gameBaseId: sfl, mid: member.mid });
    const worker = workerWith({ maxAttempts: 3 });
    for (let i = 0; i < 3; i += 1) {
      await worker.runOnce();
      clock.advance(3_600_000);
    }
    expect(await jobOf(order.id)).toMatchObject({
      status: 'dead',
      attempts: 3,
      lastError: 'game server unavailable: delivery',
    });
    expect(await worker.runOnce()).toMatchObject({ tried: 0 });
    expect(await orderDetail(t.app, member, order.orderNo)).toMatchObject({
      state: 'delivering',
      status: 'pending',
      reason_code: null,
    });
    expect((await new PayDeliveryRepository(t.db).dead()).map((j) => j.orderId)).toContain(order.id);
    expect(await creditsOf(order.orderNo)).toHaveLength(0);
  });

  it('dead-letters at once what the game server refuses for good', async () => {
    const order = await paidOrder();
    await sim.setSwitch({ kind: 'cannot_recharge', gameBaseId: sfl, mid: member.mid });
    await workerWith().runOnce();
    expect(await jobOf(order.id)).toMatchObject({
      status: 'dead',
      attempts: 1,
      lastError: 'game server rejected: cannot_recharge',
    });
    expect(await stateOf(order.id)).toBe('delivering');
  });

  it('loses nothing when a worker dies between claim and delivery: another takes the job after the lease', async () => {
    const order = await paidOrder();
    const killed = workerWith({ gameServer: adapterWith(() => new Promise(() => {})) });
    void killed.runOnce(); // never finishes: the process "died" inside the game-server call
    await expect.poll(async () => (await jobOf(order.id)).attempts).toBe(1);
    await expect.poll(() => stateOf(order.id)).toBe('delivering');
    // A fresh worker (the restarted process) leaves the leased job alone until the lease runs out.
    const fresh = workerWith();
    expect((await fresh.runOnce()).tried).toBe(0);
    clock.advance(60_001);
    expect(await fresh.runOnce()).toMatchObject({ tried: 1, delivered: 1 });
    expect(await creditsOf(order.orderNo)).toHaveLength(1);
    expect(await jobOf(order.id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await stateOf(order.id)).toBe('delivered');
  });

  it('credits once when a worker died after the game server took the credit but before marking it', async () => {
    const order = await paidOrder();
    const killed = workerWith({
      gameServer: adapterWith(async (delivery) => {
        await sim.deliverCredit(delivery);
        return new Promise(() => {});
      }),
    });
    void killed.runOnce();
    await expect.poll(async () => (await creditsOf(order.orderNo)).length).toBe(1);
    clock.advance(60_001);
    expect((await workerWith().runOnce()).delivered).toBe(1);
    expect(await creditsOf(order.orderNo)).toHaveLength(1);
    expect(await stateOf(order.id)).toBe('delivered');
  });

  it('credits each order once when two workers race over the same jobs', async () => {
    const orders = [];
    for (let i = 0; i < 6; i += 1) orders.push(await paidOrder());
    const [a, b] = [workerWith({ batchSize: 2 }), workerWith({ batchSize: 2 })];
    const rounds = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(rounds[0]!.tried + rounds[1]!.tried).toBe(6);
    for (const order of orders) {
      expect(await creditsOf(order.orderNo)).toHaveLength(1);
      expect(await stateOf(order.id)).toBe('delivered');
    }
  });
});

describe('expiry sweep', () => {
  it('expires orders unpaid past their deadline (reason 15), and nothing else', async () => {
    const overdue = await placeOrder(t.app, member, sfl, { overrides: role });
    const fresh = await placeOrder(t.app, member, sfl, { overrides: role });
    const paid = await paidOrder();
    await t.db
      .update(payOrder)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payOrder.orderNo, overdue.order_no));
    await t.db
      .update(payOrder)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payOrder.id, paid.id));
    clock.set(new Date());
    const round = await workerWith().runOnce();
    expect(round.expired).toBe(1);
    expect(await orderDetail(t.app, member, overdue.order_no)).toMatchObject({
      state: 'expired',
      status: 'failed',
      reason_code: 15,
    });
    expect((await orderDetail(t.app, member, fresh.order_no)).state).toBe('awaiting_payment');
    expect(await stateOf(paid.id)).toBe('delivered');
    expect(await t.db.select().from(payDeliveryJob).where(eq(payDeliveryJob.orderId, paid.id))).toHaveLength(
      1,
    );
  });
});
