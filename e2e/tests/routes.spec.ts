/**
 * Every route of the site map (packages/config/src/site-map.ts, the list the apps build their routers from),
 * opened on its host in the form the project gets: desktop and shared routes on the desktop project, H5 and
 * shared routes on the phone. A login-only route must end on the passport login returning to it; any other
 * route must stay, show its heading (the content pages: the one their data gives), its chrome and its title.
 * axe runs on every page through `visit()`.
 */
import { expect, test } from '@playwright/test';
import { buildPath, siteRoutes, type SiteRoute } from '../../packages/config/src/site-map.ts';
import enPortal from '../../packages/i18n/locales/en/portal.json' with { type: 'json' };
import { visit } from '../support/a11y.ts';
import { firstActivity, firstNews } from '../support/content.ts';
import { PLAYER_ORIGINS } from '../support/hosts.ts';
import { isLoginReturningTo, onPhone, samePath } from '../support/shell.ts';

/** The social-login return point: it expects a provider's callback and is not a page to visit. */
const notVisited = new Set(['appleReturn']);

/** Activity pages get the first seeded activity's id; every other `:param` is `1` (the first news item). */
const idFor = (route: SiteRoute): string =>
  route.title.startsWith('active') ? String(firstActivity.id) : String(firstNews.id);

const urlOf = (route: SiteRoute): string => {
  const params = Object.fromEntries(
    route.path
      .split('/')
      .filter((s) => s.startsWith(':'))
      .map((s) => [s.slice(1), idFor(route)]),
  );
  return `${PLAYER_ORIGINS[route.host]}${buildPath(route.path, params)}`;
};

/**
 * The `h1` of the content pages, by site-map title: details show the seeded item; a preview route opened without
 * a token shows the not-found state, exactly as for an unknown id.
 */
const contentHeadings: Record<string, string> = {
  home: enPortal.home.heading,
  news: 'News',
  active: 'Events',
  newsDetail: firstNews.title,
  activeDetail: firstActivity.title,
  newsPreDetail: enPortal.articles.news.notFound,
  activePreDetail: enPortal.articles.activity.notFound,
  gamelist: 'Games',
  fans: 'Fan groups',
};

test.describe('every site-map route', () => {
  for (const route of siteRoutes.filter((r) => !notVisited.has(r.id))) {
    const url = urlOf(route);
    // A desktop or H5 route runs in its own project only (the other is sent to its twin); `both` in each.
    const tag = route.form === 'both' ? [] : [route.form === 'h5' ? '@phone' : '@desktop'];
    test(
      `${route.id}: ${route.form} ${url}${route.requiresLogin ? ' (login)' : ''}`,
      { tag },
      async ({ page }, testInfo) => {
        const phone = onPhone(testInfo);

        if (route.requiresLogin) {
          await visit(page, url, { landsOn: (u) => isLoginReturningTo(u, phone, url) });
          return;
        }

        const origin = PLAYER_ORIGINS[route.host];
        await visit(page, url, {
          landsOn: (u) =>
            u.origin === origin && samePath(u.pathname, new URL(url).pathname) && u.search === '',
        });
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        const heading = contentHeadings[route.title];
        if (route.host === 'portal' && heading !== undefined)
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await expect(page).toHaveTitle(/\S \| JoyPeak Games$/);

        const banner = page.getByRole('banner');
        if (route.chrome === 'backBar') {
          await expect(banner.getByRole('button', { name: 'Back', exact: true })).toBeVisible();
          await expect(banner.getByRole('link', { name: 'JoyPeak Games home' })).toHaveCount(0);
        } else {
          await expect(banner.getByRole('link', { name: 'JoyPeak Games home', exact: true })).toBeVisible();
          await expect(banner.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
        }
      },
    );
  }
});
