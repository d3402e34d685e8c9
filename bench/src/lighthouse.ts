/**
 * Lighthouse 12 with its default mobile settings (emulated mid-range phone, simulated slow 4G and 4x CPU slowdown)
 * against Debian chromium, each run in a fresh browser; the median run (by performance score) is kept. A desktop
 * page (`form: 'desktop'` in pages.ts, the portal's `/`) runs with Lighthouse's desktop settings instead: a phone
 * asking for it is sent to its H5 twin.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromiumArgs, chromiumPath } from './page-load.ts';
import { middle } from './median.ts';
import { landingPages } from './pages.ts';
import { hostArgs } from './stack.ts';

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export interface LighthouseResult extends LighthouseRun {
  key: string;
  url: string;
  runs: LighthouseRun[];
}

async function once(url: string, desktop: boolean): Promise<LighthouseRun> {
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs, ...hostArgs],
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      },
      desktop ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpMs: Math.round(value('largest-contentful-paint')),
      tbtMs: Math.round(value('total-blocking-time')),
      cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
    };
  } finally {
    chrome.kill();
  }
}

/** The median of an odd number of runs, by performance score (ties: the lower LCP). */
export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  return middle(runs, (a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
}

export async function runLighthouse(
  key: string,
  url: string,
  runs = 3,
  log: (line: string) => void = () => {},
) {
  const all: LighthouseRun[] = [];
  const desktop = landingPages.find((p) => p.key === key)?.form === 'desktop';
  for (let n = 1; n <= runs; n++) {
    const run = await once(url, desktop);
    log(`  ${key} run ${n}: performance ${run.performance}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms`);
    all.push(run);
  }
  return { key, url, ...medianRun(all), runs: all } satisfies LighthouseResult;
}
