/**
 * The portal's routes as data: path, the translation key of the page title, whether login is needed, and the
 * screen (loaded lazily, one chunk per route). The next capability adds every route of spec section 2 here.
 */
export interface RouteEntry {
  path: string;
  /** `namespace:key` of the page title. */
  titleKey: string;
  requiresLogin: boolean;
  screen: () => Promise<{ default: React.ComponentType; loader?: () => Promise<unknown> }>;
}

export const routeTable: RouteEntry[] = [
  {
    path: '/',
    titleKey: 'portal:home.title',
    requiresLogin: false,
    screen: () => import('../routes/home.tsx'),
  },
];
