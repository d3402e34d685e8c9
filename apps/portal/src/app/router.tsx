import { createBrowserRouter, redirect } from 'react-router';
import { RouteError } from '@gp/ui/route-error';
import { loadNavigation } from '../features/navigation/api/load-navigation.ts';
import { Layout } from './layout.tsx';
import { routeTable } from './route-table.ts';

export function createRouter() {
  return createBrowserRouter([
    {
      id: 'root',
      path: '/',
      loader: loadNavigation,
      element: <Layout />,
      errorElement: <RouteError />,
      children: [
        ...routeTable.map((entry) => ({
          ...(entry.path === '/' ? { index: true as const } : { path: entry.path }),
          handle: { titleKey: entry.titleKey },
          errorElement: <RouteError />,
          lazy: async () => {
            const { default: Component, loader } = await entry.screen();
            return { Component, ...(loader ? { loader } : {}) };
          },
        })),
        // Unknown paths go home (spec 2).
        { path: '*', loader: () => redirect('/') },
      ],
    },
  ]);
}
