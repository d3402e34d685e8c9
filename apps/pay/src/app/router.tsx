import { createBrowserRouter } from 'react-router';
import { createShellRoutes, type ScreenModule, type ShellOptions } from '@gp/ui/shell';
import { hosts } from '../config/env.ts';
import { api } from '../lib/api-client.ts';

// One lazy chunk per screen: a phone opening /pay_h5 downloads the game list, not the wizard or the history.
const paygame = () => import('../routes/paygame.tsx');
const h5Home = () => import('../routes/pay-h5-home.tsx');
const h5Setout = () => import('../routes/pay-h5-setout.tsx');
const h5Affirm = () => import('../routes/pay-h5-affirm.tsx');
const h5Order = () => import('../routes/pay-h5-order.tsx');
const history = () => import('../routes/pay-history.tsx');
const lookup = () => import('../routes/pay-lookup.tsx');

type Screen = () => Promise<ScreenModule>;
/** The H5 steps of both variants: `payH5<step>` (regional web pay) and `paysH5<step>` (second variant). */
const steps = (step: string, screen: Screen): [string, Screen][] => [
  [`payH5${step}`, screen],
  [`paysH5${step}`, screen],
];

/**
 * Screens of the pay host by site-map route id: the desktop wizard and history, and the H5 steps of both pay
 * variants (the screens pick the variant from the path).
 */
export const screens: ShellOptions['screens'] = {
  paygame,
  paygameH5: h5Home,
  paysH5: h5Home,
  paygameHistory: history,
  paygameHistoryH5: history,
  paysH5pgRecord: history,
  paygameLookup: lookup,
  paygameLookupH5: lookup,
  ...Object.fromEntries([
    ...steps('setoutpay', h5Setout),
    ...steps('payaffirm', h5Affirm),
    ...steps('payorder', h5Order),
    ...steps('paycomplete', h5Order),
    ...steps('paysucceed', h5Order),
  ]),
};

/** The pay host's routes; tests pass a device to see the H5 forms. */
export function createPayRoutes(device?: ShellOptions['device']) {
  return createShellRoutes({ host: 'pay', hosts, api, screens, ...(device ? { device } : {}) });
}

export const routes = createPayRoutes();

export function createRouter() {
  return createBrowserRouter(routes);
}
