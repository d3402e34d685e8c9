/**
 * Every page a test visits is checked with axe-core at WCAG 2.2 AA (DESIGN section 7: "axe-core finds nothing").
 * Navigate with `visit()`; after a reload or a client-side change, call `afterNavigation()` / `checkA11y()`.
 * The rule set is not negotiable here: fix the page, do not exclude the finding.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Response } from '@playwright/test';

export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

export interface ReadyOptions {
  /**
   * What must be on screen before the page counts as rendered, besides its `h1` (for example data a component
   * fetches after the heading shows). axe runs only after this resolves.
   */
  ready?: (page: Page) => Promise<void>;
}

export interface VisitOptions extends ReadyOptions {
  /** Passed to page.goto; the default waits for `load`. */
  waitUntil?: 'load' | 'domcontentloaded' | 'networkidle' | 'commit';
  /**
   * Where the page must end up once the apps' client-side redirects are done (twin, host hand-over, login
   * guard): a full URL, a pattern or a predicate. Checked before the `h1` wait, so a wrong landing fails with
   * the URL it reached rather than with a missing heading, and axe runs on the final page.
   */
  landsOn?: string | RegExp | ((url: URL) => boolean);
}

/**
 * Navigates to `url`, waits until the page has rendered its main content (on `landsOn` when given), then checks
 * it with axe.
 */
export async function visit(page: Page, url: string, options: VisitOptions = {}): Promise<Response | null> {
  return test.step(
    `visit ${url}`,
    async () => {
      const response = await page.goto(url, { waitUntil: options.waitUntil ?? 'load' });
      expect(response, `no response for ${url}`).not.toBeNull();
      expect(response?.ok(), `${url} answered ${response?.status()}`).toBe(true);
      if (options.landsOn !== undefined)
        await expect(page, `${url} did not land where expected`).toHaveURL(options.landsOn);
      await afterNavigation(page, options);
      return response;
    },
    { box: true },
  );
}

/**
 * How long a page's first render may take. A console screen's first render (antd builds its styles at run time)
 * took 10-20 s in Chromium throttled to a sixth of a core, measured on the builds before and after the console's
 * styles moved to CSS modules alike; CI runs this suite beside the other packages' tests on two cores, where
 * the default 10 s wait was missed at times. Later expectations on a rendered page keep the 10 s default.
 */
export const firstRenderMs = 30_000;

/** For navigations a test does not start with `visit()` (a reload, a redirect, a click): wait, then axe. */
export async function afterNavigation(page: Page, options: ReadyOptions = {}): Promise<void> {
  try {
    await expect(page.locator('h1').first(), `${page.url()} rendered no visible h1`).toBeVisible({
      timeout: firstRenderMs,
    });
  } catch (error) {
    // CI shows only the message: say what the page did show and what it last fetched, so a failure there can be
    // understood without the trace.
    throw new Error(`${(error as Error).message}\n${await pageState(page)}`, { cause: error });
  }
  if (options.ready) await options.ready(page);
  await checkA11y(page);
}

export interface CheckOptions {
  /** Limit the check to part of the page (a CSS selector, e.g. a dialog just opened). Default: the whole page. */
  include?: string;
}

/** Runs axe on the page as it is now and fails with a readable list of violations. */
export async function checkA11y(page: Page, options: CheckOptions = {}): Promise<void> {
  await test.step(
    `axe ${page.url()}`,
    async () => {
      // Colours measured mid-transition (a button fading in, a theme applied after the first paint) are neither
      // the before nor the after: let finite CSS transitions and animations end first (spinners loop forever).
      await page.evaluate(() =>
        Promise.race([
          Promise.all(
            document
              .getAnimations()
              .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
              .map((a) => a.finished.catch(() => undefined)),
          ),
          new Promise((resolve) => setTimeout(resolve, 2_000)),
        ]),
      );
      // Legacy mode runs axe once in the page instead of per frame with a blank page opened to merge the results:
      // about a second less per check (some thousand checks a run), and it tests the same, since the apps have no
      // frames (rich text drops iframes) and legacy mode still checks same-origin ones.
      let builder = new AxeBuilder({ page }).withTags([...A11Y_TAGS]).setLegacyMode(true);
      if (options.include) builder = builder.include(options.include);
      const results = await builder.analyze();
      const { violations } = results;
      if (violations.length > 0) {
        await test.info().attach(`axe violations ${page.url()}`, {
          body: JSON.stringify(violations, null, 2),
          contentType: 'application/json',
        });
      }
      expect(violations.length, formatViolations(page.url(), violations)).toBe(0);
    },
    { box: true },
  );
}

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One block per rule: id, impact, what it asks, where to read more, and each offending element. */
export function formatViolations(url: string, violations: readonly Violation[]): string {
  if (violations.length === 0) return `axe: no violations on ${url}`;
  const count = violations.reduce((n, v) => n + v.nodes.length, 0);
  const blocks = violations.map((v) => {
    const nodes = v.nodes.map((node) => {
      const target = node.target.map((t) => (typeof t === 'string' ? t : JSON.stringify(t))).join(' >> ');
      const summary =
        node.failureSummary
          ?.split('\n')
          .map((l) => l.trim())
          .filter(Boolean)
          .join(' ') ?? '';
      return `      - ${target}\n        ${node.html.replace(/\s+/g, ' ').slice(0, 200)}${summary ? `\n        ${summary}` : ''}`;
    });
    return `  [${v.impact ?? 'unknown'}] ${v.id}: ${v.help}\n    ${v.helpUrl}\n${nodes.join('\n')}`;
  });
  return `axe found ${violations.length} rule violation(s) on ${count} element(s) at ${url}:\n${blocks.join('\n')}\n`;
}

/** What a page shows and its last requests (with their durations), for a failure's message. */
async function pageState(page: Page): Promise<string> {
  try {
    const state = await page.evaluate(() => ({
      text: document.body.innerText.replace(/\s+/g, ' ').slice(0, 400),
      requests: performance
        .getEntriesByType('resource')
        .slice(-10)
        .map((e) => `${e.name} ${Math.round(e.duration)} ms`),
    }));
    return `page text: ${state.text || '(none)'}\nlast requests:\n  ${state.requests.join('\n  ')}`;
  } catch (error) {
    return `page state unreadable: ${(error as Error).message}`;
  }
}
