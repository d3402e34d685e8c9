import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { loginTestMember } from '../../test/member-session.ts';
import { payTestEnv, placeOrder } from '../../test/pay-steps.ts';
import { createTestAppPair, openTestDatabase } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import { developmentParts } from '../dev/development-parts.ts';
import { parseEnv } from '../config/env.ts';
import { game } from '../db/schema/game.schema.ts';
import { payOrder, payOrderEvent } from '../db/schema/pay-order.schema.ts';
import { CsHousekeeping } from '../modules/tickets/index.ts';

/** An app whose jobs count their starts and stops instead of running. */
async function appWithCountedJobs(env: Record<string, string>) {
  const database = await openTestDatabase();
  const app = await buildApp({
    dev: developmentParts,
    env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }),
    database,
    logger: false,
  });
  const counts = { started: [] as string[], stopped: [] as string[] };
  app.jobs.list = app.jobs.list.map((job) => ({
    name: job.name,
    start: () => void counts.started.push(job.name),
    stop: async () => void counts.stopped.push(job.name),
  }));
  await app.ready();
  return { app, database, counts };
}

describe('the background jobs', () => {
  it('are one list, started when the app is ready and stopped when it closes (RUN_JOBS, the default)', async () => {
    const { app, database, counts } = await appWithCountedJobs({});
    const all = [
      'pay delivery and order expiry',
      'pay reconciliation',
      'pay settlement check',
      'pay reversals',
      'game-server sync',
      'desk exports',
      'outbox dispatch',
      'customer-service housekeeping',
      'retention',
      'privacy erasure',
      // The development stand-ins' own, after the app's.
      'sandbox notifications',
    ];
    expect(counts.started).toEqual(all);
    await app.close();
    expect(counts.stopped.sort()).toEqual([...all].sort());
    await database.close();
  });

  it('do not run in an API process with RUN_JOBS=false (the worker runs them)', async () => {
    const { app, database, counts } = await appWithCountedJobs({ RUN_JOBS: 'false' });
    expect(app.jobs.list.length).toBeGreaterThan(0);
    expect(counts.started).toEqual([]);
    await app.close();
    expect(counts.stopped).toEqual([]);
    await database.close();
  });
});

describe('sweeps in two processes', () => {
  let t: Awaited<ReturnType<typeof createTestAppPair>>;
  beforeAll(async () => {
    t = await createTestAppPair(payTestEnv);
  });
  afterAll(() => t.close());

  it('expire each overdue order once, and never sweep while another process sweeps', async () => {
    const [one, two] = t.apps;
    const member = await loginTestMember(t.db);
    const sfl = (await t.db.select().from(game).where(eq(game.gameId, 'sfl_sea')))[0]!.gameBaseId;
    const orders: number[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await placeOrder(one, member, sfl);
      const [row] = await t.db
        .update(payOrder)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(payOrder.orderNo, created.order_no))
        .returning({ id: payOrder.id });
      orders.push(row!.id);
    }
    // While one process holds the sweep, the other's round does nothing.
    await t.database.exclusive('pay.order-expiry', async () => {
      expect(await two.pay.worker.expireOverdue()).toBe(0);
    });
    const swept = await Promise.all([one.pay.worker.expireOverdue(), two.pay.worker.expireOverdue()]);
    expect(swept[0] + swept[1]).toBe(3);
    const events = await t.db
      .select()
      .from(payOrderEvent)
      .where(and(inArray(payOrderEvent.orderId, orders), eq(payOrderEvent.toState, 'expired')));
    expect(events).toHaveLength(3);
  });

  it('run customer-service housekeeping in one process at a time', async () => {
    let swept = 0;
    const job = new CsHousekeeping({
      workOrders: { closeQuiet: async () => (swept++, [1]) },
      uploads: { purgeUnsent: async () => 0 },
      log: { info: () => undefined, error: () => undefined },
      now: () => new Date(),
      exclusive: t.apps[1].database.exclusive,
    });
    await t.database.exclusive('cs.housekeeping', async () => {
      expect(await job.runOnce()).toEqual({ closed: [], purged: 0 });
    });
    expect(swept).toBe(0);
    expect(await job.runOnce()).toEqual({ closed: [1], purged: 0 });
  });
});
