/**
 * A ticket's linked top-up order in the console: state and timeline for every agent, the payment
 * details and the two actions only with the “Top-up catalog” privilege (`catalog`); an action's note shows in the console's
 * language, and a refusal says why.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { questionTypeList } from '@gp/contracts/cs';
import {
  deskTicketDetailCall,
  deskTicketLock,
  deskTicketOrderAction,
  deskTicketUnlock,
  deskUserSubmitRecord,
  faqTitleMatchCall,
  type DeskLinkedOrder,
  type DeskTicketDetail,
} from '@gp/contracts/desk';
import type { PayAdminOrderDetail } from '@gp/contracts/pay-admin';
import { codes } from '@gp/errors';
import { fakeStaffApi, Refusal } from '../testing/fake-staff-api.ts';
import { agent, detail, message, page, renderDesk } from '../testing/render-desk.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const orderNo = 'GP20260301STUCK000000000001';
const pay: PayAdminOrderDetail = {
  order_no: orderNo,
  pay_order_no: 'sbx_77',
  provider: 'sandbox',
  uid: 42,
  distribution_region: 5,
  variant: 'webpay',
  game_base_id: 1,
  game_id: 'ltb_sea',
  game_name: 'Lotus Blade',
  cp_server_id: 's1',
  server_name: 'Sea 1',
  cp_role_id: 'HERO12345',
  role_name: 'Hero',
  product_id: 'ltb_sea.gem_980',
  product_name: '980 Gems',
  credit_amount: 980,
  product_price: 54900,
  currency: 'THB',
  exponent: 2,
  pay_mode: 108,
  payment_type: 'promptpay',
  channel_name: 'PromptPay',
  state: 'delivering',
  reason_code: null,
  delivery_status: 'dead',
  created_at: '2026-03-01T02:00:00.000Z',
  expires_at: '2026-03-01T02:30:00.000Z',
  pay_time: '2026-03-01T02:01:00.000Z',
  delivered_at: null,
  updated_at: '2026-03-01T03:00:00.000Z',
  events: [],
  notifications: [],
  delivery: {
    status: 'dead',
    attempts: 8,
    next_attempt_at: '2026-03-01T03:00:00.000Z',
    last_error: 'game server unavailable',
    delivery_id: null,
    created_at: '2026-03-01T02:01:00.000Z',
    updated_at: '2026-03-01T03:00:00.000Z',
  },
  refund: null,
  dispute: null,
};

function linked(withPay: boolean): DeskLinkedOrder {
  return {
    order_no: orderNo,
    state: 'delivering',
    status: 'pending',
    game_name: 'Lotus Blade',
    server_name: 'Sea 1',
    cp_role_id: 'HERO12345',
    role_name: 'Hero',
    product_name: '980 Gems',
    created_at: '2026-03-01T02:00:00.000Z',
    timeline: [
      { step: 'created', at: '2026-03-01T02:00:00.000Z' },
      { step: 'paid', at: '2026-03-01T02:01:00.000Z' },
      { step: 'delivering', at: '2026-03-01T02:01:01.000Z' },
    ],
    pay: withPay ? pay : null,
  };
}

function orderApi(ticketData: DeskTicketDetail) {
  const api = fakeStaffApi();
  let current = ticketData;
  api.on(deskTicketDetailCall, () => current);
  api.on(deskUserSubmitRecord, () => page([]));
  api.on(questionTypeList, () => [
    { question_type: 3, question_type_name: 'Top-up', game_base_id: null, slug: 'payment' },
  ]);
  api.on(deskTicketLock, () => ({ ...agent, expires_at: new Date(Date.now() + 300_000).toISOString() }));
  api.on(deskTicketUnlock, () => null);
  api.on(faqTitleMatchCall, () => ({ list: [], total: 0, page_num: 1, page_size: 8 }));
  return { api, setTicket: (next: DeskTicketDetail) => (current = next) };
}

const panel = () => screen.findByRole('region', { name: 'Linked top-up order' });

describe('the linked order on the ticket detail', () => {
  it('shows state, timeline and payment details, retries the delivery and shows the note', async () => {
    const { api, setTicket } = orderApi(detail({ order_no: orderNo, order: linked(true) }));
    const retried = {
      code: 'delivery_retried' as const,
      order_no: orderNo,
      state: 'delivering' as const,
      at: '2026-03-01T04:00:00.000Z',
    };
    api.on(deskTicketOrderAction, () => {
      const after = detail({
        order_no: orderNo,
        order: linked(true),
        messages: [
          message({ message_id: 1 }),
          message({ message_id: 2, kind: 'order_note', content: '', note: retried, staff_name: 'Ana' }),
        ],
      });
      setTicket(after);
      return { message_id: 2, note: retried, order: after.order! };
    });
    await renderDesk('/tickets/5', ['tickets.read', 'tickets.reply', 'catalog']);
    const region = await panel();
    expect(within(region).getByText(orderNo)).toBeTruthy();
    expect(
      within(region).getByText('Sending the credit to your character', { selector: '.ant-tag' }),
    ).toBeTruthy();
    expect(within(region).getByText('฿549.00')).toBeTruthy();
    expect(within(region).getByText('game server unavailable')).toBeTruthy();
    expect(within(region).getByRole('region', { name: 'Order timeline' }).textContent).toContain(
      'Payment received',
    );

    fireEvent.click(within(region).getByRole('button', { name: 'Retry delivery' }));
    await waitFor(() =>
      expect(api.inputs(deskTicketOrderAction)).toEqual([{ work_order_id: 5, action: 'retry_delivery' }]),
    );
    expect(await within(region).findByText(/the ticket is now Replied: We sent the credit/)).toBeTruthy();
    const thread = screen.getByRole('list', { name: 'Messages, oldest first' });
    await waitFor(() => expect(within(thread).getAllByRole('article')).toHaveLength(2));
    const note = within(thread).getAllByRole('article')[1]!;
    expect(note.getAttribute('aria-label')).toBe('Order note · Ana');
    expect(note.textContent).toContain('We sent the credit to your character again');
  });

  it('says why an action was refused', async () => {
    const { api } = orderApi(detail({ order_no: orderNo, order: linked(true) }));
    api.on(deskTicketOrderAction, () => {
      throw new Refusal(codes.badRequest, { fields: [{ field: 'order_no', code: 'not_dead' }] });
    });
    await renderDesk('/tickets/5', ['tickets.read', 'tickets.reply', 'catalog']);
    fireEvent.click(within(await panel()).getByRole('button', { name: 'Retry delivery' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The delivery is not stuck');
  });

  it("words a refunded order's reason as the pay console does (a lost dispute)", async () => {
    const refunded: DeskLinkedOrder = {
      ...linked(true),
      state: 'refunded',
      status: 'failed',
      pay: {
        ...pay,
        state: 'refunded',
        refund: {
          reason: 'dispute_lost',
          note: null,
          staff_account_id: null,
          refund_ref: null,
          refunded_at: '2026-03-02T08:00:00.000Z',
          reversal_status: 'reversed',
          reversal_reason: null,
          reversal_attempts: 1,
          reversed_at: '2026-03-02T08:00:05.000Z',
        },
      },
    };
    orderApi(detail({ order_no: orderNo, order: refunded }));
    await renderDesk('/tickets/5', ['tickets.read', 'tickets.reply', 'catalog']);
    const region = await panel();
    expect(
      await within(region).findByText(/Dispute lost: the player's bank took the payment back/),
    ).toBeTruthy();
    expect(within(region).queryByText(/dispute_lost/)).toBeNull();
  });

  it('shows an agent without the “Top-up catalog” privilege the state and timeline only, and no actions', async () => {
    orderApi(detail({ order_no: orderNo, order: linked(false) }));
    await renderDesk('/tickets/5', ['tickets.read', 'tickets.reply']);
    const region = await panel();
    expect(within(region).getByText(/need the “Top-up catalog” privilege/)).toBeTruthy();
    expect(within(region).queryByText('฿549.00')).toBeNull();
    expect(within(region).queryByRole('button')).toBeNull();
    expect(within(region).getByRole('region', { name: 'Order timeline' })).toBeTruthy();
  });
});
