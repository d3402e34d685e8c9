/**
 * A refunded top-up as the player sees it: "Refunded" with the reason in words, in the history
 * table (desktop), the cards (H5) and on the order page, never "Top-up failed".
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import { forgetUser } from '@gp/ui/session';
import pay from '@gp/i18n/locales/en/pay.json';
import { created, orderItem, topupWorld } from '../testing/topup-fixtures.ts';

const { state, answers } = topupWorld();
const api = tableApi(answers);
vi.mock('../lib/api-client.ts', () => ({ api }));
const { createPayRoutes, routes } = await import('../app/router.tsx');

afterEach(() => {
  cleanup();
  api.call.mockClear();
  forgetUser();
  Object.assign(state, topupWorld().state);
});

const refunded = orderItem('refunded', {
  order_no: 'GP009',
  pay_order_no: 'SBX-9',
  refund_reason: 'duplicate',
});
const delivered = orderItem('delivered', { order_no: 'GP001', pay_order_no: 'SBX-1' });

describe('a refunded top-up', () => {
  it('reads "Refunded" with its reason in the desktop history', async () => {
    state.history = { list: [refunded, delivered], total: 2, page_num: 1, page_size: 10 };
    await renderApp(createPayRoutes(), '/paygame_history/');
    const table = await screen.findByRole('table', { name: 'Your top-ups, newest first' });
    const [, first, second] = within(table).getAllByRole('row');
    const status = within(first!).getAllByRole('cell').at(-1)!.textContent;
    expect(status).toBe(`${pay.refunds.status}${pay.history.reason}: ${pay.refunds.reason.duplicate}`);
    expect(status).not.toContain(pay.status.failed);
    expect(within(second!).getAllByRole('cell').at(-1)!.textContent).toBe(pay.status.success);
  });

  it('reads "Refunded" with its reason on the H5 cards', async () => {
    state.history = {
      list: [orderItem('refunded', { refund_reason: 'not_delivered' })],
      total: 1,
      page_num: 1,
      page_size: 10,
    };
    await renderApp(
      createPayRoutes(() => 'phone'),
      '/pays_h5/pg_record',
    );
    const list = await screen.findByRole('list', { name: 'Your top-ups, newest first' });
    const [card] = within(list).getAllByRole('listitem');
    expect(card!.textContent).toContain(pay.refunds.status);
    expect(card!.textContent).toContain(pay.refunds.reason.not_delivered);
    expect(card!.textContent).not.toContain(pay.status.failed);
  });

  it('says refunded, why and when on the order page', async () => {
    state.order = orderItem('refunded', { refund_reason: 'player_request' });
    await renderApp(routes, `/paygame/?order_no=${created.order_no}&pay_order_no=${created.pay_order_no}`);
    const heading = await screen.findByRole('heading', { name: pay.refunds.heading });
    const panel = heading.closest('[role="alert"]')!;
    expect(panel.textContent).toContain(pay.refunds.reason.player_request);
    expect(panel.textContent).toMatch(/refunded on .*2026/);
    expect(screen.queryByRole('heading', { name: pay.order.failedHeading })).toBeNull();
  });

  it('reads a lost dispute as a refund, with its reason, in the history and on the order page', async () => {
    state.history = {
      list: [orderItem('refunded', { order_no: 'GP010', refund_reason: 'dispute_lost' })],
      total: 1,
      page_num: 1,
      page_size: 10,
    };
    await renderApp(createPayRoutes(), '/paygame_history/');
    const table = await screen.findByRole('table', { name: 'Your top-ups, newest first' });
    const [, first] = within(table).getAllByRole('row');
    expect(within(first!).getAllByRole('cell').at(-1)!.textContent).toBe(
      `${pay.refunds.status}${pay.history.reason}: ${pay.refunds.reason.dispute_lost}`,
    );
    cleanup();
    state.order = orderItem('refunded', { refund_reason: 'dispute_lost' });
    await renderApp(routes, `/paygame/?order_no=${created.order_no}&pay_order_no=${created.pay_order_no}`);
    const heading = await screen.findByRole('heading', { name: pay.refunds.heading });
    expect(heading.closest('[role="alert"]')!.textContent).toContain(pay.refunds.reason.dispute_lost);
  });
});
