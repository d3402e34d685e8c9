/**
 * The byte budgets of bench/budgets.json against the player apps as built (turbo builds them before this test):
 * initial JavaScript of each landing page, CSS of each entry and page, no antd. Deterministic, so `pnpm test`
 * holds them; a budget that is not met yet holds at its recorded ceiling instead, so it cannot grow unnoticed.
 * Also: each landing page's index.html preloads exactly the screen files counted for it.
 */
import { describe, expect, it } from 'vitest';
import { byteFailures, checkBytes, loadBudgets } from './budgets.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  distOf,
  entryKey,
  filesOf,
  measureEntry,
  measurePage,
  packagesOfApp,
  readManifest,
} from './bytes.ts';
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

/** The path-to-files map the inline script of index.html (screenPreloads in @gp/ui/vite) preloads from. */
function preloadMap(html: string): Record<string, string[]> {
  const found = /\}\)\}\)\((\{[^)]*\}),(\[\[.*?\]\])\)<\/script>/.exec(html);
  if (!found) return {};
  const paths = JSON.parse(found[1]!) as Record<string, number>;
  const lists = JSON.parse(found[2]!) as string[][];
  return Object.fromEntries(Object.entries(paths).map(([path, i]) => [path, lists[i]!]));
}

describe('landing pages start their screen with the entry', () => {
  it.each(landingPages)('$key: index.html preloads exactly its screen files', (page) => {
    const app = apps.find((a) => a.name === page.app)!;
    const dist = distOf(app);
    const manifest = readManifest(dist);
    const entry = filesOf(manifest, [entryKey(manifest)]);
    const screen = filesOf(manifest, page.screens);
    const want = [
      ...screen.js.filter((f) => !entry.js.includes(f)),
      ...screen.css.filter((f) => !entry.css.includes(f)),
    ].map((f) => `/${f}`);
    const map = preloadMap(readFileSync(join(dist, 'index.html'), 'utf8'));
    expect([...(map[page.path] ?? [])].sort()).toEqual(want.sort());
  });
});
