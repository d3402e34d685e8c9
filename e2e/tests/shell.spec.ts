/**
 * The player shell around every page (spec 2 "Screens and routes" and "Layout"): device twins, host hand-overs,
 * the login guard, the language choice, the desktop and H5 chrome, and the page sizing rules.
 */
import { expect, test, type Page } from '@playwright/test';
import thCommon from '../../packages/i18n/locales/th/common.json' with { type: 'json' };
import { afterNavigation, checkA11y, visit } from '../support/a11y.ts';
import { PASSPORT, PAY, PORTAL } from '../support/hosts.ts';
import { homeUrl, isLoginReturningTo, loginUrl, onPhone, samePath } from '../support/shell.ts';

const menuTh = [
  thCommon.nav.news,
  thCommon.nav.games,
  thCommon.nav.pay,
  thCommon.nav.fans,
  thCommon.nav.service,
];

/** The year the browser's clock shows (the footer's copyright year). */
const browserYear = (page: Page) => page.evaluate(() => new Date().getFullYear());

test.describe('device twins', () => {
  test('a page opened in the other form is replaced by its twin, query kept, no history entry left', async ({
    page,
  }, testInfo) => {
    const phone = onPhone(testInfo);
    // Phones: desktop URL to H5 twin; desktop: H5 URL to desktop twin.
    const [before, opened, twin] = phone
      ? [`${PORTAL}/terms/h5`, `${PORTAL}/news?page=2&x=y`, `${PORTAL}/news/h5?page=2&x=y`]
      : [`${PORTAL}/terms`, `${PORTAL}/news/h5?page=2`, `${PORTAL}/news?page=2`];

    await visit(page, before);
    await visit(page, opened, { landsOn: twin });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('News');

    // A replace: going back skips the URL that was opened (which would otherwise redirect to the twin again).
    await page.goBack();
    await expect(page).toHaveURL(before);
    await afterNavigation(page);
  });
});

test.describe('language', () => {
  test('switching to ไทย translates the header, sets <html lang>, survives a reload and stays on this host', async ({
    page,
  }, testInfo) => {
    // Five page loads, each checked with axe: about 25 s on CI's loaded machine, too near the 30 s default.
    test.setTimeout(60_000);
    const phone = onPhone(testInfo);
    const news = phone ? `${PORTAL}/news/h5` : `${PORTAL}/news`;
    await visit(page, `${PORTAL}/news`, { landsOn: news });
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    const reloaded = page.waitForEvent('load');
    await page.getByLabel('Language', { exact: true }).selectOption({ label: 'ไทย' });
    await reloaded;
    await afterNavigation(page);

    const expectThai = async () => {
      await expect(page).toHaveURL(news);
      await expect(page.locator('html')).toHaveAttribute('lang', 'th');
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: thCommon.site.home, exact: true })).toBeVisible();
      await expect(header.getByLabel(thCommon.language.label, { exact: true })).toHaveValue('th');
      await expect(header.getByRole('link', { name: thCommon.nav.login, exact: true })).toBeVisible();
      if (phone) {
        await expect(header.getByRole('link', { name: thCommon.nav.pay, exact: true })).toBeVisible();
      } else {
        await expect(
          header
            .getByRole('navigation', { name: thCommon.nav.label })
            .locator(':scope > ul > li > a, :scope > ul > li > div > button[aria-expanded]'),
        ).toHaveText(menuTh);
      }
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(thCommon.routes.news);
      await expect(page).toHaveTitle(`${thCommon.routes.news} | ${thCommon.site.name}`);
    };
    await expectThai();
    expect(await page.evaluate(() => sessionStorage.getItem(`gp.lang:${location.host}`))).toBe('th');

    await page.reload();
    await afterNavigation(page);
    await expectThai();

    // The choice belongs to the portal host: the passport host still follows the browser (en-US), and the
    // portal is still Thai afterwards.
    await visit(page, `${PASSPORT}/login`, { landsOn: loginUrl(phone) });
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to JoyPeak Games');

    await visit(page, `${PORTAL}/news`, { landsOn: news });
    await expectThai();
  });

  test('back from another host where the player chose a language: the page shows that language', async ({
    page,
  }, testInfo) => {
    // Four page loads on two hosts, three checked with axe: about 25 s alone here, as the test above.
    test.setTimeout(60_000);
    const phone = onPhone(testInfo);
    const news = phone ? `${PORTAL}/news/h5` : `${PORTAL}/news`;
    await visit(page, `${PORTAL}/news`, { landsOn: news });
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // The header's top-up link carries the page language to the pay host.
    await page.getByRole('banner').getByRole('link', { name: 'Top up', exact: true }).first().click();
    await expect(page).toHaveURL(
      (url) => url.origin === PAY && samePath(url.pathname, phone ? '/pay_h5' : '/paygame/'),
    );
    await afterNavigation(page);

    const reloaded = page.waitForEvent('load');
    await page.getByLabel('Language', { exact: true }).selectOption({ label: 'ไทย' });
    await reloaded;
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');

    // Back on the portal, whose own choice was English: the page is in the language the player went on in.
    await page.goBack();
    await expect(page).toHaveURL(news);
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(thCommon.routes.news);
    await expect(page.getByRole('banner').getByLabel(thCommon.language.label, { exact: true })).toHaveValue(
      'th',
    );
    await afterNavigation(page);
    // And the portal keeps it from now on, as if chosen there.
    expect(await page.evaluate(() => sessionStorage.getItem(`gp.lang:${location.host}`))).toBe('th');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(thCommon.routes.news);
  });
});

test.describe('unknown paths and host hand-overs', () => {
  test('an unknown path lands on the portal home, on the portal and on the passport host', async ({
    page,
  }, testInfo) => {
    const home = homeUrl(onPhone(testInfo));
    await visit(page, `${PORTAL}/no/such/page?x=1`, { landsOn: home });
    await expect(page.getByRole('region', { name: 'Our games' }).getByRole('listitem')).toHaveCount(4);

    await visit(page, `${PASSPORT}/whatever`, { landsOn: home });
    await expect(page.getByRole('region', { name: 'Our games' })).toBeVisible();
  });

  test('/login and /paygame/ opened on the portal host move to their hosts with the query kept', async ({
    page,
  }, testInfo) => {
    const phone = onPhone(testInfo);
    await visit(page, `${PORTAL}/login?from=portal&x=1`, {
      landsOn: `${loginUrl(phone)}?from=portal&x=1`,
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to JoyPeak Games');

    // A phone gets the H5 twin, which takes a game of its list straight to that game's payment step (the
    // console's preview link), behind the login as when the game is tapped; the desktop page chooses it on itself.
    const paymentStep = `${PAY}/pay_h5/setoutpay?game=1`;
    await visit(page, `${PORTAL}/paygame/?game=1`, {
      landsOn: (url) =>
        phone
          ? isLoginReturningTo(url, true, paymentStep)
          : url.origin === PAY && samePath(url.pathname, '/paygame') && url.search === '?game=1',
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      phone ? 'Log in to JoyPeak Games' : 'Top up game credit',
    );
  });
});

test.describe('login guard', () => {
  /** [opened, the page the login must return to]: phones first get the H5 twin, which is what login returns to. */
  const cases = (phone: boolean): [string, string][] =>
    phone
      ? [
          [`${PORTAL}/service/history?tab=1`, `${PORTAL}/service/h5/history?tab=1`],
          [`${PORTAL}/service/h5/history`, `${PORTAL}/service/h5/history`],
        ]
      : [[`${PORTAL}/service/history?tab=1`, `${PORTAL}/service/history?tab=1`]];

  test('a login-only page sends a visitor to the passport login with the page as redirect', async ({
    page,
  }, testInfo) => {
    const phone = onPhone(testInfo);
    for (const [opened, returnTo] of cases(phone)) {
      await visit(page, opened, { landsOn: (url) => isLoginReturningTo(url, phone, returnTo) });
      const url = new URL(page.url());
      expect(`${url.origin}${url.pathname}`).toBe(loginUrl(phone));
      expect(decodeURIComponent(url.search.replace(/^\?redirect=/, ''))).toBe(returnTo);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to JoyPeak Games');
    }
  });
});

test.describe('desktop chrome', () => {
  test(
    'the footer is hidden on / and shows the year and the about and terms links elsewhere',
    { tag: '@desktop' },
    async ({ page }) => {
      // Desktop only: the desktop footer; phones get the H5 form, checked below.
      await visit(page, `${PORTAL}/`);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toHaveCount(0);

      await visit(page, `${PORTAL}/news`);
      const footer = page.getByRole('contentinfo');
      await expect(footer).toBeVisible();
      await expect(footer).toContainText(`© ${await browserYear(page)} JoyPeak Games`);
      await expect(footer.getByRole('link', { name: 'Terms of service', exact: true })).toHaveAttribute(
        'href',
        '/terms',
      );
      const about = footer.getByRole('link', { name: 'About us', exact: true });
      await expect(about).toHaveAttribute('href', '/about');
      await about.click();
      await expect(page).toHaveURL(`${PORTAL}/about`);
      await afterNavigation(page);
      await expect(page.getByRole('contentinfo')).toBeVisible();
    },
  );

  test('desktop pages are at least 1300 px wide', { tag: '@desktop' }, async ({ page }) => {
    // Desktop only: phones get the H5 form, which follows the screen width.
    for (const path of ['/', '/news']) {
      await page.setViewportSize({ width: 1366, height: 800 });
      await visit(page, `${PORTAL}${path}`);
      const width = () =>
        page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
        }));
      const wide = await width();
      expect(wide.scroll, `${path} at 1366 px scrolls sideways`).toBeLessThanOrEqual(wide.client);

      await page.setViewportSize({ width: 1000, height: 800 });
      await expect
        .poll(async () => (await width()).scroll, `${path} at 1000 px`)
        .toBeGreaterThanOrEqual(1300);
    }
  });
});

test.describe('H5 chrome', () => {
  test(
    'what comes into view on a phone stops below the sticky header: nothing focused or tapped is under it',
    { tag: '@phone' },
    async ({ page }) => {
      await visit(page, `${PORTAL}/news/h5`);
      const first = page.getByRole('main').getByRole('link').first();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      // The page is long enough that its first link is now above the screen.
      await expect.poll(async () => (await first.boundingBox())!.y).toBeLessThan(0);
      // Focus scrolls it back into view, as a keyboard's Tab or a screen reader does.
      await first.focus();
      const bar = (await page.getByRole('banner').boundingBox())!;
      await expect
        .poll(async () => (await first.boundingBox())!.y)
        .toBeGreaterThanOrEqual(bar.y + bar.height);
      // Target size (WCAG 2.5.8) is measured on what the bar leaves uncovered.
      await checkA11y(page);
    },
  );

  test(
    'form pages show a back bar instead of the header; the other H5 pages show the H5 header and footer',
    { tag: '@phone' },
    async ({ page }) => {
      // Phones only: the H5 form is what phones get; a desktop is sent to the desktop twin.

      // Opened directly, with nothing to go back to in the app: Back goes to the H5 home.
      for (const path of ['/login_h5', '/findpwd_h5', '/signup_h5']) {
        await visit(page, `${PASSPORT}${path}`, { landsOn: `${PASSPORT}${path}` });
        const bar = page.getByRole('banner');
        await expect(bar.getByRole('button', { name: 'Back', exact: true })).toBeVisible();
        await expect(bar.getByRole('link')).toHaveCount(0);
        // The bar names the page as its title does (the heading below may say more).
        await expect(bar).toContainText((await page.title()).split(' | ')[0]!);
        await expect(page.getByLabel('Language', { exact: true })).toHaveCount(0);
      }
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await expect(page).toHaveURL(`${PORTAL}/h5`);
      await afterNavigation(page);

      await visit(page, `${PORTAL}/news/h5`);
      const header = page.getByRole('banner');
      await expect(header.getByRole('button', { name: 'Back' })).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
      await expect(header.getByRole('link', { name: 'JoyPeak Games home', exact: true })).toHaveAttribute(
        'href',
        '/h5',
      );
      // Links to another host carry the page language, so the player keeps it; the host they lead to takes it out
      // again.
      await expect(header.getByRole('link', { name: 'Top up', exact: true })).toHaveAttribute(
        'href',
        `${PAY}/pay_h5?lang=en`,
      );
      await expect(header.getByRole('combobox', { name: 'Language', exact: true })).toHaveValue('en');
      const login = header.getByRole('link', { name: 'Log in', exact: true });
      const href = new URL((await login.getAttribute('href')) ?? '', PORTAL);
      expect(href.searchParams.get('lang'), `Log in leads to ${href.href}`).toBe('en');
      href.searchParams.delete('lang');
      expect(isLoginReturningTo(href, true, `${PORTAL}/news/h5`), `Log in leads to ${href.href}`).toBe(true);

      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('img', { name: 'JoyPeak Games', exact: true })).toBeVisible();
      await expect(footer).toContainText(`© ${await browserYear(page)} JoyPeak Games`);
      await expect(footer.getByRole('link', { name: 'About us', exact: true })).toHaveAttribute(
        'href',
        '/about/h5',
      );
      await expect(footer.getByRole('link', { name: 'Terms of service', exact: true })).toHaveAttribute(
        'href',
        '/terms/h5',
      );
    },
  );

  test(
    'the root font follows the width: 16 px at 360 px, 24 px at 540 px, capped at 24 px (1.5x)',
    { tag: '@phone' },
    async ({ page }) => {
      // Phones only: rem scaling is an H5 rule; desktop pages keep the browser default.
      await visit(page, `${PORTAL}/`, { landsOn: `${PORTAL}/h5` });
      const rootFont = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
      expect(page.viewportSize()?.width).toBe(360);
      await expect.poll(rootFont).toBe('16px');

      await page.setViewportSize({ width: 540, height: 740 });
      await expect.poll(rootFont, 'at 540 px').toBe('24px');

      await page.setViewportSize({ width: 800, height: 740 });
      await expect.poll(rootFont, 'at 800 px').toBe('24px');
    },
  );
});
