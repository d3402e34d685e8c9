import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { RouteError } from '@gp/ui/route-error';
import { Layout } from './layout.tsx';
import { routeTable } from './route-table.ts';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      ...routeTable.map((entry) => ({
        path: entry.path,
        handle: { titleKey: entry.titleKey },
        errorElement: <RouteError />,
        lazy: async () => {
          const { default: Component, loader } = await entry.screen();
          return { Component, ...(loader ? { loader } : {}) };
        },
      })),
      { index: true, loader: () => redirect('/paygame/') },
      { path: '*', loader: () => redirect('/paygame/') },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
