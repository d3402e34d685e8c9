import { createBrowserRouter } from 'react-router';
import { createShellRoutes, type ShellOptions } from '@gp/ui/shell';
import { hosts } from '../config/env.ts';
import { api } from '../lib/api-client.ts';

const home = () => import('../routes/home.tsx');
const staticPage = () => import('../routes/static-page.tsx');

/**
 * Screens of the main host by site-map route id. Pages not listed here show their layout and heading until
 * their capability builds them (news, activities, customer service, game list, fan groups).
 */
export const screens: ShellOptions['screens'] = {
  home,
  homeH5: home,
  ...Object.fromEntries(
    ['about', 'terms', 'privacy', 'siteinfo', 'tokusyouhou'].flatMap((id) => [
      [id, staticPage],
      [`${id}H5`, staticPage],
    ]),
  ),
};

export const routes = createShellRoutes({ host: 'portal', hosts, api, screens });

export function createRouter() {
  return createBrowserRouter(routes);
}
