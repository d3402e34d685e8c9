/** budgets.json's slow-phone section and how a run's taps are judged against it. */
import { describe, expect, it } from 'vitest';
import { checkRealPhone, loadBudgets } from './budgets.ts';
import { landingPages } from './pages.ts';
import { medianLoad, type RealPhoneLoad } from './real-phone.ts';

const budgets = loadBudgets();

describe('slow-phone budgets', () => {
  it('name landing pages the bench loads, with the 200 ms tap of the issue', () => {
    const known = landingPages.map((p) => p.key);
    expect(budgets.realPhone.pages.every((key) => known.includes(key))).toBe(true);
    expect(budgets.realPhone.tapMsMax).toBe(200);
    expect(budgets.realPhone.runs).toBe(3);
  });

  it('meets a page whose tap was answered in time, misses a slow one, and says which were not measured', () => {
    const [first, second, ...rest] = budgets.realPhone.pages;
    const verdicts = checkRealPhone(budgets, [
      { key: first!, tapMs: 120 },
      { key: second!, tapMs: 201 },
    ]);
    expect(verdicts.map((v) => [v.budget, v.met])).toEqual([
      [`${first} tap answered on a slow phone`, true],
      [`${second} tap answered on a slow phone`, false],
      ...rest.map((key) => [`${key} tap answered on a slow phone`, null]),
    ]);
  });

  it("judges the median load by its tap, and keeps every load's tap for the table", () => {
    const load = (tapMs: number, firstScreenMs: number): RealPhoneLoad => ({
      key: 'portal /h5',
      url: 'https://portal/h5',
      firstScreenMs,
      lcpMs: firstScreenMs + 200,
      tapMs,
      tapped: 'language menu',
    });
    const median = medianLoad([load(352, 900), load(120, 800), load(168, 850)]);
    expect(median).toMatchObject({ tapMs: 168, firstScreenMs: 850, tapRunsMs: [352, 120, 168] });
    expect(checkRealPhone(budgets, [median])[0]?.met).toBe(true);
    expect(() => medianLoad([])).toThrow();
  });
});
