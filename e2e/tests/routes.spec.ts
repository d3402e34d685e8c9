/**
 * Every route of the site map (packages/config/src/site-map.ts, the list the apps build their routers from),
 * opened on its host in the form the project gets: desktop and shared routes on the desktop project, H5 and
 * shared routes on the phone. A login-only route must end on the passport login returning to it; any other
 * route must stay, show its heading, its chrome and its title. axe runs on every page through `visit()`.
 */
import { expect, test } from '@playwright/test';
import { buildPath, siteRoutes, type SiteRoute } from '../../packages/config/src/site-map.ts';
import { visit } from '../support/a11y.ts';
import { PLAYER_ORIGINS } from '../support/hosts.ts';
import { isLoginReturningTo, onPhone, samePath } from '../support/shell.ts';

/** The social-login return point: it expects a provider's callback and is not a page to visit. */
const notVisited = new Set(['appleReturn']);

const fitsProject = (route: SiteRoute, phone: boolean): boolean =>
  route.form === 'both' || route.form === (phone ? 'h5' : 'desktop');

/** Every `:param` is `1`; the pages that exist already ignore it, the others show their heading. */
const urlOf = (route: SiteRoute): string => {
  const params = Object.fromEntries(
    route.path
      .split('/')
      .filter((s) => s.startsWith(':'))
      .map((s) => [s.slice(1), '1']),
  );
  return `${PLAYER_ORIGINS[route.host]}${buildPath(route.path, params)}`;
};

test.describe('every site-map route', () => {
  for (const route of siteRoutes.filter((r) => !notVisited.has(r.id))) {
    const url = urlOf(route);
    test(`${route.id}: ${route.form} ${url}${route.requiresLogin ? ' (login)' : ''}`, async ({
      page,
    }, testInfo) => {
      const phone = onPhone(testInfo);
      test.skip(
        !fitsProject(route, phone),
        `a ${route.form} route; the ${testInfo.project.name} project is sent to its twin`,
      );

      if (route.requiresLogin) {
        await visit(page, url, { landsOn: (u) => isLoginReturningTo(u, phone, url) });
        return;
      }

      const origin = PLAYER_ORIGINS[route.host];
      await visit(page, url, {
        landsOn: (u) => u.origin === origin && samePath(u.pathname, new URL(url).pathname) && u.search === '',
      });
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page).toHaveTitle(/\S \| JoyPeak Games$/);

      const banner = page.getByRole('banner');
      if (route.chrome === 'backBar') {
        await expect(banner.getByRole('button', { name: 'Back', exact: true })).toBeVisible();
        await expect(banner.getByRole('link', { name: 'JoyPeak Games home' })).toHaveCount(0);
      } else {
        await expect(banner.getByRole('link', { name: 'JoyPeak Games home', exact: true })).toBeVisible();
        await expect(banner.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
      }
    });
  }
});
