import '@gp/ui/tokens.css';
import { bootApp } from '@gp/ui/boot';
import { routes } from './app/router.tsx';
import { hosts } from './config/env.ts';

// The legal pages' long texts (`static`) and the customer-service strings (`service`) are not here: their screens
// load them when one of those pages opens, so the home page's first load on a phone does not carry them.
void bootApp({
  namespaces: ['portal'],
  routes,
  origins: [hosts.apps.portal, hosts.apps.passport, hosts.apps.pay],
});
