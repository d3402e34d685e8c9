import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@gp/api-client';
import { payOrderLookup, type PayOrderLookedUp } from '@gp/contracts/pay';
import { forgetUser } from '@gp/ui/session';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import { orderItem } from '../testing/topup-fixtures.ts';

const { pay_order_no: _p, cp_role_id: _r, ...shown } = orderItem('delivered', { role_name: 'M**i' });
const found: PayOrderLookedUp = {
  ...shown,
  timeline: [
    { step: 'created', at: '2026-11-26T01:00:00.000Z' },
    { step: 'paid', at: '2026-11-26T01:02:00.000Z' },
    { step: 'delivered', at: '2026-11-26T01:03:00.000Z' },
  ],
};
let answer: (input: { order_no: string; account: string }) => PayOrderLookedUp = () => found;
const api = tableApi(new Map([[payOrderLookup, (input: unknown) => answer(input as never)]]));
vi.mock('../lib/api-client.ts', () => ({ api }));
const { routes } = await import('../app/router.tsx');

afterEach(() => {
  cleanup();
  api.call.mockClear();
  forgetUser();
  answer = () => found;
});

const lookups = () => api.call.mock.calls.filter(([c]) => c === payOrderLookup).map(([, input]) => input);

async function fill(orderNo: string, account: string) {
  fireEvent.change(screen.getByLabelText('Order number'), { target: { value: orderNo } });
  fireEvent.change(screen.getByLabelText('E-mail or phone number'), { target: { value: account } });
  fireEvent.click(screen.getByRole('button', { name: 'Check order' }));
}

describe('lookup without login', () => {
  it("shows a visitor the order's state, summary and timeline", async () => {
    await renderApp(routes, '/paygame_lookup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Check an order' })).toBeTruthy();
    await fill(` ${found.order_no} `, 'mali@example.com');
    const heading = await screen.findByRole('heading', { level: 2, name: `Order ${found.order_no}` });
    expect(lookups()).toEqual([{ order_no: found.order_no, account: 'mali@example.com' }]);
    const panel = heading.closest('section')!;
    expect(within(panel).getByRole('status').textContent).toBe('Status: Credited');
    expect(within(panel).getByText('M**i')).toBeTruthy();
    const steps = within(panel).getByRole('list', { name: 'Order progress' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
  });

  it('says what the API says for no match and for too many tries, and checks empty fields first', async () => {
    await renderApp(routes, '/paygame_lookup_h5');
    await screen.findByRole('heading', { level: 1, name: 'Check an order' });
    fireEvent.click(screen.getByRole('button', { name: 'Check order' }));
    expect(screen.getByLabelText('Order number').getAttribute('aria-invalid')).toBe('true');
    expect(lookups()).toEqual([]);

    answer = () => {
      throw new ApiError(40, 'pay', 200);
    };
    await fill('GP0000', 'nobody@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe(
      "We couldn't find an order with this number for that e-mail or phone number. Please check both and try again.",
    );
    answer = () => {
      throw new ApiError(800000, 'common', 429);
    };
    fireEvent.click(screen.getByRole('button', { name: 'Check order' }));
    expect(await screen.findByText('Too many requests. Please wait a moment and try again.')).toBeTruthy();
  });
});
