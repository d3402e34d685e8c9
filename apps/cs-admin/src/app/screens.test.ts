import { describe, expect, it } from 'vitest';
import { routeTable } from './route-table.ts';
import { allowedOn, menuEntries, menuGroups } from './screens.ts';
import { staffSession } from '../testing/console-test.tsx';

describe('menuGroups', () => {
  it('groups every menu entry by area, the home first and ungrouped, losing none', () => {
    const session = staffSession({ privileges: [...staffSession().privileges, 'privacy'] });
    const groups = menuGroups(session);
    expect(groups.map((g) => g.area)).toEqual([null, 'tickets', 'content', 'topUp', 'staff']);
    expect(groups[0]!.entries.map((e) => e.path)).toEqual(['/home']);
    expect(groups.find((g) => g.area === 'topUp')!.entries.map((e) => e.path)).toEqual([
      '/pay/catalog',
      '/pay/game-servers',
      '/pay/orders',
      '/pay/deliveries',
      '/pay/settlement',
    ]);
    const grouped = groups.flatMap((g) => g.entries.map((e) => e.path));
    expect(grouped.sort()).toEqual(
      menuEntries(session)
        .map((e) => e.path)
        .sort(),
    );
    // Every screen the menu lists in the table is in a group.
    const listed = routeTable.filter((e) => e.menu !== false && !e.path.includes(':')).map((e) => e.path);
    expect(grouped.sort()).toEqual(listed.sort());
  });

  it('offers the home to the ticket or the top-up privilege, and leaves out empty groups', () => {
    const home = routeTable.find((e) => e.path === '/home')!;
    expect(allowedOn(home, staffSession({ privileges: ['tickets.read'] }))).toBe(true);
    expect(allowedOn(home, staffSession({ privileges: ['catalog'] }))).toBe(true);
    expect(allowedOn(home, staffSession({ privileges: ['content', 'staff.accounts'] }))).toBe(false);
    const payOnly = menuGroups(staffSession({ privileges: ['catalog'] }));
    expect(payOnly.map((g) => g.area)).toEqual([null, 'topUp', 'staff']);
    expect(menuEntries(staffSession({ privileges: ['catalog'] }))[0]!.path).toBe('/home');
  });
});
