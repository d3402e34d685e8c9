/**
 * The passport host's routes as data (path, title key, login requirement, lazy screen). Login itself, signup,
 * password recovery and account settings are filled in by the passport capability.
 */
export interface RouteEntry {
  path: string;
  titleKey: string;
  requiresLogin: boolean;
  screen: () => Promise<{ default: React.ComponentType; loader?: () => Promise<unknown> }>;
}

export const routeTable: RouteEntry[] = [
  {
    path: '/login',
    titleKey: 'passport:login.title',
    requiresLogin: false,
    screen: () => import('../routes/login.tsx'),
  },
];
