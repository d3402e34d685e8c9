import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { CompactLayout } from '@gp/ui/compact-layout';
import { RouteError } from '@gp/ui/route-error';
import { routesFromTable } from '@gp/ui/route-table';
import { hosts } from '../config/env.ts';
import { routeTable } from './route-table.ts';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <CompactLayout homeHref={hosts.apps.portal} width="wide" />,
    errorElement: <RouteError />,
    children: [
      ...routesFromTable(routeTable),
      { index: true, loader: () => redirect('/paygame/') },
      { path: '*', loader: () => redirect('/paygame/') },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
