import type { RouteEntry } from '@gp/ui/route-table';

/** The pay host's routes. The top-up wizard, history and H5 pages are built by the top-up capability. */
export const routeTable: RouteEntry[] = [
  {
    path: '/paygame',
    titleKey: 'pay:paygame.title',
    requiresLogin: false,
    screen: () => import('../routes/paygame.tsx'),
  },
];
