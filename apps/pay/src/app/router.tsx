import { createBrowserRouter } from 'react-router';
import { createShellRoutes, type ShellOptions } from '@gp/ui/shell';
import { hosts } from '../config/env.ts';
import { api } from '../lib/api-client.ts';

const paygame = () => import('../routes/paygame.tsx');

/**
 * Screens of the pay host by site-map route id. The wizard steps, history and the second pay variant are
 * built by the top-up capability; until then they show layout and heading.
 */
export const screens: ShellOptions['screens'] = { paygame, paygameH5: paygame, paysH5: paygame };

export const routes = createShellRoutes({ host: 'pay', hosts, api, screens });

export function createRouter() {
  return createBrowserRouter(routes);
}
