/** Which console screens a session may open, and the side menu's list. */
import { menuAreas, routeTable, screenPreference, type MenuArea, type RouteEntry } from './route-table.ts';
import { passwordPath, securityPath, sessionAllows, type StaffSessionData } from '../lib/staff-session.ts';

/** Whether `session` may open the screen of `entry`: the password change and sign-in security are open to all. */
export function allowedOn(entry: RouteEntry, session: StaffSessionData | null): boolean {
  if (entry.path === passwordPath || entry.path === securityPath) return session !== null;
  const { privilege } = entry;
  if (typeof privilege === 'object') return privilege.some((p) => sessionAllows(session, p));
  return sessionAllows(session, privilege);
}

/** The side menu's screens `session` may use, in `screenPreference` order, then the table's. */
export function menuEntries(
  session: StaffSessionData | null,
  table: RouteEntry[] = routeTable,
): RouteEntry[] {
  const rank = (e: RouteEntry) => {
    const i = screenPreference.indexOf(e.path);
    return i === -1 ? screenPreference.length : i;
  };
  return table
    .filter((e) => e.menu !== false && !e.path.includes(':') && allowedOn(e, session))
    .map((e, order) => ({ e, order }))
    .sort((a, b) => rank(a.e) - rank(b.e) || a.order - b.order)
    .map(({ e }) => e);
}

/**
 * The side menu as groups: first the entries without an area (the home), then one group per area that has
 * entries, each in `menuEntries` order.
 */
export function menuGroups(
  session: StaffSessionData | null,
  table: RouteEntry[] = routeTable,
): { area: MenuArea | null; entries: RouteEntry[] }[] {
  const entries = menuEntries(session, table);
  return [null, ...menuAreas]
    .map((area) => ({ area, entries: entries.filter((e) => (e.area ?? null) === area) }))
    .filter((g) => g.entries.length > 0);
}
