/**
 * The home page's first screen comes with the HTML, and the scripts take it over without drawing it
 * again. Every element the server sent is marked (a JS property, which the markup and hydration never see) as
 * soon as the parser has it; after the scripts have run, the largest contentful paint's element and every marked
 * element must still be the same, connected node, and the console must hold no hydration warning.
 */
import { expect, test, type Page } from '@playwright/test';
import { formatDate, formatDateRange } from '../../packages/i18n/src/format.ts';
import enPortal from '../../packages/i18n/locales/en/portal.json' with { type: 'json' };
import thPortal from '../../packages/i18n/locales/th/portal.json' with { type: 'json' };
import { checkA11y } from '../support/a11y.ts';
import { PASSPORT, PAY, PORTAL } from '../support/hosts.ts';
import { newMember } from '../support/member.ts';
import { homeUrl, onPhone } from '../support/shell.ts';

/** Runs before any of the page's scripts: marks the server's nodes and records the LCP element. */
const observe = () => {
  const w = window as unknown as { __server?: Element[]; __lcp?: Element | null };
  w.__server = [];
  w.__lcp = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      w.__lcp = (entry as unknown as { element: Element | null }).element;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const marker = new MutationObserver(() => {
    // The data script follows #root in the HTML: once it is parsed, the server's first screen is complete.
    if (!document.getElementById('gp-first-screen')) return;
    marker.disconnect();
    const root = document.getElementById('root');
    for (const el of root ? [...root.querySelectorAll('*')] : []) {
      (el as unknown as { __fromServer: boolean }).__fromServer = true;
      w.__server!.push(el);
    }
  });
  marker.observe(document, { childList: true, subtree: true });
};

/** The page's console errors and warnings and uncaught errors, as they come. */
function warningsOf(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') warnings.push(message.text());
  });
  page.on('pageerror', (error) => warnings.push(error.message));
  return warnings;
}

/**
 * Resolves once the scripts have taken the page over: the shell asks who the member is only then (the server
 * cannot know). Call it before the navigation. (The title no longer tells: the server writes it too.)
 */
const takenOver = (page: Page) =>
  page.waitForResponse((response) => response.url().includes('/passport/web/user/info'));

test('the home page is readable before its scripts run', async ({ browser }, testInfo) => {
  const h5 = onPhone(testInfo);
  const context = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(homeUrl(h5));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: enPortal.home.heading })).toBeVisible();
    const banner = page.getByRole('region', { name: enPortal.carousel.label }).locator('img').first();
    await expect(banner).toBeVisible();
    expect(await banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // No script will ever say who is reading: the login link is there to use.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a member never sees the login link while the page takes over', async ({ page }, testInfo) => {
  const h5 = onPhone(testInfo);
  await newMember(page.request, `flash-${testInfo.project.name}`);
  // Every frame from the first one: is a login link of the header on screen?
  await page.addInitScript(() => {
    const w = window as unknown as { __loginSeen?: string[] };
    w.__loginSeen = [];
    const look = () => {
      for (const link of document.querySelectorAll<HTMLAnchorElement>('header a[href*="/login"]'))
        if (link.checkVisibility({ visibilityProperty: true }) && link.getClientRects().length > 0)
          w.__loginSeen!.push(link.outerHTML.slice(0, 80));
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  const ready = takenOver(page);
  await page.goto(homeUrl(h5));
  await ready;
  // The member's own entry replaces the unseen link.
  const account = h5
    ? page.getByRole('banner').getByRole('button', { name: /^Account of / })
    : page.getByRole('banner').getByRole('button', { name: /^Hi, / });
  await expect(account).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __loginSeen: string[] }).__loginSeen)).toEqual([]);
});

test('the scripts take the first screen over without drawing it again', async ({ page }, testInfo) => {
  const h5 = onPhone(testInfo);
  const warnings = warningsOf(page);
  await page.addInitScript(observe);
  const ready = takenOver(page);
  await page.goto(homeUrl(h5));
  await ready;
  // Taken over: the carousel answers its buttons.
  const carousel = page.getByRole('region', { name: enPortal.carousel.label });
  const first = carousel.getByRole('button', { name: /^Show slide 1:/ });
  await expect(first).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('heading', { level: 1, name: enPortal.home.heading })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const result = await page.evaluate(() => {
    const w = window as unknown as { __server?: Element[]; __lcp?: Element | null };
    const server = w.__server ?? [];
    const lcp = w.__lcp;
    return {
      marked: server.length,
      replaced: server.filter((el) => !el.isConnected).map((el) => el.outerHTML.slice(0, 120)),
      lcp: lcp
        ? {
            tag: lcp.tagName,
            fromServer: (lcp as unknown as { __fromServer?: boolean }).__fromServer === true,
            connected: lcp.isConnected,
          }
        : null,
    };
  });
  expect(result.marked).toBeGreaterThan(50);
  expect(result.replaced).toEqual([]);
  expect(result.lcp).toEqual({ tag: expect.any(String), fromServer: true, connected: true });
  expect(warnings.filter((w) => /hydrat|did not match|mismatch/i.test(w))).toEqual([]);
  expect(warnings).toEqual([]);
  await carousel.getByRole('button', { name: enPortal.carousel.next }).click();
  await expect(first).not.toHaveAttribute('aria-current', 'true');
  await checkA11y(page);
});

/** The other pages the server renders, each form: the same node check, without the carousel. */
const otherPages = (h5: boolean) =>
  h5
    ? [`${PORTAL}/news/h5`, `${PASSPORT}/login_h5`, `${PAY}/pay_h5`]
    : [`${PORTAL}/news`, `${PASSPORT}/login`, `${PAY}/paygame/`];

test('the news, login and top-up pages are taken over in place too', async ({ page }, testInfo) => {
  const warnings = warningsOf(page);
  await page.addInitScript(observe);
  for (const url of otherPages(onPhone(testInfo))) {
    const ready = takenOver(page);
    await page.goto(url);
    // The server wrote the title; the scripts then take the page over.
    await expect(page).toHaveTitle(/.+ \| JoyPeak Games$/);
    await ready;
    await page.waitForLoadState('networkidle');
    const result = await page.evaluate(() => {
      const w = window as unknown as { __server?: Element[]; __lcp?: Element | null };
      const server = w.__server ?? [];
      const lcp = w.__lcp as (Element & { __fromServer?: boolean }) | null | undefined;
      // A status line ("Loading the picture…" of the login captcha) is meant to be replaced by what it waited for.
      const lasting = (el: Element) => el.getAttribute('role') !== 'status' && !el.closest('[role="status"]');
      return {
        marked: server.length,
        replaced: server
          .filter((el) => !el.isConnected && lasting(el))
          .map((el) => el.outerHTML.slice(0, 120)),
        lcp: lcp ? { fromServer: lcp.__fromServer === true, connected: lcp.isConnected } : null,
      };
    });
    expect(result.marked, url).toBeGreaterThan(20);
    expect(result.replaced, url).toEqual([]);
    expect(result.lcp, url).toEqual({ fromServer: true, connected: true });
  }
  expect(warnings).toEqual([]);
});

test("the server renders in the player's language choice once made", async ({ page }, testInfo) => {
  const h5 = onPhone(testInfo);
  const ready = takenOver(page);
  await page.goto(homeUrl(h5));
  await ready;
  await page.getByLabel('Language', { exact: true }).selectOption({ label: 'ไทย' });
  await expect(page.getByRole('heading', { level: 1, name: thPortal.home.heading })).toBeVisible();
  // The page's own request, with this host's cookies, as the next visit sends it.
  const html = await (
    await page.request.get(homeUrl(h5), { headers: { 'accept-language': 'en-US' } })
  ).text();
  expect(html).toMatch(/<html lang="th"/);
  expect(html).toContain(thPortal.home.heading);
});

/**
 * Spaces as spaces: Node's and Chromium's ICU space a period's dash differently (thin or plain), which React
 * takes over silently - only the dates matter here.
 */
const spaced = (text: string | null) => (text ?? '').replace(/\s/gu, ' ');

/** The `<time>` elements of the page: their moment (or `start/end` period) and text. */
const timesOf = async (page: Page) =>
  (
    await page
      .locator('#root time')
      .evaluateAll((els) =>
        els.map((el) => ({ at: el.getAttribute('datetime') ?? '', text: el.textContent })),
      )
  ).map(({ at, text }) => ({ at, text: spaced(text) }));

/** What each `<time>` reads in `timeZone`, as the apps write dates. */
const writtenIn = (times: { at: string }[], timeZone: string) =>
  times.map(({ at }) => {
    const [start = '', end] = at.split('/');
    const text = end
      ? formatDateRange(start, end, 'en', { timeZone })
      : formatDate(start, 'en', { timeZone });
    return { at, text: spaced(text) };
  });

test("dates stay as the server wrote them while the page lives, then follow the browser's zone", async ({
  browser,
}, testInfo) => {
  const h5 = onPhone(testInfo);
  // A device that moved: its cookie still names the zone of its last visit, 25 hours from where it is now, so
  // every date the server writes in the old zone differs from the browser's.
  const context = await browser.newContext({ ...testInfo.project.use, timezoneId: 'Pacific/Kiritimati' });
  try {
    await context.addCookies([{ name: 'gp_tz', value: 'Pacific%2FPago_Pago', url: PORTAL }]);
    const page = await context.newPage();
    const warnings = warningsOf(page);
    await page.addInitScript(observe);
    const ready = takenOver(page);
    await page.goto(homeUrl(h5));
    await ready;
    await page.waitForLoadState('networkidle');
    const taken = await timesOf(page);
    expect(taken.length).toBeGreaterThan(0);
    expect(taken).toEqual(writtenIn(taken, 'Pacific/Pago_Pago'));
    // Not one node of the server's first screen was drawn again.
    const replaced = await page.evaluate(() =>
      ((window as unknown as { __server?: Element[] }).__server ?? [])
        .filter((el) => !el.isConnected)
        .map((el) => el.outerHTML.slice(0, 120)),
    );
    expect(replaced).toEqual([]);
    expect(warnings).toEqual([]);
    // The browser's zone is kept for the next page the server renders once the player leaves this one (finding
    // it while the page loads would cost a phone a long task).
    const zoneCookie = async () => (await context.cookies(PORTAL)).find((c) => c.name === 'gp_tz')?.value;
    expect(await zoneCookie()).toBe('Pacific%2FPago_Pago');
    // The player switches to another app: the page is hidden. (Headless pages stay visible, so the test says so
    // itself; leaving the page would do too, but the browser's emulated zone is gone by then.)
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    // A page's cookie reaches the browser's store a moment after the page wrote it.
    await expect.poll(zoneCookie).toBe('Pacific%2FKiritimati');
    await page.reload();
    await page.waitForLoadState('networkidle');
    const next = await timesOf(page);
    expect(next).toEqual(writtenIn(next, 'Pacific/Kiritimati'));
    expect(next.map((t) => t.text)).not.toEqual(taken.map((t) => t.text));
  } finally {
    await context.close();
  }
});
