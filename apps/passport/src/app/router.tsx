import { createBrowserRouter } from 'react-router';
import { createShellRoutes, type ShellOptions } from '@gp/ui/shell';
import { hosts } from '../config/env.ts';
import { api } from '../lib/api-client.ts';

/**
 * Screens of the passport host by site-map route id. Login, signup, password recovery, account settings and the
 * social-login return point are built by the passport capability; until then they show layout and heading.
 */
export const screens: ShellOptions['screens'] = {};

export const routes = createShellRoutes({ host: 'passport', hosts, api, screens });

export function createRouter() {
  return createBrowserRouter(routes);
}
