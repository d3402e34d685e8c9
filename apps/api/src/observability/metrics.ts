/**
 * The Prometheus metrics of a process (prom-client), one registry per process (per app in tests, so apps never
 * share counters). Names are `gp_*`; deploy/observability/ (dashboard, alert rules) uses them, and
 * metrics.observability-files.test.ts checks that every name there is one registered here.
 *
 * - HTTP: `gp_http_requests_total` and `gp_http_request_duration_seconds` by the matched route pattern
 *   (`/web/news/:id`, never the raw URL: bounded label values), method and status; unmatched paths are one
 *   label, `unmatched`.
 * - The database pool, read from the pool object at scrape time.
 * - The operational state (orders, delivery, outbox, exports): one query per table at scrape time through the
 *   health module, reused for `cacheMs` (concurrent scrapes share one round), so scrapes cannot load the database.
 *   A failed round is logged, `gp_operations_up` says 0 and those gauges are left out rather than shown stale.
 * - Process metrics (CPU, memory, event loop, GC) are added by the metrics server (metrics-server.ts), once per
 *   process.
 */
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from '../config/clock.ts';
import type { Database } from '../db/database.ts';
import type { OperationsSnapshot } from './operations-snapshot.ts';

export interface MetricsLog {
  error(obj: object, msg: string): void;
}

/** Seconds from `since` to `now`; 0 when there is nothing waiting. */
const ageSeconds = (now: Date, since: Date | null) =>
  since ? Math.max(0, (now.getTime() - since.getTime()) / 1000) : 0;

/**
 * Runs `read` at most once per `ttlMs`, and never twice at once: the gauges of one scrape collect in parallel and
 * share its round. Wall time: this guards the database, it is no business rule.
 */
function cachedRound<T>(read: () => Promise<T>, ttlMs: number): () => Promise<T> {
  let last: { at: number; value: Promise<T>; settled: boolean } | undefined;
  return () => {
    const at = performance.now();
    if (!last || (last.settled && at - last.at >= ttlMs)) {
      const round = { at, value: read(), settled: false };
      last = round;
      round.value.then(
        () => void (round.settled = true),
        // A failure is not kept: the next scrape asks again.
        () => {
          if (last === round) last = undefined;
        },
      );
    }
    return last.value;
  };
}

/** The registry of a process with the gauges every process has (pool, operational state). */
export function createProcessMetrics(deps: {
  database: Database;
  /** Reads the operational state (modules/health, given by app.ts): the kernel knows no module. */
  readOperations: (now: Date) => Promise<OperationsSnapshot>;
  now: Clock;
  cacheMs: number;
  log: MetricsLog;
  /** SMS_DAILY_BUDGET, beside today's count (gp_sms_sent_today) for the alert on the spend. */
  smsDailyBudget: number;
}): Registry {
  const registry = new Registry();
  registerPoolGauges(registry, deps.database);
  registerOperationsGauges(registry, deps);
  new Gauge({
    name: 'gp_sms_daily_budget',
    help: 'SMS_DAILY_BUDGET: the SMS all senders may cause in a UTC day before sending pauses (-706)',
    registers: [registry],
  }).set(deps.smsDailyBudget);
  return registry;
}

function registerPoolGauges(registry: Registry, database: Database) {
  new Gauge({
    name: 'gp_db_pool_connections',
    help: 'Database pool connections: total open, idle, and callers waiting for one (PGlite: total only)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = database.poolStats();
      this.set({ state: 'total' }, stats.total);
      if (stats.idle !== undefined) this.set({ state: 'idle' }, stats.idle);
      if (stats.waiting !== undefined) this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'gp_db_pool_max',
    help: 'Most connections the pool opens (DATABASE_POOL_SIZE)',
    registers: [registry],
    collect() {
      this.set(database.poolStats().max);
    },
  });
}

function registerOperationsGauges(
  registry: Registry,
  deps: {
    readOperations: (now: Date) => Promise<OperationsSnapshot>;
    now: Clock;
    cacheMs: number;
    log: MetricsLog;
  },
) {
  const read = cachedRound(async () => {
    // Ages are measured on the app's clock, the one the rows were written with.
    const now = deps.now();
    return { now, snapshot: await deps.readOperations(now) };
  }, deps.cacheMs);
  /** This scrape's snapshot, or undefined when the round failed (logged once per round by `up`). */
  const current = async (): Promise<{ now: Date; snapshot: OperationsSnapshot } | undefined> => {
    try {
      return await read();
    } catch {
      return undefined;
    }
  };
  const gauge = (
    name: string,
    help: string,
    labelNames: string[],
    fill: (g: Gauge, s: OperationsSnapshot, now: Date) => void,
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        const round = await current();
        this.reset();
        if (round) fill(this, round.snapshot, round.now);
      },
    });

  new Gauge({
    name: 'gp_operations_up',
    help: '1 when the scrape-time queries of the gp_pay_*, gp_outbox_* and gp_desk_* gauges answered, else 0',
    registers: [registry],
    async collect() {
      try {
        await read();
        this.set(1);
      } catch (err) {
        deps.log.error({ err }, 'metrics: the operational snapshot could not be read');
        this.set(0);
      }
    },
  });
  gauge('gp_pay_orders', 'Top-up orders by state (all time)', ['state'], (g, s) => {
    for (const [state, n] of Object.entries(s.ordersByState)) g.set({ state }, n);
  });
  gauge(
    'gp_pay_paid_undelivered_orders',
    'Orders paid at the provider whose credit has not reached the game (paid or delivering)',
    [],
    (g, s) => g.set(s.paidUndelivered.count),
  );
  gauge(
    'gp_pay_paid_undelivered_oldest_seconds',
    'How long ago the oldest paid-but-not-credited order was paid (0: none)',
    [],
    (g, s, now) => g.set(ageSeconds(now, s.paidUndelivered.oldestPaidAt)),
  );
  gauge(
    'gp_pay_delivery_jobs',
    'Credit delivery jobs not done: pending (waiting, retrying or being worked) and dead (given up, for staff)',
    ['status'],
    (g, s) => {
      g.set({ status: 'pending' }, s.delivery.pending);
      g.set({ status: 'dead' }, s.delivery.dead);
    },
  );
  gauge('gp_pay_delivery_jobs_due', 'Credit delivery jobs due now that no worker holds', [], (g, s) =>
    g.set(s.delivery.due),
  );
  gauge(
    'gp_pay_delivery_oldest_due_seconds',
    'How long the longest-waiting due delivery job has been due (0: none)',
    [],
    (g, s, now) => g.set(ageSeconds(now, s.delivery.oldestDueAt)),
  );
  gauge(
    'gp_outbox_messages',
    'Outgoing e-mail and SMS not sent: pending (waiting or retrying) and failed (given up)',
    ['status'],
    (g, s) => {
      g.set({ status: 'pending' }, s.outbox.pending);
      g.set({ status: 'failed' }, s.outbox.failed);
    },
  );
  gauge(
    'gp_outbox_oldest_pending_seconds',
    'Age of the oldest unsent (pending) outgoing message (0: none)',
    [],
    (g, s, now) => g.set(ageSeconds(now, s.outbox.oldestPendingAt)),
  );
  gauge('gp_desk_export_jobs', 'Ticket desk exports by status', ['status'], (g, s) => {
    for (const [status, n] of Object.entries(s.exportsByStatus)) g.set({ status }, n);
  });
  gauge(
    'gp_pay_disputes',
    'Disputes (chargebacks) providers reported: all ever (total; a rise is a new one) and not closed (open)',
    ['status'],
    (g, s) => {
      g.set({ status: 'total' }, s.disputes.total);
      g.set({ status: 'open' }, s.disputes.open);
    },
  );
  gauge(
    'gp_pay_settlement_mismatches_open',
    "Differences between a provider's settlement and our orders that no staff member has resolved, by kind",
    ['kind'],
    (g, s) => {
      for (const [kind, n] of Object.entries(s.settlementMismatchesOpen)) g.set({ kind }, n);
    },
  );
  gauge(
    'gp_auth_soft_locked_accounts',
    'Accounts whose password login is soft-locked by wrong passwords in its window, by who (member, staff)',
    ['who'],
    (g, s) => {
      g.set({ who: 'member' }, s.auth.softLockedMembers);
      g.set({ who: 'staff' }, s.auth.softLockedStaff);
    },
  );
  gauge(
    'gp_auth_staff_second_step_locked',
    'Staff accounts whose second step is locked now: someone with the password keeps failing the factor',
    [],
    (g, s) => g.set(s.auth.staffSecondStepLocked),
  );
  gauge('gp_sms_sent_today', "SMS counted against today's budget (UTC day)", [], (g, s) =>
    g.set(s.smsSentToday),
  );
  gauge(
    'gp_pay_reversal_problems',
    'Refunded orders whose credit the game server did not take back, by reversal status (refused, failed, not_delivered)',
    ['status'],
    (g, s) => {
      for (const [status, n] of Object.entries(s.reversalsByStatus)) g.set({ status }, n);
    },
  );
}

/** The counters of the payment reconciliation job (modules/pay/orders/pay-reconcile.job.ts), on a process's registry. */
export function reconcileMetrics(registry: Registry) {
  return {
    reconciled: new Counter({
      name: 'gp_pay_reconciled_orders_total',
      help: "Orders the reconciliation job moved on the provider's answer (a lost notification found): paid, declined, expired; mismatch: paid another amount, not credited",
      labelNames: ['outcome'],
      registers: [registry],
    }),
    asked: new Counter({
      name: 'gp_pay_reconcile_queries_total',
      help: 'Payments the reconciliation job asked a provider about, by its answer (error: the call failed)',
      labelNames: ['provider', 'answer'],
      registers: [registry],
    }),
  };
}

/** What came of asking a provider to open a payment: opened, refused for the player (err13), failed (err2). */
export type PaymentOutcome = 'created' | 'refused' | 'failed';

/**
 * The payment counters the operator's alerts read (deploy/observability/alert-rules.yml): a provider that stops
 * opening payments (a revoked key, an outage) answers players inside the envelope with HTTP 200, so only these
 * say so; a notification refused for its signature is a wrong webhook secret or somebody forging payments.
 */
export function payMetrics(registry: Registry) {
  return {
    payments: new Counter({
      name: 'gp_pay_payments_total',
      help: 'Payments a provider was asked to open, by provider, channel (payment type) and outcome: created; refused (the provider said no to this method, err13); failed (error or outage, err2)',
      labelNames: ['provider', 'channel', 'outcome'],
      registers: [registry],
    }),
    notifications: new Counter({
      name: 'gp_pay_notifications_total',
      help: 'Provider notifications (webhooks) received, by provider and outcome: what applying it did (applied, ignored, duplicate, mismatch, unknown_order, ...) or why it was refused (refused_signature, refused_stale, refused_malformed)',
      labelNames: ['provider', 'outcome'],
      registers: [registry],
    }),
  };
}
export type PayMetrics = ReturnType<typeof payMetrics>;

/** The live order status's open streams in this process, read at scrape time. */
export function orderStreamMetrics(registry: Registry, open: () => number) {
  new Gauge({
    name: 'gp_pay_order_streams',
    help: 'Live order status streams (order_stream, Server-Sent Events) open in this process',
    registers: [registry],
    collect() {
      this.set(open());
    },
  });
}

/** Counts every answer of the API by route pattern, method and status, with its latency. */
export function installHttpMetrics(app: FastifyInstance, registry: Registry) {
  const requests = new Counter({
    name: 'gp_http_requests_total',
    help: 'HTTP answers of the API by route pattern, method and status',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'gp_http_request_duration_seconds',
    help: 'Time from request to answer by route pattern, method and status class (2xx, 4xx, 5xx...)',
    labelNames: ['route', 'method', 'status_class'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The pattern the router matched; a path nothing matched (404, or refused before routing) is one label.
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    const status = reply.statusCode;
    requests.inc({ route, method, status: String(status) });
    duration.observe(
      { route, method, status_class: `${Math.floor(status / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });
}
