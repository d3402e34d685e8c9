import { createBrowserRouter, redirect } from 'react-router';
import { Layout } from './layout.tsx';
import { routeTable } from './route-table.ts';

export function createRouter() {
  return createBrowserRouter([
    {
      path: '/',
      element: <Layout />,
      children: [
        ...routeTable.map((entry) => ({
          ...(entry.path === '/' ? { index: true as const } : { path: entry.path }),
          handle: { titleKey: entry.titleKey },
          lazy: async () => ({ Component: (await entry.screen()).default }),
        })),
        { path: '*', loader: () => redirect('/') },
      ],
    },
  ]);
}
