/**
 * The staff console's routes as data. Staff login, tickets, FAQ, games and content are added by the staff
 * console capabilities.
 */
export interface RouteEntry {
  path: string;
  titleKey: string;
  screen: () => Promise<{ default: React.ComponentType; loader?: () => Promise<unknown> }>;
}

export const routeTable: RouteEntry[] = [
  { path: '/', titleKey: 'admin:console.status', screen: () => import('../routes/status.tsx') },
];
