import { createBrowserRouter } from 'react-router';
import { createShellRoutes, type ShellOptions } from '@gp/ui/shell';
import { hosts } from '../config/env.ts';
import { api } from '../lib/api-client.ts';

const login = () => import('../routes/login.tsx');
const signup = () => import('../routes/signup.tsx');
const findpwd = () => import('../routes/findpwd.tsx');
const account = () => import('../routes/account.tsx');

/**
 * Screens of the passport host by site-map route id. The social-login return point is still to be built; until
 * then it shows layout and heading.
 */
export const screens: ShellOptions['screens'] = {
  login,
  loginH5: login,
  signup,
  signupH5: signup,
  findpwd,
  findpwdH5: findpwd,
  account,
};

export const routes = createShellRoutes({ host: 'passport', hosts, api, screens });

export function createRouter() {
  return createBrowserRouter(routes);
}
