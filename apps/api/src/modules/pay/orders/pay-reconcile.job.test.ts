/**
 * Reconciliation through the real Stripe SDK against the local test server: a payment whose webhook was
 * dropped is found by the reconciliation job and credited once (also when the webhook then arrives late, and
 * for an order our sweep had expired); declined and expired answers; backoff per order and the stop after the
 * provider's expiry; the daily settlement check finds each mismatch kind and no false one, and the test
 * server's list pages like Stripe's (`has_more`, `starting_after`).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import type { SentWebhook } from '../../../dev/stripe/stripe-test-server.ts';
import { loginTestMember, type TestMember } from '../../../../test/member-session.ts';
import { payTestEnv, placeOrder, rechargeableRole, orderRowOf } from '../../../../test/pay-steps.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { TestClock } from '../../../../test/test-clock.ts';
import { game } from '../../../db/schema/game.schema.ts';
import { memberSession } from '../../../db/schema/member.schema.ts';
import {
  payReconcileCheck,
  paySettlementMismatch,
  paySettlementRun,
} from '../../../db/schema/pay-reconcile.schema.ts';
import { gameSimDelivery } from '../../../db/schema/pay.schema.ts';
import { PayReconciler, reconcilePolicy } from './pay-reconcile.job.ts';
import { orderStateRank } from './order-state.ts';
import { dueDay, utcDayOf } from '../settlement/pay-settlement.service.ts';
import { stripeClient } from '../providers/stripe/stripe-provider.ts';
import { StripeTestServer } from '../../../dev/stripe/stripe-test-server.ts';

const keys = { secretKey: 'sk_test_gp_reconcile_01', webhookSecret: 'whsec_gp_reconcile_0123456789' };
const afterMs = 5 * 60_000;
// Midday UTC, so a test's hours never cross into another settlement day.
const clock = new TestClock(new Date(`${utcDayOf(new Date())}T10:00:00.000Z`));

let t: Awaited<ReturnType<typeof createTestApp>>;
let stripe: StripeTestServer;
let base: string;
let sfl: number;
let member: TestMember;
let role: { cp_server_id: string; cp_role_id: string };

beforeAll(async () => {
  stripe = new StripeTestServer({
    ...keys,
    now: clock.now,
    send: async (body, headers) =>
      (await t.app.inject({ method: 'POST', url: '/pay/notify/stripe', payload: body, headers })).statusCode,
  });
  base = await stripe.listen();
  t = await createTestApp(
    {
      ...payTestEnv,
      PAY_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: keys.secretKey,
      STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
      STRIPE_API_BASE: base,
      PAY_RECONCILE_AFTER_MS: String(afterMs),
    },
    { now: clock.now },
  );
  sfl = (await t.db.select().from(game)).find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
  member = await loginTestMember(t.db);
  // The tests move the clock by days: the member stays signed in.
  await t.db
    .update(memberSession)
    .set({ expiresAt: new Date('2100-01-01T00:00:00Z') })
    .where(eq(memberSession.mid, member.mid));
  const found = await rechargeableRole(t.app, member, sfl);
  role = { cp_server_id: found.cpServerId, cp_role_id: found.cpRoleId };
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const order = () => placeOrder(t.app, member, sfl, { overrides: role });
const rowOf = (orderNo: string) => orderRowOf(t.db, orderNo);
const creditsOf = (orderNo: string) =>
  t.db.select().from(gameSimDelivery).where(eq(gameSimDelivery.idempotencyKey, orderNo));
const checkOf = async (orderNo: string) => {
  const { id } = await rowOf(orderNo);
  return (await t.db.select().from(payReconcileCheck).where(eq(payReconcileCheck.orderId, id)))[0];
};
async function drain() {
  for (let round = 0; round < 10; round += 1) if ((await t.app.pay.worker.runOnce()).tried === 0) return;
}
/** Orders of earlier tests are left decided: each test's round sees its own orders only. */
async function settleEarlier() {
  clock.advance(reconcilePolicy.stopAfterExpiryMs + 3 * 3600_000);
  await t.app.pay.reconciler.runOnce();
}
const reconciled = async (outcome: string) => {
  const metric = await t.app.metrics.getSingleMetric('gp_pay_reconciled_orders_total')!.get();
  return metric.values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
};

describe('reconciliation', () => {
  beforeEach(settleEarlier);

  it('finds a paid order whose webhook was dropped, credits it once, and a late webhook changes nothing', async () => {
    const created = await order();
    const dropped = await stripe.decide(created.pay_order_no, 'pay', { drop: true });
    expect(dropped.map((w) => w.status)).toEqual([0]);
    expect((await rowOf(created.order_no)).state).toBe('awaiting_payment');
    const before = await reconciled('paid');

    // Not before PAY_RECONCILE_AFTER_MS.
    clock.advance(afterMs - 1_000);
    expect(await t.app.pay.reconciler.runOnce()).toEqual({ asked: 0, moved: 0 });
    clock.advance(2_000);
    expect(await t.app.pay.reconciler.runOnce()).toEqual({ asked: 1, moved: 1 });
    expect(await rowOf(created.order_no)).toMatchObject({ state: 'paid' });
    expect(await checkOf(created.order_no)).toMatchObject({ attempts: 1, lastStatus: 'paid' });
    expect((await checkOf(created.order_no))!.doneAt).not.toBeNull();
    expect(await reconciled('paid')).toBe(before + 1);
    await drain();
    expect((await rowOf(created.order_no)).state).toBe('delivered');

    // The webhook arrives late: genuine, applied to nothing.
    expect(await stripe.deliverLate(dropped[0]!)).toBe(200);
    await drain();
    expect(await creditsOf(created.order_no)).toHaveLength(1);
    expect((await rowOf(created.order_no)).state).toBe('delivered');
    // Decided: never asked again.
    clock.advance(3600_000);
    expect((await t.app.pay.reconciler.runOnce()).asked).toBe(0);
  });

  it('credits once when the dropped webhook arrives before the job asks: the paid order is not asked', async () => {
    const created = await order();
    const [dropped] = await stripe.decide(created.pay_order_no, 'pay', { drop: true });
    expect(await stripe.deliverLate(dropped!)).toBe(200);
    expect((await rowOf(created.order_no)).state).toBe('paid');
    clock.advance(afterMs + 1_000);
    // The order is paid: no longer waiting, not asked.
    expect(await t.app.pay.reconciler.runOnce()).toEqual({ asked: 0, moved: 0 });
    await drain();
    expect(await creditsOf(created.order_no)).toHaveLength(1);
  });

  it('applies declined and expired answers, and pays an order our sweep expired that Stripe took later', async () => {
    const declined = await order();
    const expired = await order();
    const lateExpired = await order();
    await stripe.decide(declined.pay_order_no, 'decline', { drop: true });
    await stripe.decide(expired.pay_order_no, 'expire', { drop: true });
    clock.advance(afterMs + 1_000);
    expect(await t.app.pay.reconciler.runOnce()).toEqual({ asked: 3, moved: 2 });
    expect(await rowOf(declined.order_no)).toMatchObject({ state: 'failed', reasonCode: 15 });
    expect(await rowOf(expired.order_no)).toMatchObject({ state: 'expired' });
    expect(await checkOf(lateExpired.order_no)).toMatchObject({ attempts: 1, lastStatus: 'pending' });

    // Our 30 minutes pass: the sweep expires it; Stripe's session was still open and the player paid.
    clock.advance(30 * 60_000);
    await t.app.pay.worker.runOnce();
    expect((await rowOf(lateExpired.order_no)).state).toBe('expired');
    await stripe.decide(lateExpired.pay_order_no, 'pay', { drop: true });
    await t.app.pay.reconciler.runOnce();
    expect((await rowOf(lateExpired.order_no)).state).toBe('paid');
    await drain();
    expect(await creditsOf(lateExpired.order_no)).toHaveLength(1);
    expect(await creditsOf(declined.order_no)).toHaveLength(0);
  });

  it('asks a pending order again only after its backoff, and stops after the expiry and the margin', async () => {
    const created = await order();
    clock.advance(afterMs + 1_000);
    expect((await t.app.pay.reconciler.runOnce()).asked).toBe(1);
    // The first wait is two minutes.
    clock.advance(reconcilePolicy.backoffMs(1) - 1_000);
    expect((await t.app.pay.reconciler.runOnce()).asked).toBe(0);
    clock.advance(2_000);
    expect((await t.app.pay.reconciler.runOnce()).asked).toBe(1);
    expect(await checkOf(created.order_no)).toMatchObject({ attempts: 2, lastStatus: 'pending' });
    // Past the order's deadline and the margin: given up, even if the provider is still asked nothing.
    const row = await rowOf(created.order_no);
    clock.set(new Date(row.expiresAt.getTime() + reconcilePolicy.stopAfterExpiryMs + 1_000));
    expect((await t.app.pay.reconciler.runOnce()).asked).toBe(0);
  });

  it('keeps each round to its batch', async () => {
    const made = [await order(), await order(), await order()];
    clock.advance(afterMs + 1_000);
    const small = new PayReconciler({
      db: t.db,
      orders: t.app.pay.orders,
      log: { info() {}, warn() {}, error() {} },
      now: clock.now,
      afterMs,
      batchSize: 2,
    });
    expect((await small.runOnce()).asked).toBe(2);
    expect((await small.runOnce()).asked).toBe(1);
    expect((await small.runOnce()).asked).toBe(0);
    for (const created of made) expect((await checkOf(created.order_no))?.attempts).toBe(1);
  });
});

describe('property: Stripe webhooks dropped, late, repeated, and reconciliation rounds', () => {
  beforeEach(settleEarlier);
  type Truth = 'pay' | 'decline' | 'expire' | 'none';
  type Step = { kind: 'late' | 'query'; order: number } | { kind: 'reconcile' | 'worker' | 'sweep' };
  const orders = 3;
  const index = fc.integer({ min: 0, max: orders - 1 });
  const step = fc.oneof(
    fc.record({ kind: fc.constantFrom('late' as const, 'query' as const), order: index }),
    fc.record({ kind: fc.constantFrom('reconcile' as const, 'worker' as const, 'sweep' as const) }),
  ) as fc.Arbitrary<Step>;

  it('credits every order Stripe took exactly once and never moves an order backwards', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Truth>('pay', 'decline', 'expire', 'none'), {
          minLength: orders,
          maxLength: orders,
        }),
        fc.array(step, { maxLength: 10 }),
        async (truths, steps) => {
          const made: Awaited<ReturnType<typeof order>>[] = [];
          for (let i = 0; i < orders; i += 1) made.push(await order());
          const webhooks: SentWebhook[][] = [];
          for (const [i, m] of made.entries()) {
            const truth = truths[i]!;
            webhooks.push(truth === 'none' ? [] : await stripe.decide(m.pay_order_no, truth, { drop: true }));
          }
          const ranks = new Map<string, number>();
          const monotone = async () => {
            for (const m of made) {
              const rank = orderStateRank[(await rowOf(m.order_no)).state];
              expect(rank).toBeGreaterThanOrEqual(ranks.get(m.order_no) ?? 0);
              ranks.set(m.order_no, rank);
            }
          };
          for (const s of steps) {
            if (s.kind === 'late') for (const w of webhooks[s.order]!) await stripe.deliverLate(w);
            else if (s.kind === 'query')
              await t.app.inject({
                method: 'GET',
                url: `/pay/api/web/pay/order_result?pay_order_no=${made[s.order]!.pay_order_no}&ct=${member.ct}`,
                cookies: member.cookies,
              });
            else if (s.kind === 'reconcile') {
              clock.advance(afterMs);
              await t.app.pay.reconciler.runOnce();
            } else if (s.kind === 'worker') await t.app.pay.worker.runOnce();
            else {
              clock.advance(31 * 60_000);
              await t.app.pay.worker.expireOverdue();
            }
            await monotone();
          }
          // Stripe retries until the shop takes each webhook; then the worker catches up.
          for (const list of webhooks) for (const w of list) await stripe.deliverLate(w);
          await drain();
          await monotone();
          for (const [i, m] of made.entries()) {
            const credits = await creditsOf(m.order_no);
            expect(credits).toHaveLength(truths[i] === 'pay' ? 1 : 0);
            if (truths[i] === 'pay') expect((await rowOf(m.order_no)).state).toBe('delivered');
          }
        },
      ),
      { numRuns: 10 },
    );
  }, 120_000);
});

describe('settlement check', () => {
  it('finds paid-not-here, amount-differs, refunded-not-here and paid-not-there, and nothing for a matching one', async () => {
    await t.db.delete(paySettlementMismatch);
    // A day of its own.
    clock.set(new Date(clock.now().getTime() + 2 * 86_400_000));
    const day = utcDayOf(clock.now());
    const fine = await order();
    await stripe.decide(fine.pay_order_no, 'pay');
    const lost = await order();
    await stripe.decide(lost.pay_order_no, 'pay', { drop: true });
    const other = await order();
    stripe.sessions.get(other.pay_order_no)!.session.amount_total = 1_000;
    await stripe.decide(other.pay_order_no, 'pay', { drop: true });
    const refunded = await order();
    await stripe.decide(refunded.pay_order_no, 'pay');
    stripe.refundedAmounts.set(refunded.pay_order_no, 54_900);
    // Paid here (a notification), but Stripe has no paid payment: as if the notification was not Stripe's.
    const notThere = await order();
    await stripe.decide(notThere.pay_order_no, 'pay');
    Object.assign(stripe.sessions.get(notThere.pay_order_no)!.session, {
      status: 'open',
      payment_status: 'unpaid',
    });
    const unpaid = await order();

    const [run] = await t.app.pay.settlement.check(day);
    expect(run).toMatchObject({ provider: 'stripe', day, payments: 4, mismatches: 4 });
    const found = await t.db.select().from(paySettlementMismatch);
    const kinds = Object.fromEntries(found.map((m) => [m.orderNo, m.kind]));
    expect(kinds).toEqual({
      [lost.order_no]: 'paid_not_here',
      [other.order_no]: 'amount_differs',
      [refunded.order_no]: 'refunded_not_here',
      [notThere.order_no]: 'paid_not_there',
    });
    expect(kinds[fine.order_no]).toBeUndefined();
    expect(kinds[unpaid.order_no]).toBeUndefined();
    expect(found.find((m) => m.kind === 'amount_differs')).toMatchObject({
      providerAmount: 1_000,
      providerCurrency: 'THB',
      orderAmount: 54_900,
      orderCurrency: 'THB',
      providerRef: other.pay_order_no,
    });
    expect(found.find((m) => m.kind === 'refunded_not_here')).toMatchObject({ providerRefunded: 54_900 });

    // A second run finds the same, adds nothing.
    expect((await t.app.pay.settlement.check(day))[0]).toMatchObject({ payments: 4, mismatches: 0 });
    expect(await t.db.select().from(paySettlementMismatch)).toHaveLength(4);
    // Another day has none of these payments.
    const yesterday = utcDayOf(new Date(clock.now().getTime() - 86_400_000));
    expect((await t.app.pay.settlement.check(yesterday))[0]).toMatchObject({ payments: 0, mismatches: 0 });
  });

  it('runs once a day, for the day that ended at least three hours ago', async () => {
    expect(dueDay(new Date('2026-03-02T02:59:00Z'))).toBe('2026-02-28');
    expect(dueDay(new Date('2026-03-02T03:00:00Z'))).toBe('2026-03-01');
    const day = dueDay(clock.now());
    await t.db.delete(paySettlementRun);
    expect((await t.app.pay.settlement.runDue()).map((r) => r.day)).toEqual([day]);
    expect(await t.app.pay.settlement.runDue()).toEqual([]);
  });

  it("pages the list like Stripe's, newest first, with has_more and starting_after", async () => {
    const sdk = stripeClient(keys.secretKey, base);
    const all = await sdk.checkout.sessions.list({ limit: 100 }).autoPagingToArray({ limit: 1_000 });
    expect(all.length).toBeGreaterThan(5);
    const first = await sdk.checkout.sessions.list({ limit: 2 });
    expect(first.has_more).toBe(true);
    expect(first.data).toHaveLength(2);
    const next = await sdk.checkout.sessions.list({ limit: 2, starting_after: first.data[1]!.id });
    expect(next.data[0]!.id).toBe(all[2]!.id);
    const paged = await sdk.checkout.sessions.list({ limit: 2 }).autoPagingToArray({ limit: 1_000 });
    expect(paged.map((s) => s.id)).toEqual(all.map((s) => s.id));
    const created = all.map((s) => s.created);
    expect([...created].sort((a, b) => b - a)).toEqual(created);
  });
});
