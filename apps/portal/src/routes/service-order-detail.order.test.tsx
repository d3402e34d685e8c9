/**
 * A ticket about a top-up order on the player's ticket page: the order's state and timeline, and the
 * agents' notes on it worded for the player.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayOrderTracked } from '@gp/contracts/pay';
import { currentLanguage } from '@gp/i18n';
import { dateTimeZone, formatDate } from '@gp/i18n/format';
import { forgetUser } from '@gp/ui/session';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import { FakeEventSource } from '@gp/ui/testing-event-source';
import { initialState, serviceWorld } from '../testing/service-fixtures.ts';

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

const orderNo = 'GP20260301PAID0000000000001';
const order: PayOrderTracked = {
  order_no: orderNo,
  pay_order_no: 'sbx_1',
  game_base_id: 1,
  game_id: 'ltb_sea',
  game_name: 'Lotus Blade',
  cp_server_id: 's1',
  server_name: 'Sea 1',
  cp_role_id: 'HERO12345',
  role_name: 'Mali',
  product_id: 'ltb_sea.gem_980',
  product_name: '980 Gems',
  product_price: 54900,
  currency: 'THB',
  exponent: 2,
  pay_mode: 108,
  payment_type: 'promptpay',
  channel_name: 'PromptPay',
  state: 'delivered',
  status: 'success',
  reason_code: null,
  created_at: '2026-03-01T02:00:00.000Z',
  pay_time: '2026-03-01T02:01:00.000Z',
  delivered_at: '2026-03-01T05:00:00.000Z',
  refund_reason: null,
  refunded_at: null,
  timeline: [
    { step: 'created', at: '2026-03-01T02:00:00.000Z' },
    { step: 'paid', at: '2026-03-01T02:01:00.000Z' },
    { step: 'delivering', at: '2026-03-01T02:01:01.000Z' },
    { step: 'failed', at: '2026-03-01T03:00:00.000Z' },
    { step: 'delivered', at: '2026-03-01T05:00:00.000Z' },
  ],
} as PayOrderTracked;

describe('/service/order_detail with an order', () => {
  it('shows the order’s state and timeline, and the agent’s note in words', async () => {
    const ticket = state.tickets.find((w) => w.work_order_id === 5)!;
    Object.assign(ticket, { order_no: orderNo, order });
    ticket.messages = [
      ...ticket.messages,
      {
        message_id: 501,
        kind: 'order_note',
        content: '',
        note: {
          code: 'delivery_retried',
          order_no: orderNo,
          state: 'delivering',
          at: '2026-03-01T04:59:00.000Z',
        },
        created_at: '2026-03-01T04:59:00.000Z',
        attachments: [],
      },
    ];
    await renderApp(routes, '/service/order_detail?work_order_id=5');
    const panel = await screen.findByRole('region', { name: 'Your order' });
    const facts = Object.fromEntries(
      within(panel)
        .getAllByRole('term')
        .map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]),
    );
    expect(facts).toMatchObject({
      'Order number': orderNo,
      Status: 'Credit delivered',
      Item: '980 Gems',
      Character: 'Mali · Sea 1',
    });
    const steps = within(within(panel).getByRole('list', { name: 'Order progress' })).getAllByRole(
      'listitem',
    );
    expect(steps).toHaveLength(5);
    expect(steps.at(-1)!.getAttribute('aria-current')).toBe('step');

    const conversation = screen.getByRole('region', { name: 'Conversation' });
    const note = within(conversation).getAllByRole('article').at(-1)!;
    expect(note.getAttribute('aria-label')).toBe('Customer service');
    const time = formatDate('2026-03-01T04:59:00.000Z', currentLanguage(), { style: dateTimeZone });
    expect(note.textContent).toContain(`We sent the credit to your character again (${time}).`);
  });

  it('follows the order while the page is open: the credit arriving reloads the ticket with its note', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.made = [];
    const stuck: PayOrderTracked = { ...order, state: 'delivering', status: 'pending', delivered_at: null };
    stuck.timeline = order.timeline.slice(0, 3);
    const ticket = state.tickets.find((w) => w.work_order_id === 5)!;
    Object.assign(ticket, { order_no: orderNo, order: stuck });
    await renderApp(routes, '/service/order_detail?work_order_id=5');
    const panel = await screen.findByRole('region', { name: 'Your order' });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3);
    // The stream opens in an effect, which a busy machine may run after the panel is on screen.
    await waitFor(() => expect(FakeEventSource.made.length).toBeGreaterThan(0));
    const [stream] = FakeEventSource.made;
    expect(new URL(stream!.url).searchParams.get('order_no')).toBe(orderNo);

    // Meanwhile an agent retried the delivery and the game server took it: the ticket now has the note.
    ticket.order = order;
    ticket.messages = [
      ...ticket.messages,
      {
        message_id: 502,
        kind: 'order_note',
        content: '',
        note: {
          code: 'delivery_retried',
          order_no: orderNo,
          state: 'delivering',
          at: '2026-03-01T04:59:00.000Z',
        },
        created_at: '2026-03-01T04:59:00.000Z',
        attachments: [],
      },
    ];
    stream!.emit('order', order);
    expect(await within(panel).findByText('Credit delivered', { selector: 'dd' })).toBeTruthy();
    const conversation = screen.getByRole('region', { name: 'Conversation' });
    expect(within(conversation).getAllByRole('article').at(-1)!.textContent).toContain(
      'We sent the credit to your character again',
    );
    vi.unstubAllGlobals();
  });

  it('has no order panel for a ticket without an order', async () => {
    await renderApp(routes, '/service/order_detail?work_order_id=5');
    expect(await screen.findByRole('region', { name: 'Conversation' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your order' })).toBeNull();
  });
});
