/**
 * budgets.json's api section (`pnpm bench:postgres`): its public reads against the bare route, and its orders as
 * bench:scale judges them, against the replay of their own statements.
 */
import { describe, expect, it } from 'vitest';
import { checkApi, loadBudgets, orderScenarioName, type ApiMeasure } from './budgets.ts';

const budgets = loadBudgets();

const run = (orders: { ratio: number | null; p99Ms: number }, failures = 0): ApiMeasure => ({
  database: 'postgres',
  scenarios: [
    { scenario: '/web/home/banner', perSecond: 5000, ratio: 0.4, p99Ms: 12, failures: 0 },
    { scenario: '/web/news/page', perSecond: 5000, ratio: 0.4, p99Ms: 12, failures: 0 },
    { scenario: orderScenarioName, perSecond: 120, ...orders, failures },
  ],
});
const misses = (results: ApiMeasure[]) =>
  checkApi(budgets, results)
    .filter((v) => v.met !== true)
    .map((v) => v.budget);

describe('checkApi', () => {
  it('holds the orders budget of bench:scale: 20 buyers, p99 150 ms, 0.5x the replay (800/s withdrawn)', () => {
    expect(budgets.api).toMatchObject({
      orderConnections: 20,
      orderP99MsMax: 150,
      orderThroughputRatioMin: 0.5,
    });
    expect(budgets.api).not.toHaveProperty('ordersPerSecondMin');
  });

  it('passes orders at half the replay within 150 ms, and fails them under it, over it or failing', () => {
    expect(misses([run({ ratio: 0.5, p99Ms: 150 })])).toEqual([]);
    expect(misses([run({ ratio: 0.49, p99Ms: 150 })])).toEqual(['postgres orders vs replay']);
    expect(misses([run({ ratio: 0.6, p99Ms: 151 })])).toEqual(['postgres order calls p99']);
    expect(misses([run({ ratio: 0.6, p99Ms: 100 }, 1)])).toEqual([
      `postgres ${orderScenarioName} failed answers`,
    ]);
  });

  it('counts a run without PostgreSQL (no replay there) as not measured', () => {
    expect(misses([{ ...run({ ratio: null, p99Ms: 100 }), database: 'pglite' }])).toContain(
      'postgres orders vs replay',
    );
  });
});
