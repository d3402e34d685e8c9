/**
 * The metrics of the API (metrics.ts, metrics-server.ts): requests counted by route pattern, method and status
 * (never the raw URL), latency histograms, pool and operational gauges read from the database at scrape time,
 * served on their own port and nowhere on the API's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { outboxMessage } from '../db/schema/passport.schema.ts';
import { payDeliveryJob, payOrder } from '../db/schema/pay-order.schema.ts';
import { paySettlementMismatch } from '../db/schema/pay-reconcile.schema.ts';
import { payOrderDispute, payOrderRefund } from '../db/schema/pay-refund.schema.ts';
import { game } from '../db/schema/game.schema.ts';
import { SandboxNotifier } from '../dev/sandbox/sandbox-provider.ts';
import { loginTestMember } from '../../test/member-session.ts';
import { notify, payTestEnv, placeOrder, rechargeableRole } from '../../test/pay-steps.ts';
import { createTestApp } from '../../test/test-app.ts';
import { TestClock } from '../../test/test-clock.ts';
import { startMetricsServer, type MetricsServer } from './metrics-server.ts';
import { orderStates } from '@gp/contracts/pay';

const clock = new TestClock();
let t: Awaited<ReturnType<typeof createTestApp>>;
let server: MetricsServer;
const silent = { info() {}, error() {} };

beforeAll(async () => {
  // No cache between scrapes: each scrape here must see the rows the test just wrote.
  t = await createTestApp({ ...payTestEnv, METRICS_CACHE_MS: '0' }, { now: clock.now });
  server = await startMetricsServer({ registry: t.app.metrics, host: '127.0.0.1', port: 0, log: silent });
});
afterAll(async () => {
  await server.close();
  await t.close();
});

async function scrape() {
  const res = await fetch(server.url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
}

/** The value of one series, e.g. `gp_pay_orders{state="paid"}`; undefined when absent. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics', () => {
  it('counts requests by route pattern, method and status, with latency', async () => {
    const before = await scrape();
    const healthBefore =
      value(before, 'gp_http_requests_total{route="/healthz",method="GET",status="200"}') ?? 0;
    for (let i = 0; i < 3; i++) expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    expect((await t.app.inject('/upload/media/one-secret-id')).statusCode).toBe(404);
    expect((await t.app.inject('/upload/media/another-id')).statusCode).toBe(404);
    expect((await t.app.inject('/no/such/path/x123')).statusCode).toBe(404);

    const text = await scrape();
    expect(value(text, 'gp_http_requests_total{route="/healthz",method="GET",status="200"}')).toBe(
      healthBefore + 3,
    );
    // Both media ids are one pattern: label values stay bounded whatever the URLs.
    expect(value(text, 'gp_http_requests_total{route="/upload/media/:id",method="GET",status="404"}')).toBe(
      2,
    );
    expect(value(text, 'gp_http_requests_total{route="unmatched",method="GET",status="404"}')).toBe(1);
    expect(text).not.toContain('one-secret-id');
    expect(text).not.toContain('x123');
    expect(
      value(text, 'gp_http_request_duration_seconds_count{route="/healthz",method="GET",status_class="2xx"}'),
    ).toBe(healthBefore + 3);
    expect(text).toContain('gp_http_request_duration_seconds_bucket{le="0.1",route="/healthz"');
  });

  it('has the pool gauges, the process metrics and every operational gauge, 0 included', async () => {
    const text = await scrape();
    expect(value(text, 'gp_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'gp_db_pool_max')).toBeGreaterThanOrEqual(1);
    if (t.database.driver === 'postgres') {
      expect(value(text, 'gp_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(value(text, 'gp_db_pool_connections{state="waiting"}')).toBe(0);
    }
    expect(value(text, 'gp_operations_up')).toBe(1);
    for (const state of orderStates) {
      expect(value(text, `gp_pay_orders{state="${state}"}`)).toBeGreaterThanOrEqual(0);
    }
    for (const status of ['pending', 'done', 'failed'])
      expect(value(text, `gp_desk_export_jobs{status="${status}"}`)).toBe(0);
    expect(value(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('reports paid orders not credited, due and dead delivery jobs, and the outbox backlog, with their ages', async () => {
    const base = await scrape();
    const paidBefore = value(base, 'gp_pay_paid_undelivered_orders')!;
    const sfl = (await t.db.select().from(game)).find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
    const member = await loginTestMember(t.db);
    const found = await rechargeableRole(t.app, member, sfl);
    const created = await placeOrder(t.app, member, sfl, {
      overrides: { cp_server_id: found.cpServerId, cp_role_id: found.cpRoleId },
    });
    clock.set(new Date());
    const decided = await t.app.dev!.sandbox!.repo.decide(created.pay_order_no, {
      status: 'paid',
      eventId: `evt_${randomUUID()}`,
      notifyDueAt: new Date(Date.now() + 3_600_000),
      now: clock.now(),
    });
    expect((await notify(t.app, SandboxNotifier.bodyOf(decided!))).body.result).toBe('applied');
    const [order] = await t.db.select().from(payOrder).where(eq(payOrder.orderNo, created.order_no));
    expect(order!.state).toBe('paid');
    await t.db.insert(outboxMessage).values({
      channel: 'email',
      recipient: 'backlog@example.com',
      lang: 'en',
      subject: 'code',
      body: 'your code',
      createdAt: clock.now(),
    });

    clock.advance(20 * 60_000); // nobody delivered it for 20 minutes
    let text = await scrape();
    expect(value(text, 'gp_pay_paid_undelivered_orders')).toBe(paidBefore + 1);
    expect(value(text, 'gp_pay_orders{state="paid"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'gp_pay_paid_undelivered_oldest_seconds')).toBeGreaterThanOrEqual(20 * 60 - 5);
    expect(value(text, 'gp_pay_delivery_jobs_due')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'gp_pay_delivery_oldest_due_seconds')).toBeGreaterThanOrEqual(20 * 60 - 5);
    expect(value(text, 'gp_outbox_messages{status="pending"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'gp_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(20 * 60 - 5);

    const deadBefore = value(text, 'gp_pay_delivery_jobs{status="dead"}')!;
    await t.db.update(payDeliveryJob).set({ status: 'dead' }).where(eq(payDeliveryJob.orderId, order!.id));
    text = await scrape();
    expect(value(text, 'gp_pay_delivery_jobs{status="dead"}')).toBe(deadBefore + 1);
    // Still paid, still not credited: the alert keeps firing until staff settle it.
    expect(value(text, 'gp_pay_paid_undelivered_orders')).toBe(paidBefore + 1);
  });

  it('counts payments opened and notifications refused, and reports disputes, mismatches and kept credit', async () => {
    const sum = (text: string, name: string, labels: Record<string, string>) =>
      text
        .split('\n')
        .filter(
          (l) =>
            l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)),
        )
        .reduce((n, l) => n + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
    const before = await scrape();
    const sfl = (await t.db.select().from(game)).find((g) => g.gameId === 'sfl_sea')!.gameBaseId;
    const member = await loginTestMember(t.db);
    const found = await rechargeableRole(t.app, member, sfl);
    const created = await placeOrder(t.app, member, sfl, {
      overrides: { cp_server_id: found.cpServerId, cp_role_id: found.cpRoleId },
    });
    const [order] = await t.db.select().from(payOrder).where(eq(payOrder.orderNo, created.order_no));
    const forged = SandboxNotifier.bodyOf({
      ...(await t.app.dev!.sandbox!.repo.decide(created.pay_order_no, {
        status: 'paid',
        eventId: `evt_${randomUUID()}`,
        notifyDueAt: new Date(Date.now() + 3_600_000),
        now: clock.now(),
      }))!,
    });
    expect((await notify(t.app, forged, { secret: 'not-the-webhook-secret-0123456789' })).status).toBe(401);
    const now = clock.now();
    await t.db.insert(payOrderDispute).values({
      orderId: order!.id,
      disputeRef: 'dp_metrics',
      status: 'needs_response',
      reason: 'fraudulent',
      openedAt: now,
      eventAt: now,
    });
    await t.db.insert(paySettlementMismatch).values({
      provider: 'sandbox',
      providerRef: 'P-metrics',
      kind: 'paid_not_there',
      day: now.toISOString().slice(0, 10),
      foundAt: now,
    });
    await t.db.insert(payOrderRefund).values({
      orderId: order!.id,
      reason: 'provider',
      source: 'staff',
      refundedAt: now,
      reversalStatus: 'refused',
    });

    const text = await scrape();
    const opened = { provider: 'sandbox', channel: order!.paymentType, outcome: 'created' };
    expect(sum(text, 'gp_pay_payments_total', opened)).toBe(sum(before, 'gp_pay_payments_total', opened) + 1);
    const refused = { provider: 'sandbox', outcome: 'refused_signature' };
    expect(sum(text, 'gp_pay_notifications_total', refused)).toBe(
      sum(before, 'gp_pay_notifications_total', refused) + 1,
    );
    expect(value(text, 'gp_pay_disputes{status="total"}')).toBe(
      value(before, 'gp_pay_disputes{status="total"}')! + 1,
    );
    expect(value(text, 'gp_pay_disputes{status="open"}')).toBe(
      value(before, 'gp_pay_disputes{status="open"}')! + 1,
    );
    expect(value(text, 'gp_pay_settlement_mismatches_open{kind="paid_not_there"}')).toBe(
      value(before, 'gp_pay_settlement_mismatches_open{kind="paid_not_there"}')! + 1,
    );
    expect(value(text, 'gp_pay_reversal_problems{status="refused"}')).toBe(
      value(before, 'gp_pay_reversal_problems{status="refused"}')! + 1,
    );
    expect(value(text, 'gp_pay_reversal_problems{status="failed"}')).toBe(0);
  });

  it('reuses the database gauges for METRICS_CACHE_MS between scrapes', async () => {
    const cached = await createTestApp({ METRICS_CACHE_MS: '60000' });
    try {
      const first = await cached.app.metrics.metrics();
      const before = value(first, 'gp_outbox_messages{status="pending"}')!;
      await cached.db.insert(outboxMessage).values({
        channel: 'sms',
        recipient: '66800000000',
        lang: 'en',
        subject: '',
        body: 'x',
      });
      expect(value(await cached.app.metrics.metrics(), 'gp_outbox_messages{status="pending"}')).toBe(before);
    } finally {
      await cached.close();
    }
  });

  it('is served only on the metrics port: the API has no /metrics', async () => {
    expect((await t.app.inject('/metrics')).statusCode).toBe(404);
    expect((await fetch(server.url.replace('/metrics', '/other'))).status).toBe(404);
  });
});
