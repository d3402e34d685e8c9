/**
 * Payment operations for staff: the order search with each filter, an order's event history, notifications
 * and delivery, the dead letters of the delivery worker and "retry delivery", which credits the character
 * once (also when the game server had taken the credit before the job died), refuses what is not dead with a
 * clear code, and is audited.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { DeadDeliveryPage, PayAdminOrderDetail, PayAdminOrderPage } from '@gp/contracts/pay-admin';
import { loginTestMember, type TestMember } from '../../../test/member-session.ts';
import { notify, payTestEnv, placeOrder, rechargeableRole } from '../../../test/pay-steps.ts';
import { loginTestStaff, staffGet, staffPost, type TestStaff } from '../../../test/staff-session.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { TestClock } from '../../../test/test-clock.ts';
import { game } from '../../db/schema/game.schema.ts';
import { payDeliveryJob, payOrder } from '../../db/schema/pay-order.schema.ts';
import { gameSimDelivery } from '../../db/schema/pay.schema.ts';
import { staffAuditLog } from '../../db/schema/staff.schema.ts';
import {
  createGameServerSimulator,
  type GameServerSimulator,
} from '../../dev/game-server/game-server.simulator.ts';
import { SandboxNotifier } from '../../dev/sandbox/sandbox-provider.ts';
import {
  GameServerError,
  type GameServerAdapter,
  PayDeliveryWorker,
  type DeliveryWorkerOptions,
} from './index.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let sim: GameServerSimulator;
let staff: TestStaff;
let sfl: number;
let ltb: number;
let alice: TestMember;
let bob: TestMember;
let aliceRole: { cp_server_id: string; cp_role_id: string };
beforeAll(async () => {
  t = await createTestApp(payTestEnv);
  sim = createGameServerSimulator(t.db);
  staff = await loginTestStaff(t.db, { accountId: 'pay.ops', privileges: ['catalog'] });
  const games = await t.db.select().from(game);
  sfl = games.find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
  ltb = games.find((g) => g.gameId === 'ltb_sea')!.gameBaseId;
  alice = await loginTestMember(t.db);
  bob = await loginTestMember(t.db);
  const role = await rechargeableRole(t.app, alice, sfl);
  aliceRole = { cp_server_id: role.cpServerId, cp_role_id: role.cpRoleId };
});
afterEach(() => sim.clearSwitches());
afterAll(() => t.close());

const base = '/csmng/komoe/mng/pay';
type Body<T> = { code: number; message: string; data: T };
const search = async (filters: object) =>
  (await staffPost(t.app, staff, `${base}/order/page`, filters)).json() as Body<PayAdminOrderPage>;
const detail = async (orderNo: string, lang = 'en') =>
  (
    await staffGet(t.app, staff, `${base}/order/detail`, { order_no: orderNo, lang })
  ).json() as Body<PayAdminOrderDetail>;
const retry = async (orderNo: string) =>
  (await staffPost(t.app, staff, `${base}/delivery/retry`, { order_no: orderNo })).json() as Body<
    PayAdminOrderDetail & { fields?: unknown }
  >;
const deadPage = async (query: Record<string, string | number> = {}) =>
  (await staffGet(t.app, staff, `${base}/delivery/dead_page`, query)).json() as Body<DeadDeliveryPage>;

const silent = { info() {}, warn() {}, error() {} };
const clock = new TestClock();
/** A worker on a clock the test moves, driven round by round. */
const workerWith = (options: Partial<DeliveryWorkerOptions> = {}) =>
  new PayDeliveryWorker({
    db: t.db,
    gameServer: t.app.pay.gameServer,
    log: silent,
    now: clock.now,
    ...options,
  });

/** Pays an order through a sandbox notification (its delivery job is then due). */
async function pay(payOrderNo: string) {
  const decided = await t.app.dev!.sandbox!.repo.decide(payOrderNo, {
    status: 'paid',
    eventId: `evt_${randomUUID()}`,
    notifyDueAt: new Date(Date.now() + 3_600_000),
    now: new Date(),
  });
  expect((await notify(t.app, SandboxNotifier.bodyOf(decided!))).body.result).toBe('applied');
  clock.set(new Date());
  return decided!;
}

async function paidOrder(who = alice, overrides: Record<string, string | number> = aliceRole) {
  const created = await placeOrder(t.app, who, sfl, { overrides });
  await pay(created.pay_order_no);
  return created;
}

const creditsOf = (orderNo: string) =>
  t.db.select().from(gameSimDelivery).where(eq(gameSimDelivery.idempotencyKey, orderNo));
const jobOf = async (orderNo: string) => {
  const [order] = await t.db.select().from(payOrder).where(eq(payOrder.orderNo, orderNo));
  const [job] = await t.db.select().from(payDeliveryJob).where(eq(payDeliveryJob.orderId, order!.id));
  return job!;
};
const retryAudits = () =>
  t.db
    .select()
    .from(staffAuditLog)
    .where(eq(staffAuditLog.action, 'pay.delivery.retry'))
    .orderBy(desc(staffAuditLog.id));

/** A paid order whose delivery the worker gave up on after failing transiently (`maxAttempts` 2). */
async function deadOrder(who = alice, overrides: Record<string, string | number> = aliceRole) {
  const created = await paidOrder(who, overrides);
  await sim.setSwitch({ kind: 'delivery_fails', gameBaseId: sfl, mid: who.mid });
  const worker = workerWith({ maxAttempts: 2 });
  for (let i = 0; i < 2; i += 1) {
    await worker.runOnce();
    clock.advance(3_600_000);
  }
  expect(await jobOf(created.order_no)).toMatchObject({ status: 'dead', attempts: 2 });
  await sim.clearSwitches();
  return created;
}

describe('order search', () => {
  let a1: Awaited<ReturnType<typeof placeOrder>>; // alice, sfl, delivered
  let a2: Awaited<ReturnType<typeof placeOrder>>; // alice, sfl, awaiting payment, made "last year"
  let b1: Awaited<ReturnType<typeof placeOrder>>; // bob, ltb, awaiting payment
  let bobRole: { cpServerId: string; cpRoleId: string };
  beforeAll(async () => {
    a1 = await paidOrder();
    await workerWith().runOnce();
    a2 = await placeOrder(t.app, alice, sfl, { overrides: aliceRole });
    await t.db
      .update(payOrder)
      .set({ createdAt: new Date('2025-03-01T10:00:00Z') })
      .where(eq(payOrder.orderNo, a2.order_no));
    bobRole = await rechargeableRole(t.app, bob, ltb);
    b1 = await placeOrder(t.app, bob, ltb, {
      overrides: {
        game_base_id: ltb,
        game_id: 'ltb_sea',
        product_id: 'ltb_sea.gem_980',
        cp_server_id: bobRole.cpServerId,
        cp_role_id: bobRole.cpRoleId,
      },
    });
  });
  const numbers = (page: Body<PayAdminOrderPage>) => page.data.list.map((o) => o.order_no);

  it('finds an order by our number or the provider’s', async () => {
    expect(numbers(await search({ order_no: a1.order_no }))).toEqual([a1.order_no]);
    expect(numbers(await search({ order_no: a1.pay_order_no }))).toEqual([a1.order_no]);
    expect(await search({ order_no: 'GP-nothing' })).toMatchObject({ code: 0, data: { list: [], total: 0 } });
  });

  it('by member, game, server and character; by state; by time range; newest first, paged', async () => {
    const aliceOrders = numbers(await search({ uid: alice.mid }));
    expect(aliceOrders.slice(-2)).toEqual([a1.order_no, a2.order_no]); // a2 was made "last year"
    expect(aliceOrders).not.toContain(b1.order_no);
    expect(numbers(await search({ uid: bob.mid }))).toEqual([b1.order_no]);
    expect(numbers(await search({ game_base_id: ltb }))).toEqual([b1.order_no]);
    expect(numbers(await search({ cp_role_id: bobRole.cpRoleId }))).toEqual([b1.order_no]);
    expect(
      numbers(
        await search({ game_base_id: ltb, cp_server_id: bobRole.cpServerId, cp_role_id: bobRole.cpRoleId }),
      ),
    ).toEqual([b1.order_no]);
    expect(numbers(await search({ cp_role_id: aliceRole.cp_role_id, uid: alice.mid }))).toEqual(
      expect.arrayContaining([a1.order_no, a2.order_no]),
    );
    expect(numbers(await search({ cp_role_id: aliceRole.cp_role_id, uid: bob.mid }))).toEqual([]);

    const delivered = await search({ uid: alice.mid, state: 'delivered' });
    expect(numbers(delivered)).toEqual([a1.order_no]);
    expect(delivered.data.list[0]).toMatchObject({
      uid: alice.mid,
      state: 'delivered',
      delivery_status: 'done',
      product_price: 54900,
      currency: 'THB',
      exponent: 2,
      credit_amount: 1090,
    });
    expect(numbers(await search({ uid: alice.mid, state: 'awaiting_payment' }))).toContain(a2.order_no);
    expect(numbers(await search({ uid: alice.mid, state: 'awaiting_payment' }))).not.toContain(a1.order_no);

    const lastYear = { start_time: '2025-03-01T00:00:00Z', end_time: '2025-03-02T00:00:00+00:00' };
    expect(numbers(await search(lastYear))).toEqual([a2.order_no]);
    // start inclusive, end exclusive
    expect(
      numbers(await search({ start_time: '2025-03-01T10:00:00Z', end_time: '2025-03-01T10:00:01Z' })),
    ).toEqual([a2.order_no]);
    expect(
      numbers(await search({ start_time: '2024-01-01T00:00:00Z', end_time: '2025-03-01T10:00:00Z' })),
    ).toEqual([]);
    expect(numbers(await search({ uid: alice.mid, start_time: '2026-01-01T00:00:00Z' }))).not.toContain(
      a2.order_no,
    );
    expect(numbers(await search({ uid: alice.mid, end_time: '2025-12-31T00:00:00Z' }))).toEqual([
      a2.order_no,
    ]);

    const all = await search({ page_size: 100 });
    const times = all.data.list.map((o) => o.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const first = await search({ page_size: 1 });
    const second = await search({ page_size: 1, page_num: 2 });
    expect(first.data).toMatchObject({ total: all.data.total, page_num: 1, page_size: 1 });
    expect(first.data.list[0]!.order_no).toBe(all.data.list[0]!.order_no);
    expect(second.data.list[0]!.order_no).toBe(all.data.list[1]!.order_no);
    // Past the last page: no order, the total all the same (no row carries it there).
    expect((await search({ uid: bob.mid, page_size: 1, page_num: 3 })).data).toMatchObject({
      list: [],
      total: 1,
      page_num: 3,
    });
  });

  it('refuses a range that ends before it starts, and malformed filters', async () => {
    expect(
      await search({ start_time: '2025-03-02T00:00:00Z', end_time: '2025-03-01T00:00:00Z' }),
    ).toMatchObject({
      code: -400,
      data: { fields: [{ field: 'end_time', code: 'before_start' }] },
    });
    expect(await search({ start_time: '2025-03-01' })).toMatchObject({
      code: -400,
      data: { fields: [{ field: 'start_time' }] },
    });
    expect(await search({ state: 'lost' })).toMatchObject({
      code: -400,
      data: { fields: [{ field: 'state' }] },
    });
    expect(await search({ uid: 0 })).toMatchObject({ code: -400, data: { fields: [{ field: 'uid' }] } });
  });

  it('the detail tells the order’s story: events with their causes, notifications, delivery', async () => {
    const found = await detail(a1.pay_order_no, 'th');
    expect(found.code).toBe(0);
    expect(found.data).toMatchObject({
      order_no: a1.order_no,
      pay_order_no: a1.pay_order_no,
      provider: 'sandbox',
      state: 'delivered',
      server_name: expect.any(String),
      product_name: 'ผงดาว 980',
      delivery: {
        status: 'done',
        attempts: 1,
        last_error: null,
        delivery_id: expect.stringMatching(/^sim_/),
      },
    });
    expect(found.data.events.map((e) => [e.from_state, e.to_state, e.cause])).toEqual([
      [null, 'created', 'order'],
      ['created', 'awaiting_payment', 'payment'],
      ['awaiting_payment', 'paid', expect.stringMatching(/^notification:evt_/)],
      ['paid', 'delivering', 'worker'],
      ['delivering', 'delivered', 'worker'],
    ]);
    expect(found.data.notifications).toEqual([
      expect.objectContaining({ provider: 'sandbox', outcome: 'paid', result: 'applied' }),
    ]);

    const waiting = await detail(b1.order_no);
    expect(waiting.data).toMatchObject({ state: 'awaiting_payment', delivery: null, notifications: [] });
    expect(waiting.data.events.map((e) => e.to_state)).toEqual(['created', 'awaiting_payment']);
    expect((await detail('GP-nothing')).code).toBe(-404);
  });
});

describe('dead letters and retry delivery', () => {
  it('lists dead deliveries with their last error, newest first, by game', async () => {
    const older = await deadOrder();
    const newer = await deadOrder();
    const page = await deadPage({ game_base_id: sfl });
    expect(page.code).toBe(0);
    const numbers = page.data.list.map((d) => d.order.order_no);
    expect(numbers.indexOf(newer.order_no)).toBeLessThan(numbers.indexOf(older.order_no));
    expect(page.data.list.find((d) => d.order.order_no === older.order_no)).toMatchObject({
      order: { state: 'delivering', delivery_status: 'dead' },
      delivery: { status: 'dead', attempts: 2, last_error: 'game server unavailable: delivery' },
    });
    expect((await deadPage({ game_base_id: ltb })).data).toMatchObject({ list: [], total: 0 });
    expect((await deadPage({ page_size: 1 })).data).toMatchObject({ total: page.data.total });
    expect((await deadPage({ page_size: 1 })).data.list).toHaveLength(1);
    // Tidy up for the tests below: these two go through now.
    for (const order of [older, newer]) expect((await retry(order.order_no)).code).toBe(0);
    await workerWith().runOnce();
  });

  it('retry puts the job back, due now with attempts from 0; the worker credits the character once; audited', async () => {
    const order = await deadOrder();
    const before = await jobOf(order.order_no);
    const res = await retry(order.order_no);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      order_no: order.order_no,
      state: 'delivering',
      delivery_status: 'pending',
      delivery: { status: 'pending', attempts: 0, last_error: 'game server unavailable: delivery' },
    });
    expect(new Date(res.data.delivery!.next_attempt_at).getTime()).toBeLessThanOrEqual(Date.now());
    const [audit] = await retryAudits();
    expect(audit).toMatchObject({
      actorStaffId: staff.staffId,
      actorAccountId: 'pay.ops',
      targetType: 'pay_order',
      targetId: order.order_no,
      before: { status: 'dead', attempts: 2, last_error: before.lastError },
      after: { status: 'pending', attempts: 0, next_attempt_at: res.data.delivery!.next_attempt_at },
    });
    expect((await deadPage()).data.list.map((d) => d.order.order_no)).not.toContain(order.order_no);

    clock.set(new Date());
    const worker = workerWith();
    await worker.runOnce();
    await worker.runOnce();
    expect(await creditsOf(order.order_no)).toHaveLength(1);
    expect((await detail(order.order_no)).data).toMatchObject({
      state: 'delivered',
      delivery: { status: 'done', attempts: 1, last_error: null },
    });
    // Done now: a second retry is refused and credits nothing.
    expect(await retry(order.order_no)).toMatchObject({
      code: -400,
      data: { fields: [{ field: 'order_no', code: 'not_dead' }] },
    });
    await worker.runOnce();
    expect(await creditsOf(order.order_no)).toHaveLength(1);
  });

  it('credits once when the game server had taken the credit before the job died', async () => {
    const order = await paidOrder();
    // The game server credits, then its answer is lost: the worker hears a failure and (maxAttempts 1) gives up.
    const lostAnswer: GameServerAdapter = {
      listServers: (id) => sim.listServers(id),
      listCharacters: (mid, id, server) => sim.listCharacters(mid, id, server),
      canRecharge: (target) => sim.canRecharge(target),
      queryDelivery: (id, key) => sim.queryDelivery(id, key),
      reverseDelivery: (id, key) => sim.reverseDelivery(id, key),
      deliverCredit: async (delivery) => {
        await sim.deliverCredit(delivery);
        throw new GameServerError('unavailable', 'timeout');
      },
    };
    await workerWith({ gameServer: lostAnswer, maxAttempts: 1 }).runOnce();
    expect(await jobOf(order.order_no)).toMatchObject({
      status: 'dead',
      lastError: 'game server unavailable: timeout',
    });
    expect(await creditsOf(order.order_no)).toHaveLength(1);

    expect((await retry(order.order_no)).code).toBe(0);
    clock.set(new Date());
    await workerWith().runOnce();
    const credits = await creditsOf(order.order_no);
    expect(credits).toHaveLength(1);
    expect(await jobOf(order.order_no)).toMatchObject({ status: 'done', deliveryId: credits[0]!.deliveryId });
    expect((await detail(order.order_no)).data.state).toBe('delivered');
  });

  it('a retry into a game server that still fails gets the whole backoff schedule again', async () => {
    const order = await deadOrder();
    expect((await retry(order.order_no)).code).toBe(0);
    await sim.setSwitch({ kind: 'delivery_fails', gameBaseId: sfl, mid: alice.mid }, 1);
    clock.set(new Date());
    const worker = workerWith({ maxAttempts: 2 });
    await worker.runOnce();
    // Attempt 1 of 2 after the retry: not dead again, due in 10 s.
    const job = await jobOf(order.order_no);
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job.nextAttemptAt.getTime()).toBe(clock.later(10_000).getTime());
    clock.advance(10_000);
    await worker.runOnce();
    expect(await jobOf(order.order_no)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await creditsOf(order.order_no)).toHaveLength(1);
  });

  it('two staff retrying at once revive the job once', async () => {
    const order = await deadOrder();
    const audits = (await retryAudits()).length;
    const answers = await Promise.all([retry(order.order_no), retry(order.order_no)]);
    expect(answers.map((a) => a.code).sort()).toEqual([-400, 0]);
    expect(answers.find((a) => a.code === -400)).toMatchObject({
      data: { fields: [{ field: 'order_no', code: 'not_dead' }] },
    });
    expect(await retryAudits()).toHaveLength(audits + 1);
    clock.set(new Date());
    await workerWith().runOnce();
    expect(await creditsOf(order.order_no)).toHaveLength(1);
  });

  it('refuses what has nothing to retry, with a clear code, and records nothing', async () => {
    const audits = (await retryAudits()).length;
    // Paid, its job pending (not yet tried).
    const pending = await paidOrder();
    expect(await retry(pending.order_no)).toMatchObject({
      code: -400,
      data: { fields: [{ field: 'order_no', code: 'not_dead' }] },
    });
    // Never paid: no delivery job at all.
    const unpaid = await placeOrder(t.app, alice, sfl, { overrides: aliceRole });
    expect(await retry(unpaid.order_no)).toMatchObject({
      code: -400,
      data: { fields: [{ field: 'order_no', code: 'no_delivery' }] },
    });
    // Refunded: no credit is owed, even though its delivery died.
    const refunded = await deadOrder();
    await t.db.update(payOrder).set({ state: 'refunded' }).where(eq(payOrder.orderNo, refunded.order_no));
    expect(await retry(refunded.order_no)).toMatchObject({
      code: -400,
      data: { fields: [{ field: 'order_no', code: 'not_owed' }] },
    });
    expect((await retry('GP-nothing')).code).toBe(-404);
    expect(await retryAudits()).toHaveLength(audits);
    expect((await jobOf(refunded.order_no)).status).toBe('dead');
    await workerWith().runOnce();
  });
});
