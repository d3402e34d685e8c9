/**
 * deploy/observability/ (the Grafana dashboard and the Prometheus alert rules) against the metrics the app
 * registers: every metric name an expression reads must be one a process serves, so a renamed metric cannot
 * silently leave a panel empty or an alert that never fires; and the files keep the shape their tools load.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from '../config/paths.ts';
import { createTestApp } from '../../test/test-app.ts';
import { startMetricsServer, type MetricsServer } from './metrics-server.ts';

const folder = join(repoRoot, 'deploy', 'observability');
/**
 * Series Prometheus makes itself for every scrape target, and those of the profile's exporters
 * (deploy/observability: the backup's textfile, the blackbox exporter's certificate probe).
 */
const fromPrometheus = new Set([
  'up',
  'gp_backup_last_success_timestamp_seconds',
  'probe_ssl_earliest_cert_expiry',
]);

let t: Awaited<ReturnType<typeof createTestApp>>;
let server: MetricsServer;
/** Every series name a process serves (histograms as their _bucket, _sum and _count). */
const served = new Set<string>();

beforeAll(async () => {
  t = await createTestApp();
  // The metrics server adds the process metrics, as in a running process.
  server = await startMetricsServer({
    registry: t.app.metrics,
    host: '127.0.0.1',
    port: 0,
    log: { info() {}, error() {} },
  });
  for (const metric of await t.app.metrics.getMetricsAsJSON()) {
    // prom-client types `type` as an enum of these very strings.
    const type = String(metric.type);
    const suffixes =
      type === 'histogram'
        ? ['_bucket', '_sum', '_count']
        : type === 'summary'
          ? ['', '_sum', '_count']
          : [''];
    for (const suffix of suffixes) served.add(`${metric.name}${suffix}`);
  }
});
afterAll(async () => {
  await server.close();
  await t.close();
});

const keywords = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
]);

/** The metric names a PromQL expression reads: identifiers that are not functions, keywords or label names. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
    .replace(/\[[^\]]*\]/g, '');
  const names = [...bare.matchAll(/(?<![\w:.])[a-zA-Z_:][\w:]*(?![\w:]|\s*\()/g)].map((m) => m[0]);
  return names.filter((name) => !keywords.has(name));
}

interface Rule {
  alert?: string;
  expr?: string;
  for?: string;
  labels?: { severity?: string };
  annotations?: { summary?: string; description?: string };
}
const rules = (
  parse(readFileSync(join(folder, 'alert-rules.yml'), 'utf8')) as {
    groups: Array<{ name: string; rules: Rule[] }>;
  }
).groups.flatMap((g) => g.rules);

interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: unknown;
  targets?: Array<{ expr: string; refId: string }>;
  panels?: Panel[];
}
const dashboard = JSON.parse(readFileSync(join(folder, 'grafana-dashboard.json'), 'utf8')) as {
  uid: string;
  title: string;
  schemaVersion: number;
  panels: Panel[];
};
const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]);
const dashboardExprs = panels.flatMap((p) => (p.targets ?? []).map((target) => target.expr));

describe('metricNames', () => {
  it('finds the metrics of an expression and nothing else', () => {
    expect(
      metricNames(
        'sum by (le, route) (rate(gp_x_bucket{status=~"5..", a="b"}[5m])) / ignoring(state) max(gp_y) > 0.01 and up == 0',
      ),
    ).toEqual(['gp_x_bucket', 'gp_y', 'up']);
  });
});

describe('alert rules', () => {
  it('covers what wakes an operator, each with what to do', () => {
    expect(rules.map((r) => r.alert)).toEqual(
      expect.arrayContaining([
        'PaymentsPaidNotCredited',
        'PaymentDeliveryDead',
        'OutboxOldestUnsent',
        'OutboxBacklogGrowing',
        'ApiErrorRateHigh',
        'DatabasePoolWaiting',
        'DatabasePoolExhausted',
        'PaymentProviderFailing',
        'WebhookSignatureRefused',
        'ReconciliationMismatch',
        'SettlementMismatchOpen',
        'DisputeOpened',
        'CreditNotTakenBack',
        'BackupStale',
        'CertificateExpiringSoon',
        'LoginFailuresSpiking',
        'StaffSecondStepFailing',
        'SmsBudgetNearlySpent',
      ]),
    );
    for (const rule of rules) {
      expect(rule.alert, JSON.stringify(rule)).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(rule.expr, rule.alert).toBeTruthy();
      expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
      expect(['page', 'warning'], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary?.length, rule.alert).toBeGreaterThan(10);
      expect(rule.annotations?.description?.length, rule.alert).toBeGreaterThan(40);
    }
    expect(rules.find((r) => r.alert === 'PaymentsPaidNotCredited')!.expr).toContain('> 900');
  });

  it('reads only metrics the app serves', () => {
    for (const rule of rules) {
      const names = metricNames(rule.expr!);
      expect(names.length, rule.alert).toBeGreaterThan(0);
      for (const name of names)
        expect(served.has(name) || fromPrometheus.has(name), `${rule.alert}: ${name}`).toBe(true);
    }
  });
});

describe('Grafana dashboard', () => {
  it('is a dashboard Grafana imports: unique panel ids, a Prometheus datasource on every query', () => {
    expect(dashboard).toMatchObject({ uid: 'game-portal', title: 'Game portal' });
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    const ids = panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of panels.filter((p) => p.type !== 'row')) {
      expect(panel.datasource, panel.title).toEqual({ type: 'prometheus', uid: '${datasource}' });
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    }
  });

  it('reads only metrics the app serves, and shows every gp_ metric', () => {
    const read = new Set(dashboardExprs.flatMap(metricNames));
    for (const name of read) expect(served.has(name), name).toBe(true);
    const own = [...served].filter((n) => n.startsWith('gp_') && !/_(sum|count)$/.test(n));
    for (const name of own) {
      expect(read.has(name), `${name} is on no panel`).toBe(true);
    }
  });
});
