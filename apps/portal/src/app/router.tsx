import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { RouteError } from '@gp/ui/route-error';
import { routesFromTable } from '@gp/ui/route-table';
import { loadNavigation } from '../features/navigation/api/load-navigation.ts';
import { Layout } from './layout.tsx';
import { routeTable } from './route-table.ts';

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: loadNavigation,
    element: <Layout />,
    errorElement: <RouteError />,
    // Unknown paths go home (spec 2).
    children: [...routesFromTable(routeTable), { path: '*', loader: () => redirect('/') }],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
