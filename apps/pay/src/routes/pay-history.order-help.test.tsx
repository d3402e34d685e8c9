/**
 * "Problem with this order?" on every order of the top-up history: a link to the customer-service
 * question form (desktop or H5, like the page) carrying the order's number, game, server and character.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import { forgetUser } from '@gp/ui/session';
import { orderItem, topupWorld } from '../testing/topup-fixtures.ts';

const { state, answers } = topupWorld();
const api = tableApi(answers);
vi.mock('../lib/api-client.ts', () => ({ api }));
const { createPayRoutes } = await import('../app/router.tsx');

afterEach(() => {
  cleanup();
  api.call.mockClear();
  forgetUser();
  Object.assign(state, topupWorld().state);
});

const orders = [
  orderItem('delivered', { order_no: 'GP001', pay_order_no: 'SBX-1' }),
  orderItem('delivering', { order_no: 'GP002', pay_order_no: 'SBX-2', role_name: 'Lin' }),
];

function linkOf(scope: HTMLElement, orderNo: string) {
  const link = within(scope).getByRole('link', { name: `Problem with this order? ${orderNo}` });
  return new URL(link.getAttribute('href')!, 'http://pay.test');
}

describe('Problem with this order?', () => {
  it('links every order of the desktop history to the question form about it', async () => {
    state.history = { list: orders, total: 2, page_num: 1, page_size: 10 };
    await renderApp(createPayRoutes(), '/paygame_history/');
    const table = await screen.findByRole('table', { name: 'Your top-ups, newest first' });
    const [, first, second] = within(table).getAllByRole('row');
    const url = linkOf(first!, 'GP001');
    expect(url.pathname).toBe('/service/question');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      order_no: 'GP001',
      game_base_id: String(orders[0]!.game_base_id),
      server: orders[0]!.server_name,
      role_id: orders[0]!.cp_role_id,
      role_name: 'Mei',
    });
    expect(linkOf(second!, 'GP002').searchParams.get('role_name')).toBe('Lin');
  });

  it('links the H5 cards to the H5 question form', async () => {
    state.history = { list: orders, total: 2, page_num: 1, page_size: 10 };
    await renderApp(
      createPayRoutes(() => 'phone'),
      '/pay_h5/pg_record',
    );
    const list = await screen.findByRole('list', { name: 'Your top-ups, newest first' });
    const [first] = within(list).getAllByRole('listitem');
    const url = linkOf(first!, 'GP001');
    expect(url.pathname).toBe('/service/h5/question');
    expect(url.searchParams.get('order_no')).toBe('GP001');
  });
});
