/** The budgets of bench/budgets.json and the checks that compare a run's results with them. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ByteMeasure } from './bytes.ts';

export const KB = 1000;

export interface ByteBudget {
  budgetKB: number;
  /** Only while the budget is missed: `pnpm test` fails above this, `pnpm bench --check` on the budget. */
  ceilingKB?: number;
  why?: string;
}

export interface Budgets {
  bytes: {
    initialJsGzipKB: Record<string, ByteBudget>;
    cssGzipKB: number;
    forbiddenPackagesInPlayerApps: string[];
  };
  lighthouse: {
    pages: string[];
    performanceMin: number;
    accessibilityMin: number;
    lcpMsMax: number;
    tbtMsMax: number;
    clsMax: number;
  };
  /** The landing pages loaded `runs` times each on a really throttled browser (real-phone.ts), the median judged. */
  realPhone: {
    pages: string[];
    runs: number;
    /** A tap made at the load event, answered (next paint) within this. */
    tapMsMax: number;
  };
  /** `pnpm bench:scale`: the hot calls on a database of a real publisher's size, on PostgreSQL. */
  scale: {
    /** How long loading the scale data may take (migrations and seed excluded). */
    loadSecondsMax: number;
    readConnections: number;
    readP99MsMax: number;
    /** The desk's text searches (calls whose name holds one of `calls`), at `readConnections` clients. */
    textSearch: { calls: string[]; p99MsMax: number };
    /** Calls whose p99 sits at the machine's run-to-run spread: each measured `runs` times, the median judged. */
    medianOf: { calls: string[]; runs: number };
    /**
     * Login, bound by argon2id at production cost: at as many clients as the machine has cores, its p99; at
     * `ceilingConnections` clients, logins per second over the hash ceiling (cores x one core's hashes per second,
     * measured in the same run).
     */
    login: { p99MsMax: number; ceilingConnections: number; ceilingRatioMin: number };
    orderConnections: number;
    orderP99MsMax: number;
    /** Orders per second over the same statements' replay by a bare node-postgres script, same run. */
    orderThroughputRatioMin: number;
    /** Tables no statement of a measured call may read with a sequential scan. */
    largeTables: string[];
  };
  api: {
    database: 'postgres' | 'pglite';
    publicReads: string[];
    publicReadRatioMin: number;
    publicReadP99MsMax: number;
    /** Buyers at once in the orders' load. */
    orderConnections: number;
    /** Orders per second over the replay of their own statements (order-replay.ts), same run. */
    orderThroughputRatioMin: number;
    orderP99MsMax: number;
  };
}

export const budgetsPath = fileURLToPath(new URL('../budgets.json', import.meta.url));

export function loadBudgets(path = budgetsPath): Budgets {
  return JSON.parse(readFileSync(path, 'utf8')) as Budgets;
}

export interface Verdict {
  budget: string;
  /** What was measured, in the budget's unit; null when this run did not measure it. */
  measured: number | null;
  limit: number;
  unit: string;
  /** `min`: measured must be at least the limit; `max`: at most. */
  kind: 'min' | 'max';
  met: boolean | null;
  /** For byte budgets that are missed: still under the recorded ceiling (what `pnpm test` enforces). */
  withinCeiling?: boolean;
  note?: string;
}

export function verdict(
  budget: string,
  measured: number | null | undefined,
  limit: number,
  unit: string,
  kind: 'min' | 'max',
  note?: string,
): Verdict {
  const value = measured ?? null;
  const met = value === null ? null : kind === 'max' ? value <= limit : value >= limit;
  return { budget, measured: value, limit, unit, kind, met, ...(note ? { note } : {}) };
}

const kb = (bytes: number) => Math.round((bytes / KB) * 10) / 10;

export interface AppPackages {
  app: string;
  packages: string[];
}

/** Byte budgets: initial JS per landing page, CSS of every entry and page, no forbidden package in a player app. */
export function checkBytes(
  budgets: Budgets,
  pages: readonly ByteMeasure[],
  entries: readonly ByteMeasure[],
  playerApps: readonly AppPackages[],
): Verdict[] {
  const out: Verdict[] = [];
  for (const [key, b] of Object.entries(budgets.bytes.initialJsGzipKB)) {
    const page = pages.find((p) => p.key === key);
    const v = verdict(
      `${key} initial JS gzip`,
      page ? kb(page.js.gzip) : null,
      b.budgetKB,
      'KB',
      'max',
      b.why,
    );
    if (b.ceilingKB !== undefined && v.measured !== null) v.withinCeiling = v.measured <= b.ceilingKB;
    out.push(v);
  }
  for (const m of [...entries.filter((e) => playerApps.some((a) => a.app === e.app)), ...pages]) {
    out.push(verdict(`${m.key} CSS gzip`, kb(m.css.gzip), budgets.bytes.cssGzipKB, 'KB', 'max'));
  }
  for (const { app, packages } of playerApps) {
    const found = packages.filter((p) =>
      budgets.bytes.forbiddenPackagesInPlayerApps.some((f) => (f.endsWith('/') ? p.startsWith(f) : p === f)),
    );
    out.push({
      ...verdict(`${app}: no antd`, found.length, 0, 'packages', 'max'),
      ...(found.length ? { note: found.join(', ') } : {}),
    });
  }
  return out;
}

/** What `pnpm test` enforces: every byte budget met, or a missed one still under its ceiling. */
export function byteFailures(verdicts: readonly Verdict[]): Verdict[] {
  return verdicts.filter((v) => v.met === false && v.withinCeiling !== true);
}

export interface LighthouseMeasure {
  key: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** Lighthouse budgets on each named page: the median run's scores and metrics. */
export function checkLighthouse(budgets: Budgets, results: readonly LighthouseMeasure[]): Verdict[] {
  const b = budgets.lighthouse;
  return b.pages.flatMap((key) => {
    const r = results.find((x) => x.key === key);
    return [
      verdict(`${key} Lighthouse performance`, r?.performance, b.performanceMin, 'score', 'min'),
      verdict(`${key} Lighthouse accessibility`, r?.accessibility, b.accessibilityMin, 'score', 'min'),
      verdict(`${key} LCP`, r?.lcpMs, b.lcpMsMax, 'ms', 'max'),
      verdict(`${key} TBT`, r?.tbtMs, b.tbtMsMax, 'ms', 'max'),
      verdict(`${key} CLS`, r?.cls, b.clsMax, '', 'max'),
    ];
  });
}

export interface RealPhoneMeasure {
  key: string;
  tapMs: number;
}

/** The tap budget of each page loaded on the throttled browser. */
export function checkRealPhone(budgets: Budgets, results: readonly RealPhoneMeasure[]): Verdict[] {
  return budgets.realPhone.pages.map((key) =>
    verdict(
      `${key} tap answered on a slow phone`,
      results.find((r) => r.key === key)?.tapMs,
      budgets.realPhone.tapMsMax,
      'ms',
      'max',
    ),
  );
}

export interface ApiMeasure {
  database: string;
  scenarios: { scenario: string; perSecond: number; ratio: number | null; p99Ms: number; failures: number }[];
}

export const orderScenarioName = 'add_order + notify (orders/s)';
/** The orders' baseline on PostgreSQL; its scenario name goes on with the work replayed. */
export const orderReplayScenarioName = 'the same statements by a bare node-postgres script (baseline)';

/** API budgets, on the database the budgets name (PostgreSQL): not measured when this run did not use it. */
export function checkApi(budgets: Budgets, results: readonly ApiMeasure[]): Verdict[] {
  const b = budgets.api;
  const run = results.find((r) => r.database === b.database);
  const note = run ? undefined : `not measured: run on ${b.database} (pnpm bench:postgres)`;
  const scenario = (name: string) => run?.scenarios.find((s) => s.scenario === name);
  const out: Verdict[] = [];
  for (const path of b.publicReads) {
    const s = scenario(path);
    out.push(verdict(`${b.database} ${path} vs baseline`, s?.ratio, b.publicReadRatioMin, 'x', 'min', note));
    out.push(verdict(`${b.database} ${path} p99`, s?.p99Ms, b.publicReadP99MsMax, 'ms', 'max', note));
  }
  const orders = scenario(orderScenarioName);
  out.push(
    verdict(`${b.database} orders vs replay`, orders?.ratio, b.orderThroughputRatioMin, 'x', 'min', note),
  );
  out.push(verdict(`${b.database} order calls p99`, orders?.p99Ms, b.orderP99MsMax, 'ms', 'max', note));
  for (const s of run?.scenarios ?? []) {
    if (s.failures > 0)
      out.push(verdict(`${b.database} ${s.scenario} failed answers`, s.failures, 0, '', 'max'));
  }
  return out;
}

export interface ScaleScenario {
  name: string;
  group: string;
  /**
   * `baseline`: what the others are compared with; `read`: a call at the readers' concurrency; `search`: a desk
   * text search, the same; `login`: logins at as many clients as cores; `login-ceiling`: logins at
   * `login.ceilingConnections`, `ratio` over the hash ceiling; `order`: orders, `ratio` over their replay.
   */
  kind: 'baseline' | 'read' | 'search' | 'login' | 'login-ceiling' | 'order';
  perSecond: number;
  ratio: number | null;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  total: number;
  /** How many SELECTs of the call were explained, and the large tables they scan sequentially. */
  statements?: number;
  seqScans?: string[];
  /** When measured several times (`medianOf`): each run's p99; the scenario's figures are the medians. */
  p99Runs?: number[];
}

export interface ScaleMeasure {
  /** Seconds the scale data took to load; null when the run measured data loaded before. */
  loadSeconds: number | null;
  scenarios: ScaleScenario[];
}

/**
 * The scale budgets: each call's p99 (the text searches' own), no sequential scan of a large table, no failed
 * answer; login's p99 and its share of the hash ceiling; orders' p99 and their share of the replay's rate.
 */
export function checkScale(budgets: Budgets, measure: ScaleMeasure): Verdict[] {
  const b = budgets.scale;
  const out: Verdict[] = [];
  if (measure.loadSeconds !== null) {
    out.push(verdict('scale load time', measure.loadSeconds, b.loadSecondsMax, 's', 'max'));
  }
  for (const s of measure.scenarios) {
    if (s.kind === 'baseline') continue;
    // No answer came back within the run (each took longer than it): its p99 of 0 means nothing.
    if (s.total === 0) out.push(verdict(`${s.name} answers`, 0, 1, '', 'min', 'none within the run'));
    if (s.kind === 'read') out.push(verdict(`${s.name} p99`, s.p99Ms, b.readP99MsMax, 'ms', 'max'));
    if (s.kind === 'search') out.push(verdict(`${s.name} p99`, s.p99Ms, b.textSearch.p99MsMax, 'ms', 'max'));
    if (s.kind === 'login') out.push(verdict(`${s.name} p99`, s.p99Ms, b.login.p99MsMax, 'ms', 'max'));
    if (s.kind === 'login-ceiling')
      out.push(verdict(`${s.name} vs hash ceiling`, s.ratio, b.login.ceilingRatioMin, 'x', 'min'));
    if (s.kind === 'order') {
      out.push(verdict(`${s.name} p99`, s.p99Ms, b.orderP99MsMax, 'ms', 'max'));
      out.push(verdict(`${s.name} vs replay`, s.ratio, b.orderThroughputRatioMin, 'x', 'min'));
    }
    if (s.seqScans !== undefined) {
      out.push({
        ...verdict(`${s.name} sequential scans of large tables`, s.seqScans.length, 0, 'tables', 'max'),
        ...(s.seqScans.length ? { note: s.seqScans.join(', ') } : {}),
      });
    }
    out.push(verdict(`${s.name} failed answers`, s.failures, 0, '', 'max'));
  }
  for (const kind of ['read', 'search', 'login', 'login-ceiling', 'order'] as const) {
    if (!measure.scenarios.some((s) => s.kind === kind)) {
      out.push(verdict(`scale ${kind} calls`, null, 0, '', 'min', 'not measured in this run'));
    }
  }
  return out;
}
