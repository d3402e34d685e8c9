import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { workOrderPage } from '@gp/contracts/cs';
import { forgetUser } from '@gp/ui/session';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import { callsTo, initialState, serviceWorld } from '../testing/service-fixtures.ts';

const { state, answers } = serviceWorld();
const api = tableApi(answers);
vi.mock('../lib/api-client.ts', () => ({ api }));
const { routes } = await import('../app/router.tsx');

afterEach(() => {
  cleanup();
  api.call.mockClear();
  forgetUser();
  Object.assign(state, initialState());
});

const rows = () =>
  within(screen.getByRole('table', { name: 'Your tickets' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('/service/history', () => {
  it('lists the member’s tickets, latest activity first: title, game, status, last update, linked', async () => {
    await renderApp(routes, '/service/history');
    expect(await screen.findByRole('heading', { level: 1, name: 'My tickets' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Your tickets' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Title', 'Game', 'Status', 'Last update']);
    const first = rows()[0]!;
    expect(first.slice(0, 3)).toEqual(['Ticket 12No. 12 · Top-up & payment', 'Lotus Blade', 'Closed']);
    expect(first[3]).toMatch(/Mar 12, 2026/);
    expect(rows()).toHaveLength(10);
    expect(within(table).getByRole('link', { name: 'Ticket 7' }).getAttribute('href')).toBe(
      '/service/order_detail?work_order_id=7',
    );
    expect(callsTo(api.call, workOrderPage)).toEqual([{ page_num: 1, page_size: 10 }]);
    const nav = screen.getByRole('navigation', { name: 'Customer service' });
    expect(within(nav).getByRole('link', { name: 'My tickets' }).getAttribute('aria-current')).toBe('page');
  });

  it('filters by status with links, the current one marked, and pages', async () => {
    const { router } = await renderApp(routes, '/service/history');
    const filter = await screen.findByRole('navigation', { name: 'Filter by status' });
    expect(
      within(filter)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['All', '/service/history'],
      ['Awaiting reply', '/service/history?status=0'],
      ['In progress', '/service/history?status=1'],
      ['Replied', '/service/history?status=2'],
      ['Closed', '/service/history?status=3'],
    ]);
    expect(within(filter).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(filter).getByRole('link', { name: 'Replied' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=2'));
    // Ticket 9 is on the unfiltered page too: wait for the filtered list itself, not for one of its links.
    await waitFor(() => expect(rows().map((r) => r[2])).toEqual(['Replied', 'Replied', 'Replied']));
    expect(screen.getByRole('link', { name: 'Ticket 9' })).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Filter by status' }))
        .getByRole('link', { name: 'Replied' })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(callsTo(api.call, workOrderPage).at(-1)).toEqual({
      work_order_status: 2,
      page_num: 1,
      page_size: 10,
    });
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();

    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Filter by status' })).getByRole('link', { name: 'All' }),
    );
    const pager = await screen.findByRole('navigation', { name: 'Pages' });
    fireEvent.click(within(pager).getByRole('link', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Ticket 2' })).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    expect(rows()).toHaveLength(2);
    expect(callsTo(api.call, workOrderPage).at(-1)).toEqual({ page_num: 2, page_size: 10 });
  });

  it('says so when there are no tickets, or none with the status', async () => {
    state.tickets = state.tickets.filter((w) => w.work_order_status !== 1);
    await renderApp(routes, '/service/history?status=1');
    expect(await screen.findByText('You have no tickets with this status.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show all tickets' }).getAttribute('href')).toBe(
      '/service/history',
    );
    cleanup();
    state.tickets = [];
    await renderApp(routes, '/service/history');
    expect(await screen.findByText("You haven't submitted any tickets yet.")).toBeTruthy();
  });

  it('sends a visitor to the passport login first', async () => {
    state.loggedIn = false;
    const assign = vi.fn();
    vi.stubGlobal('location', {
      ...window.location,
      replace: assign,
      href: 'http://localhost/service/history',
    });
    await renderApp(routes, '/service/history');
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(String(assign.mock.calls[0]![0])).toMatch(/^http:\/\/localhost:8081\/login\?redirect=/);
    expect(callsTo(api.call, workOrderPage)).toEqual([]);
    vi.unstubAllGlobals();
  });
});
