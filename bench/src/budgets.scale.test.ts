/**
 * budgets.json's scale section (the hot calls at a real publisher's size) and how a bench:scale run is judged
 * against it.
 */
import { describe, expect, it } from 'vitest';
import { checkScale, loadBudgets, type ScaleScenario } from './budgets.ts';
import { scaleTables } from './scale/scale-data.ts';

const budgets = loadBudgets();

const read = (over: Partial<ScaleScenario> = {}): ScaleScenario => ({
  name: 'ticket queue',
  group: 'staff ticket queue',
  kind: 'read',
  perSecond: 500,
  ratio: 0.1,
  p50Ms: 10,
  p99Ms: 40,
  failures: 0,
  total: 2500,
  statements: 2,
  seqScans: [],
  ...over,
});
const order = (over: Partial<ScaleScenario> = {}): ScaleScenario => ({
  ...read({ name: 'order', group: 'orders', kind: 'order', p99Ms: 140, ratio: 0.6 }),
  seqScans: undefined,
  ...over,
});
const search = (over: Partial<ScaleScenario> = {}) =>
  read({ name: 'ticket queue content keyword', kind: 'search', p99Ms: 240, ...over });
const login = (over: Partial<ScaleScenario> = {}): ScaleScenario => ({
  ...read({ name: 'login at 2 clients', group: 'login', kind: 'login', p99Ms: 45, ratio: null }),
  seqScans: undefined,
  ...over,
});
const loginCeiling = (over: Partial<ScaleScenario> = {}) =>
  login({ name: 'login at 20 clients', kind: 'login-ceiling', p99Ms: 400, ratio: 0.85, ...over });
const all = () => [read(), search(), login(), loginCeiling(), order()];

describe('budgets.json scale', () => {
  it('holds the decided budgets: reads, text searches, login against the hash ceiling, orders', () => {
    expect(budgets.scale).toMatchObject({
      readConnections: 20,
      readP99MsMax: 50,
      textSearch: { p99MsMax: 250 },
      medianOf: { runs: 3 },
      login: { p99MsMax: 50, ceilingConnections: 20, ceilingRatioMin: 0.8 },
      orderConnections: 20,
      orderP99MsMax: 150,
      orderThroughputRatioMin: 0.5,
    });
    expect(budgets.scale.loadSecondsMax).toBeGreaterThan(0);
  });

  it('names as large only tables the scale data fills', () => {
    expect(budgets.scale.largeTables.length).toBeGreaterThan(5);
    for (const t of budgets.scale.largeTables) expect(scaleTables).toContain(t);
  });
});

describe('checkScale', () => {
  const misses = (scenarios: ScaleScenario[], loadSeconds: number | null = 100) =>
    checkScale(budgets, { loadSeconds, scenarios })
      .filter((v) => v.met !== true)
      .map((v) => v.budget);

  it('passes a run within every budget', () => {
    expect(misses(all())).toEqual([]);
  });

  it('fails a slow read, a sequential scan of a large table and a failed answer, each by name', () => {
    const others = all().slice(1);
    expect(misses([read({ p99Ms: 51 }), ...others])).toEqual(['ticket queue p99']);
    expect(misses([read({ seqScans: ['pay_order'] }), ...others])).toEqual([
      'ticket queue sequential scans of large tables',
    ]);
    expect(misses([read({ failures: 1 }), ...others])).toEqual(['ticket queue failed answers']);
  });

  it('fails a call that answered nothing within the run, whatever its empty p99 says', () => {
    expect(misses([read({ total: 0, perSecond: 0, p50Ms: 0, p99Ms: 0 }), ...all().slice(1)])).toEqual([
      'ticket queue answers',
    ]);
  });

  it('judges a text search by its own 250 ms, and a read of the same time by the readers 50 ms', () => {
    const rest = [read(), login(), loginCeiling(), order()];
    expect(misses([search({ p99Ms: 250 }), ...rest])).toEqual([]);
    expect(misses([search({ p99Ms: 251 }), ...rest])).toEqual(['ticket queue content keyword p99']);
  });

  it('fails login over its p99 at as many clients as cores, or under 0.8x of the hash ceiling at 20', () => {
    const rest = [read(), search(), order()];
    expect(misses([login({ p99Ms: 51 }), loginCeiling(), ...rest])).toEqual(['login at 2 clients p99']);
    // At 20 clients only the share of the ceiling counts: logins queue behind the hashes there by design.
    expect(misses([login(), loginCeiling({ p99Ms: 2_000, ratio: 0.79 }), ...rest])).toEqual([
      'login at 20 clients vs hash ceiling',
    ]);
  });

  it('fails orders slower than 150 ms p99 or under 0.5x of their replay by a bare script', () => {
    const rest = all().slice(0, 4);
    expect(misses([...rest, order({ p99Ms: 150 })])).toEqual([]);
    expect(misses([...rest, order({ p99Ms: 151 })])).toEqual(['order p99']);
    expect(misses([...rest, order({ ratio: 0.49 })])).toEqual(['order vs replay']);
  });

  it('counts what was not measured as a miss, and a load slower than its budget', () => {
    expect(misses(all().slice(0, 4))).toEqual(['scale order calls']);
    expect(misses([read(), order()])).toEqual([
      'scale search calls',
      'scale login calls',
      'scale login-ceiling calls',
    ]);
    expect(misses(all(), budgets.scale.loadSecondsMax + 1)).toEqual(['scale load time']);
  });
});
