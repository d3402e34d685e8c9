/**
 * Orders paid from our page on the desktop: a QR code or a virtual account instead of the provider's page, with
 * the amount, the time left to pay and the live status.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import { FakeEventSource } from '@gp/ui/testing-event-source';
import { forgetUser } from '@gp/ui/session';
import {
  bcaVa,
  channels,
  fakeWindow,
  promptPayQr,
  qris,
  topupWorld,
  type OnPageOrder,
} from '../testing/topup-fixtures.ts';

const { state, answers } = topupWorld();
const api = tableApi(answers);
vi.mock('../lib/api-client.ts', () => ({ api }));
const { routes } = await import('../app/router.tsx');
const { rememberOrder } = await import('../features/topup/index.ts');

let opened: ReturnType<typeof fakeWindow> | null;
const open = vi.fn(() => opened);
const writeText = vi.fn(async (_text: string) => {});

beforeEach(() => {
  opened = fakeWindow();
  FakeEventSource.made = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  vi.spyOn(window, 'open').mockImplementation(open as unknown as typeof window.open);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  api.call.mockClear();
  open.mockClear();
  writeText.mockClear();
  sessionStorage.clear();
  forgetUser();
  Object.assign(state, topupWorld().state);
});

const radio = (name: string) => screen.findByRole('radio', { name });
/** Time passes; the clock catches up on its next tick. */
async function passes(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await act(() => vi.advanceTimersByTimeAsync(1000));
}

/** The wizard to "Confirm and pay" of Lotus Blade's 300 Jade by PromptPay, answered with a QR code. */
async function confirmPromptPayQr() {
  state.addOrder = () => promptPayQr.created;
  state.order = promptPayQr.order;
  await renderApp(routes, '/paygame/');
  fireEvent.click(await radio('Lotus Blade'));
  fireEvent.click(await radio('Jade Peak'));
  fireEvent.click(await radio('Mei'));
  fireEvent.click(await radio('PromptPay'));
  fireEvent.click(await radio('300 Jade, ฿179.00'));
  await screen.findByRole('img', { name: 'Verification code image' });
  fireEvent.change(screen.getByRole('textbox', { name: 'Verification code' }), { target: { value: 'k7p2' } });
  fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and accept the top-up rules' }));
  fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Confirm and pay' }));
}

const orderPath = ({ created }: OnPageOrder) =>
  `/paygame/?order_no=${created.order_no}&pay_order_no=${created.pay_order_no}`;

/** The order page of an order this tab made. */
async function showOrder(made: OnPageOrder) {
  state.order = made.order;
  rememberOrder('webpay', made.created, false);
  await renderApp(routes, orderPath(made));
  return screen.findByRole('region', { name: /^(Scan to pay|Pay by bank transfer)$/ });
}

describe('/paygame/ with a QR code', () => {
  it('closes the window it opened, and the order page shows the code, the amount and the time left', async () => {
    await confirmPromptPayQr();

    expect(await screen.findByRole('heading', { name: 'Complete your payment' })).toBeTruthy();
    // The blank window of the click went away again, never pointed anywhere.
    expect(open).toHaveBeenCalledTimes(1);
    expect(opened!.close).toHaveBeenCalled();
    expect(opened!.location.href).toBe('');
    expect(screen.queryByRole('link', { name: 'Open the payment page' })).toBeNull();

    const pay = screen.getByRole('region', { name: 'Scan to pay' });
    const code = await within(pay).findByRole('img', { name: 'QR code to pay ฿179.00' });
    expect(code.tagName.toLowerCase()).toBe('svg');
    expect(code.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
    expect(within(pay).getByText('฿179.00')).toBeTruthy();
    expect(
      within(pay).getByText(/The amount is in the code: scan it with your banking or wallet app/),
    ).toBeTruthy();
    expect(within(pay).getByRole('timer').textContent).toMatch(/^Time left to pay: (30:00|29:5\d)$/);
    expect(screen.getByText(/This page updates by itself once your payment arrives/)).toBeTruthy();

    // "Problem, pay again" has no page to open: the code is here.
    fireEvent.click(screen.getByRole('button', { name: 'Problem, pay again' }));
    expect(
      await screen.findByText('Pay with the details on this page; they work until the time to pay runs out.'),
    ).toBeTruthy();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('opens no window at all when the channel list says the channel is paid from our page', async () => {
    const promptPay = channels.find((c) => c.payment_type === 'promptpay')!;
    promptPay.pays_on_page = true;
    try {
      await confirmPromptPayQr();
      const pay = await screen.findByRole('region', { name: 'Scan to pay' });
      expect(await within(pay).findByRole('img', { name: 'QR code to pay ฿179.00' })).toBeTruthy();
      expect(open).not.toHaveBeenCalled();
    } finally {
      delete promptPay.pays_on_page;
    }
  });

  it('counts down, tells screen readers only at 10, 5 and 1 minutes left, and takes the code away at the end', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const pay = await showOrder(qris);
    await within(pay).findByRole('img', { name: 'QR code to pay Rp\u00a016,000' });
    const said = () => within(pay).getByRole('status').textContent;
    expect(said()).toBe('');

    await passes(19 * 60_000);
    expect(within(pay).getByRole('timer').textContent).toMatch(/^Time left to pay: 1[01]:\d\d$/);
    expect(said()).toBe('');
    await passes(2 * 60_000);
    expect(within(pay).getByRole('timer').textContent).toMatch(/^Time left to pay: [89]:\d\d$/);
    expect(said()).toBe('Less than 10 minutes left to pay.');
    await passes(5 * 60_000);
    expect(said()).toBe('Less than 5 minutes left to pay.');
    await passes(3 * 60_000 + 30_000);
    expect(said()).toBe('Less than 1 minute left to pay.');

    await passes(60_000);
    expect(said()).toMatch(/^The time to pay for this order has run out/);
    expect(within(pay).queryByRole('img')).toBeNull();
    expect(within(pay).queryByRole('timer')).toBeNull();
  });

  it('turns into the success by itself when the live status says paid, then credited', async () => {
    const pay = await showOrder(qris);
    await within(pay).findByRole('img', { name: /^QR code to pay/ });
    await waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    const stream = FakeEventSource.made[0]!;
    const { pay_instructions: _gone, ...paid } = qris.order;

    stream.emit('order', { ...paid, state: 'paid', status: 'pending', timeline: [] });
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Scan to pay' })).toBeNull();
    expect(screen.queryByRole('img', { name: /^QR code/ })).toBeNull();

    stream.emit('order', { ...paid, state: 'delivered', status: 'success', timeline: [] });
    const success = await screen.findByRole('heading', { name: 'Top-up successful' });
    expect(success.closest('[role="status"]')?.textContent).toMatch(/60\u00a0Stardust has been added to Mei/);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(open).not.toHaveBeenCalled();
  });
});

describe('/paygame/ with a virtual account', () => {
  it('shows the bank, the account number in groups and the exact amount, each with a copy button', async () => {
    const pay = await showOrder(bcaVa);
    expect(within(pay).getByText(/Transfer exactly this amount to this virtual account number/)).toBeTruthy();
    const rows = within(pay).getAllByRole('definition');
    const terms = within(pay)
      .getAllByRole('term')
      .map((dt) => dt.textContent);
    expect(terms).toEqual(['Bank', 'Virtual account number', 'Amount']);
    expect(rows[0]!.textContent).toBe('BCA');
    // Four groups of four, spaced by the page: a hand-made copy has no spaces.
    expect(['8808', '1234', '5678', '9012'].map((group) => within(rows[1]!).getByText(group))).toHaveLength(
      4,
    );
    expect(rows[1]!.querySelectorAll('wbr')).toHaveLength(3);
    expect(within(rows[2]!).getByText('Rp 16,000')).toBeTruthy();
    expect(within(pay).getByRole('timer').textContent).toMatch(/^Time left to pay: (30:00|29:5\d)$/);

    // The copy buttons come with the page's scripts.
    const copyAccount = await within(pay).findByRole('button', { name: 'Copy the virtual account number' });
    expect(copyAccount.textContent).toBe('Copy');
    fireEvent.click(copyAccount);
    expect(writeText).toHaveBeenLastCalledWith('8808123456789012');
    await waitFor(() =>
      expect(within(rows[1]!).getByRole('status').textContent).toBe('Virtual account number copied'),
    );

    fireEvent.click(within(pay).getByRole('button', { name: 'Copy the amount' }));
    // As the bank's amount field takes it: rupiah without a zero fraction, no sign, no separators.
    expect(writeText).toHaveBeenLastCalledWith('16000');
    await waitFor(() => expect(within(rows[2]!).getByRole('status').textContent).toBe('Amount copied'));
    expect(open).not.toHaveBeenCalled();
  });
});
