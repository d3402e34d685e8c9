import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetUser } from '@gp/ui/session';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import { initialState, serviceWorld } from '../testing/service-fixtures.ts';

const { state, answers } = serviceWorld();
const api = tableApi(answers);
vi.mock('../lib/api-client.ts', () => ({ api }));
const { createPortalRoutes } = await import('./router.tsx');
const phone = () => createPortalRoutes(() => 'phone');

afterEach(() => {
  cleanup();
  api.call.mockClear();
  forgetUser();
  Object.assign(state, initialState());
});

const hrefs = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((l) => l.getAttribute('href'));

describe('customer service on phones (H5)', () => {
  it('sends a phone to the H5 home, whose ways in and pages stay H5', async () => {
    const { router } = await renderApp(phone(), '/service?q=entry');
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer service' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/service/h5?q=entry');
    expect(hrefs(screen.getByRole('navigation', { name: 'Customer service' }))).toEqual([
      '/service/h5/question',
      '/service/h5/history',
      '/service/h5/info',
    ]);
    expect(await screen.findByText('12 answers')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByText('Page 1 of 2')).toBeTruthy();
    expect(hrefs(pager)).toEqual(['/service/h5?q=entry&page=2']);
    const search = screen.getByRole('search', { name: 'Search the FAQ' });
    fireEvent.change(within(search).getByRole('searchbox', { name: 'Keyword' }), {
      target: { value: 'password' },
    });
    fireEvent.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=password'));
    expect(router.state.location.pathname).toBe('/service/h5');
    expect(await screen.findByText('1 answer')).toBeTruthy();
  });

  it('lists tickets as cards linking to the H5 detail, with H5 filter links', async () => {
    await renderApp(phone(), '/service/h5/history');
    expect(await screen.findByRole('heading', { level: 1, name: 'My tickets' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    const cards = screen.getByRole('list', { name: 'Your tickets' });
    const first = within(cards).getAllByRole('listitem')[0]!;
    expect(within(first).getByRole('link', { name: 'Ticket 12' }).getAttribute('href')).toBe(
      '/service/h5/order_detail?work_order_id=12',
    );
    expect(within(first).getByText('Closed')).toBeTruthy();
    expect(hrefs(screen.getByRole('navigation', { name: 'Filter by status' }))[3]).toBe(
      '/service/h5/history?status=2',
    );
  });

  it('shows a ticket under the back bar, and follows up on H5', async () => {
    const { router } = await renderApp(phone(), '/service/h5/order_detail?work_order_id=7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket 7' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Customer service' })).toBeNull();
    expect(screen.getByRole('group', { name: /How satisfied/ })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Ask a follow-up question' });
    expect(link.getAttribute('href')).toBe('/service/h5/requestion?work_order_id=7');
    fireEvent.click(link);
    const content = await screen.findByLabelText('Your follow-up question');
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    fireEvent.change(content, { target: { value: 'Still missing.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send follow-up' }));
    expect(
      await screen.findByText("Your follow-up question has been sent. We'll reply as soon as we can."),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/service/h5/order_detail');
  });

  it('renders the question and contact forms in their H5 form', async () => {
    await renderApp(phone(), '/service/h5/question');
    expect(await screen.findByRole('heading', { level: 1, name: 'Submit a ticket' })).toBeTruthy();
    expect(screen.getByLabelText('Add files')).toBeTruthy();
    expect(hrefs(screen.getByRole('navigation', { name: 'Customer service' }))).toEqual([
      '/service/h5',
      '/service/h5/question',
      '/service/h5/history',
      '/service/h5/info',
    ]);
    cleanup();
    await renderApp(phone(), '/service/h5/info');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact details' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Gender' })).toBeTruthy();
  });
});
