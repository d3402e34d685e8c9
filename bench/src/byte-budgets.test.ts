/**
 * The byte budgets of bench/budgets.json against the player apps as built (turbo builds them before this test):
 * initial JavaScript of each landing page, CSS of each entry and page, no antd. Deterministic, so `pnpm test`
 * holds them; a budget that is not met yet holds at its recorded ceiling instead, so it cannot grow unnoticed.
 */
import { describe, expect, it } from 'vitest';
import { byteFailures, checkBytes, loadBudgets } from './budgets.ts';
import { measureEntry, measurePage, packagesOfApp } from './bytes.ts';
import { apps, landingPages } from './pages.ts';

const budgets = loadBudgets();
const players = apps.filter((a) => a.player);
const verdicts = checkBytes(
  budgets,
  landingPages.map(measurePage),
  players.map(measureEntry),
  players.map((a) => ({ app: a.name, packages: packagesOfApp(a) })),
);

describe('byte budgets of the built player apps', () => {
  it('has a budget for every landing page', () => {
    expect(Object.keys(budgets.bytes.initialJsGzipKB).sort()).toEqual(landingPages.map((p) => p.key).sort());
  });

  it.each(verdicts)('$budget', (v) => {
    const shown = `${v.budget}: ${v.measured} ${v.unit} (budget ${v.limit}${v.note ? `; ${v.note}` : ''})`;
    expect(byteFailures([v]), shown).toEqual([]);
  });

  it('keeps a ceiling only for a budget that is missed', () => {
    const stale = verdicts
      .filter((v) => v.met === true && v.withinCeiling !== undefined)
      .map((v) => v.budget);
    expect(stale, 'met budgets whose ceilingKB and why can go from budgets.json').toEqual([]);
  });
});
