import { createBrowserRouter } from 'react-router';
import { createShellRoutes, type ShellOptions } from '@gp/ui/shell';
import { hosts } from '../config/env.ts';
import { api } from '../lib/api-client.ts';

const login = () => import('../routes/login.tsx');
const signup = () => import('../routes/signup.tsx');
const findpwd = () => import('../routes/findpwd.tsx');
const account = () => import('../routes/account.tsx');
const appleReturn = () => import('../routes/apple-return.tsx');

/**
 * Screens of the passport host by site-map route id: login, sign-up, password recovery (each desktop and H5),
 * account settings and `appleReturn`, the return point of social login (no site chrome).
 */
export const screens: ShellOptions['screens'] = {
  login,
  loginH5: login,
  signup,
  signupH5: signup,
  findpwd,
  findpwdH5: findpwd,
  account,
  appleReturn,
};

/** The passport's routes; the server passes the device its user agent names. */
export function createPassportRoutes(device?: ShellOptions['device']) {
  return createShellRoutes({ host: 'passport', hosts, api, screens, ...(device ? { device } : {}) });
}

export const routes = createPassportRoutes();

export function createRouter() {
  return createBrowserRouter(routes);
}
