import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { payOrderHistory, webpayOrderHistory } from '@gp/contracts/pay';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import { forgetUser } from '@gp/ui/session';
import { callsTo, orderItem, topupWorld } from '../testing/topup-fixtures.ts';

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
  orderItem('failed', {
    order_no: 'GP002',
    pay_order_no: 'SBX-2',
    reason_code: 15,
    product_name: '300 Jade',
    product_price: 119000,
    currency: 'VND',
    exponent: 0,
    pay_time: null,
  }),
  orderItem('awaiting_payment', { order_no: 'GP003', pay_order_no: 'SBX-3', role_name: 'Lin' }),
];

describe('/paygame_history/', () => {
  it('lists pay time, order number, character, item, amount and status, with the reason of a failure', async () => {
    state.history = { list: orders, total: 3, page_num: 1, page_size: 10 };
    await renderApp(createPayRoutes(), '/paygame_history/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Top-up history' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Your top-ups, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Pay time', 'Order number', 'Character', 'Item', 'Amount', 'Status']);
    const [, delivered, failed, pending] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);

    expect(cells(delivered!).slice(1)).toEqual([
      'GP001Problem with this order?',
      'MeiJade Peak',
      '300 JadeLotus Blade',
      '฿179.00',
      'Top-up successful',
    ]);
    expect(
      within(delivered!).getByRole('cell', { name: /2026/ }).querySelector('time')?.getAttribute('datetime'),
    ).toBe('2026-01-01T03:02:00.000Z');
    expect(cells(failed!)).toEqual([
      'Not paid',
      'GP002Problem with this order?',
      'MeiJade Peak',
      '300 JadeLotus Blade',
      '₫119,000',
      "Top-up failedReason: This order hasn't been paid yet. Please complete the payment or pay again.",
    ]);
    expect(cells(pending!)[5]).toBe('Top-up in progress');
    expect(within(pending!).getByRole('link', { name: 'Check payment GP003' }).getAttribute('href')).toBe(
      '/paygame/?order_no=GP003&pay_order_no=SBX-3',
    );
    expect(callsTo(api.call, webpayOrderHistory)).toEqual([
      { distribution_region: 5, page_num: 1, page_size: 10 },
    ]);
  });

  it('pages through the history', async () => {
    state.history = { list: orders, total: 25, page_num: 2, page_size: 10 };
    await renderApp(createPayRoutes(), '/paygame_history/?page=2');
    const pager = await screen.findByRole('navigation', { name: 'History pages' });
    expect(within(pager).getByText('Page 2 of 3')).toBeTruthy();
    expect(within(pager).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(
      '/paygame_history/?page=1',
    );
    expect(within(pager).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      '/paygame_history/?page=3',
    );
    expect(callsTo(api.call, webpayOrderHistory)).toEqual([
      { distribution_region: 5, page_num: 2, page_size: 10 },
    ]);
  });

  it('says when there is nothing yet', async () => {
    await renderApp(createPayRoutes(), '/paygame_history/');
    expect(await screen.findByText("You haven't topped up yet.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Top up now' }).getAttribute('href')).toBe('/paygame/');
  });
});

describe('H5 pg_record', () => {
  it('shows the orders as cards, from the second variant on /pays_h5', async () => {
    state.history = { list: orders.slice(0, 2), total: 2, page_num: 1, page_size: 10 };
    await renderApp(
      createPayRoutes(() => 'phone'),
      '/pays_h5/pg_record',
    );
    const list = await screen.findByRole('list', { name: 'Your top-ups, newest first' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('฿179.00');
    expect(first!.textContent).toContain('Top-up successful');
    expect(second!.textContent).toContain('₫119,000');
    expect(second!.textContent).toContain("This order hasn't been paid yet.");
    expect(callsTo(api.call, payOrderHistory)).toEqual([{ page_num: 1, page_size: 10, region: 5 }]);
    expect(callsTo(api.call, webpayOrderHistory)).toEqual([]);
  });
});
