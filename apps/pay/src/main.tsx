import '@gp/ui/tokens.css';
import { bootApp } from '@gp/ui/boot';
import { routes } from './app/router.tsx';
import { hosts } from './config/env.ts';

void bootApp({
  namespaces: ['pay'],
  routes,
  origins: [hosts.apps.portal, hosts.apps.passport, hosts.apps.pay],
});
