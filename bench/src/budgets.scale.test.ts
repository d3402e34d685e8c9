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
  ...read({ name: 'order', group: 'orders', kind: 'order', p99Ms: 90, ratio: 0.4 }),
  seqScans: undefined,
  ...over,
});

describe('budgets.json scale', () => {
  it('holds the scale budgets: p99 50 ms at 20 readers, p99 100 ms and 0.3x the bare POST at 50 buyers', () => {
    expect(budgets.scale).toMatchObject({
      readConnections: 20,
      readP99MsMax: 50,
      orderConnections: 50,
      orderP99MsMax: 100,
      orderThroughputRatioMin: 0.3,
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
    expect(misses([read(), order()])).toEqual([]);
  });

  it('fails a slow read, a sequential scan of a large table and a failed answer, each by name', () => {
    expect(misses([read({ p99Ms: 51 }), order()])).toEqual(['ticket queue p99']);
    expect(misses([read({ seqScans: ['pay_order'] }), order()])).toEqual([
      'ticket queue sequential scans of large tables',
    ]);
    expect(misses([read({ failures: 1 }), order()])).toEqual(['ticket queue failed answers']);
  });

  it('fails a call that answered nothing within the run, whatever its empty p99 says', () => {
    expect(misses([read({ total: 0, perSecond: 0, p50Ms: 0, p99Ms: 0 }), order()])).toEqual([
      'ticket queue answers',
    ]);
  });

  it('fails orders slower than their p99 or under 0.3x of the bare POST', () => {
    expect(misses([read(), order({ p99Ms: 101 })])).toEqual(['order p99']);
    expect(misses([read(), order({ ratio: 0.29 })])).toEqual(['order vs bare POST']);
  });

  it('counts what was not measured as a miss, and a load slower than its budget', () => {
    expect(misses([read()])).toEqual(['scale order calls']);
    expect(misses([read(), order()], budgets.scale.loadSecondsMax + 1)).toEqual(['scale load time']);
  });
});
