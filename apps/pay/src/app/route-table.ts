/**
 * The pay host's routes as data (path, title key, login requirement, lazy screen with its loader). The top-up
 * wizard, history and the H5 pages are added by the top-up capability.
 */
export interface RouteEntry {
  path: string;
  titleKey: string;
  requiresLogin: boolean;
  screen: () => Promise<{ default: React.ComponentType; loader?: () => Promise<unknown> }>;
}

export const routeTable: RouteEntry[] = [
  {
    path: '/paygame',
    titleKey: 'pay:paygame.title',
    requiresLogin: false,
    screen: () => import('../routes/paygame.tsx'),
  },
];
