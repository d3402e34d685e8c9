import type { RouteEntry } from '@gp/ui/route-table';

/** The passport host's routes. Login, signup, password recovery and account screens are built by the passport capability. */
export const routeTable: RouteEntry[] = [
  {
    path: '/login',
    titleKey: 'passport:login.title',
    requiresLogin: false,
    screen: () => import('../routes/login.tsx'),
  },
];
