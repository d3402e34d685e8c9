/**
 * A real slow phone beside Lighthouse's model: each landing page loaded in chromium (several times, the median
 * load by its tap reported: `medianLoad`) with
 * DevTools throttling applied to the browser itself - the CPU 4x slower, and a slow-4G network (150 ms round trip,
 * 1.6 Mbit/s down, 750 kbit/s up, as Lighthouse's mobile profile names it) - rather than simulated afterwards.
 * Two figures:
 * - `firstScreenMs`: navigation start to the first contentful paint (the server's first screen);
 * - `tapMs`: a tap made as the page's `load` event fires (its scripts are then taking the page over), from the
 *   input to the next paint after the page handled it (the Event Timing entry's duration: input delay, handlers
 *   and presentation), the way INP counts an interaction. The tap opens the language menu (a phone) or a
 *   navigation menu (the desktop) or focuses a form's first field, nothing that would leave the page.
 */
import type { Browser, Page } from 'playwright-core';
import { middle } from './median.ts';
import { deviceContext } from './page-load.ts';
import type { LandingPage } from './pages.ts';

export interface RealPhoneLoad {
  key: string;
  url: string;
  firstScreenMs: number;
  /** Navigation start to the largest contentful paint, for reading beside Lighthouse's LCP. */
  lcpMs: number;
  tapMs: number;
  /** What was tapped. */
  tapped: string;
  /** When several loads were made: each one's tap, in the order made; the figures above are the median load's. */
  tapRunsMs?: number[];
}

/** The median of several loads of one page, by the tap's time (the budget's figure), with every load's tap. */
export function medianLoad(loads: readonly RealPhoneLoad[]): RealPhoneLoad {
  return { ...middle(loads, (a, b) => a.tapMs - b.tapMs), tapRunsMs: loads.map((l) => l.tapMs) };
}

/** Lighthouse's mobile throttling, applied for real through DevTools. */
export const slowPhone = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
};

/**
 * Records every interaction's Event Timing entry and the largest contentful paint, before any script of the page
 * runs (browser code, kept as text: this package compiles for Node).
 */
const observe = `
  window.__taps = [];
  window.__lcp = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId) window.__taps.push({ duration: e.duration, id: e.interactionId });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

/**
 * What the tap answers on the page: the header's language menu on a phone page, the header's Games menu on the
 * desktop; a form page has a back bar instead of the header, so there it is the form's first field.
 */
function tapTarget(tab: Page, page: LandingPage) {
  if (page.form === 'desktop')
    return { locator: tab.getByRole('banner').getByRole('button', { name: 'Games' }), name: 'Games menu' };
  if (page.app === 'passport')
    return { locator: tab.getByRole('main').getByRole('textbox').first(), name: 'first field' };
  return { locator: tab.getByRole('combobox', { name: 'Language' }), name: 'language menu' };
}

export async function loadOnSlowPhone(
  browser: Browser,
  page: LandingPage,
  origin: string,
): Promise<RealPhoneLoad> {
  const url = `${origin}${page.path}`;
  const context = await deviceContext(browser, page);
  try {
    const tab = await context.newPage();
    await tab.addInitScript({ content: observe });
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: slowPhone.latencyMs,
      downloadThroughput: slowPhone.downloadBytesPerSecond,
      uploadThroughput: slowPhone.uploadBytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowPhone.cpuSlowdown });
    const target = tapTarget(tab, page);
    await tab.goto(url, { waitUntil: 'load', timeout: 120_000 });
    // At the load event: the first screen is there and the scripts are at work on it.
    const started = Date.now();
    if (page.form === 'h5') await target.locator.tap({ timeout: 30_000, noWaitAfter: true });
    else await target.locator.click({ timeout: 30_000, noWaitAfter: true });
    // The entry is queued once the next frame is presented. Asked from here, as DevTools evaluates: a predicate
    // polled inside the page (waitForFunction) is run by eval, which the page's policy refuses.
    while (!(await tab.evaluate('window.__taps.length > 0'))) {
      if (Date.now() - started > 30_000) throw new Error(`no answer to the tap on ${url} within 30 s`);
      await tab.waitForTimeout(50);
    }
    const waited = Date.now() - started;
    const { taps, fcp, lcp } = (await tab.evaluate(`({
      taps: window.__taps,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      lcp: window.__lcp,
    })`)) as { taps: { duration: number; id: number }[]; fcp: number; lcp: number };
    // One tap is one interaction (pointerdown, pointerup, click): its longest event is what the player waited.
    const first = taps[0]!.id;
    const tapMs = Math.max(...taps.filter((t) => t.id === first).map((t) => t.duration));
    if (!Number.isFinite(tapMs) || waited < 0) throw new Error(`no answer to the tap on ${url}`);
    return {
      key: page.key,
      url,
      firstScreenMs: Math.round(fcp),
      lcpMs: Math.round(lcp),
      tapMs: Math.round(tapMs),
      tapped: target.name,
    };
  } finally {
    await context.close();
  }
}
