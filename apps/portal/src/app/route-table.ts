import type { RouteEntry } from '@gp/ui/route-table';

/** The portal's routes; the app shell capability adds every route of spec section 2 here. */
export const routeTable: RouteEntry[] = [
  {
    path: '/',
    titleKey: 'portal:home.title',
    requiresLogin: false,
    screen: () => import('../routes/home.tsx'),
  },
];
