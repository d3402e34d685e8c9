import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import admin from '@gp/i18n/locales/en/admin.json';
import {
  ok,
  refuse,
  renderConsole,
  resetSession,
  staffServer,
  staffSession,
} from '../testing/console-test.tsx';
import type { RouteEntry } from './route-table.ts';
import { menuEntries } from './screens.ts';
import { safeRedirect } from '../lib/staff-session.ts';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const health = () => ok({ status: 'up', database: { driver: 'pglite', status: 'up' } });
const emptyPage = () => ok({ list: [], total: 0, page_num: 1, page_size: 20 });

/** The status page reads /healthz on the API host, outside /csmng. */
function withHealth(server: ReturnType<typeof staffServer>) {
  const staffFetch = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/healthz')) return Response.json({ code: 0, message: 'ok', data: health().data });
      return staffFetch(input, init);
    }),
  );
  return server;
}

function menuLinks() {
  const nav = screen.getByRole('navigation', { name: admin.console.menu });
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);
}

describe('console layout and guards', () => {
  it('a one-time password reaches only the password change, whatever the address', async () => {
    staffServer({ '/account/list': emptyPage }, staffSession({ must_change_password: 1 }));
    const { router } = await renderConsole('/accounts');
    await screen.findByRole('heading', { name: admin.password.title });
    expect(router.state.location.pathname).toBe('/password');
    expect(screen.getByText(admin.password.forced)).toBeTruthy();
    // No menu and nothing else to open.
    expect(screen.queryByRole('navigation', { name: admin.console.menu })).toBeNull();
    await router.navigate('/audit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/password'));
    await router.navigate('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/password'));
  });

  it('the menu lists only what the session may use; home is the first of them', async () => {
    // Export alone opens no screen of its own (the queue needs tickets.read).
    withHealth(staffServer({}, staffSession({ privileges: ['tickets.export'], privilege_ids: [3] })));
    const { router } = await renderConsole('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/status'));
    await screen.findByRole('heading', { name: admin.console.status });
    expect(menuLinks()).toEqual([admin.console.status]);
  });

  it('an administrator sees staff accounts and the audit log in the menu and lands on accounts', async () => {
    staffServer(
      { '/account/list': emptyPage },
      staffSession({ privileges: ['staff.accounts'], privilege_ids: [8] }),
    );
    const { router } = await renderConsole('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts'));
    await screen.findByRole('heading', { name: admin.accounts.title });
    expect(menuLinks()).toEqual([admin.accounts.title, admin.audit.title, admin.console.status]);
  });

  it('a screen needing a privilege the session lacks shows 403 and never calls its API', async () => {
    const server = withHealth(
      staffServer({ '/audit/page': emptyPage }, staffSession({ privileges: [], privilege_ids: [] })),
    );
    await renderConsole('/audit');
    expect(await screen.findByRole('heading', { name: admin.access.deniedTitle })).toBeTruthy();
    expect(screen.getByText(admin.access.denied)).toBeTruthy();
    expect(server.to('/audit/page')).toHaveLength(0);
  });

  it('shows who is signed in and logs out to the login', async () => {
    const server = withHealth(staffServer({}, staffSession({ privileges: [], privilege_ids: [] })));
    const { router } = await renderConsole('/status');
    expect(await screen.findByText('Ada Admin (admin)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: admin.console.logout }));
    await screen.findByRole('heading', { name: admin.login.title });
    expect(server.to('/login_out')).toHaveLength(1);
    expect(router.state.location.search).toBe('');
  });

  it('-101 on any call ends the session and goes to the login, back to the screen afterwards', async () => {
    staffServer({ '/account/list': () => refuse(-101) }, staffSession());
    const { router } = await renderConsole('/status');
    await screen.findByText('Ada Admin (admin)');
    await router.navigate('/accounts?q=ann');
    await screen.findByRole('heading', { name: admin.login.title });
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/accounts?q=ann');
  });
});

describe('menuEntries', () => {
  const screen = () => Promise.resolve({ default: () => null });
  const table: RouteEntry[] = [
    { path: '/status', titleKey: 'status', screen },
    { path: '/audit', titleKey: 'audit', privilege: 'staff.accounts', screen },
    { path: '/password', titleKey: 'password', menu: false, screen },
    { path: '/tickets', titleKey: 'queue', privilege: 'tickets.read', screen },
    { path: '/tickets/:id', titleKey: 'ticket', privilege: 'tickets.read', screen },
    { path: '/games', titleKey: 'games', privilege: 'games', screen },
  ];
  const paths = (privileges: string[], oneTime: 0 | 1 = 0) =>
    menuEntries(staffSession({ privileges, must_change_password: oneTime }), table).map((e) => e.path);

  it('puts the ticket queue first for agents, leaves out detail screens and hidden ones', () => {
    expect(paths(['tickets.read', 'staff.accounts', 'games'])).toEqual([
      '/tickets',
      '/audit',
      '/status',
      '/games',
    ]);
    expect(paths(['tickets.read'])).toEqual(['/tickets', '/status']);
    expect(paths([])).toEqual(['/status']);
  });

  it('offers nothing to a one-time password', () => {
    expect(paths(['tickets.read', 'staff.accounts'], 1)).toEqual([]);
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/accounts?q=a#x', '/accounts?q=a#x'],
    ['//evil.example/x', '/'],
    ['https://evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/login?redirect=/x', '/'],
    [null, '/'],
  ])('%s -> %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });
});
