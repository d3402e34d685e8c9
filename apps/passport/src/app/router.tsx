import { createBrowserRouter } from 'react-router';
import { createShellRoutes, type ShellOptions } from '@gp/ui/shell';
import { hosts } from '../config/env.ts';
import { api } from '../lib/api-client.ts';

const login = () => import('../routes/login.tsx');
const signup = () => import('../routes/signup.tsx');
const findpwd = () => import('../routes/findpwd.tsx');

/**
 * Screens of the passport host by site-map route id. Account settings and the social-login return point are
 * still to be built; until then they show layout and heading.
 */
export const screens: ShellOptions['screens'] = {
  login,
  loginH5: login,
  signup,
  signupH5: signup,
  findpwd,
  findpwdH5: findpwd,
};

export const routes = createShellRoutes({ host: 'passport', hosts, api, screens });

export function createRouter() {
  return createBrowserRouter(routes);
}
