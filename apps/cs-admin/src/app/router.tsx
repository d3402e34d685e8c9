import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { Layout } from './layout.tsx';
import { routeTable } from './route-table.ts';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [
      ...routeTable.map((entry) => ({
        ...(entry.path === '/' ? { index: true as const } : { path: entry.path }),
        handle: { titleKey: entry.titleKey },
        lazy: async () => {
          const { default: Component, loader } = await entry.screen();
          return { Component, ...(loader ? { loader } : {}) };
        },
      })),
      { path: '*', loader: () => redirect('/') },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
