/**
 * Orders paid from our page or in a wallet's app, on a phone (`/pay_h5/payorder`): the QR code after the confirm
 * page (no window), and the wallet app's button beside the way to pay in the browser.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import { forgetUser } from '@gp/ui/session';
import { fakeWindow, gcash, promptPayQr, topupWorld, type OnPageOrder } from '../testing/topup-fixtures.ts';

const { state, answers } = topupWorld();
const api = tableApi(answers);
vi.mock('../lib/api-client.ts', () => ({ api }));
const { createPayRoutes } = await import('../app/router.tsx');
const { rememberOrder } = await import('../features/topup/index.ts');
const phone = () => createPayRoutes(() => 'phone');
const desktop = () => createPayRoutes(() => 'desktop');

let opened: ReturnType<typeof fakeWindow> | null;
const open = vi.fn(() => opened);

beforeEach(() => {
  opened = fakeWindow();
  vi.spyOn(window, 'open').mockImplementation(open as unknown as typeof window.open);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  api.call.mockClear();
  open.mockClear();
  sessionStorage.clear();
  forgetUser();
  Object.assign(state, topupWorld().state);
});

const radio = (name: string) => screen.findByRole('radio', { name });
const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });
const query = ({ created }: OnPageOrder) =>
  `order_no=${created.order_no}&pay_order_no=${created.pay_order_no}`;

describe('/pay_h5 with a QR code', () => {
  it('goes from payaffirm to payorder without a window, and shows the code with how to scan it on this phone', async () => {
    state.addOrder = () => promptPayQr.created;
    state.order = promptPayQr.order;
    const { router } = await renderApp(phone(), '/pay_h5/setoutpay?game=2');
    fireEvent.click(await radio('Jade Peak'));
    fireEvent.click(await radio('Mei'));
    fireEvent.click(await radio('PromptPay'));
    fireEvent.click(await radio('300 Jade, ฿179.00'));
    await screen.findByRole('img', { name: 'Verification code image' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Verification code' }), {
      target: { value: 'k7p2' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and accept the top-up rules' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await h1('Confirm your order');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and pay' }));

    await h1('Pay for your order');
    expect(router.state.location.pathname + router.state.location.search).toBe(
      `/pay_h5/payorder?${query(promptPayQr)}`,
    );
    expect(opened!.close).toHaveBeenCalled();
    expect(opened!.location.href).toBe('');
    const pay = await screen.findByRole('region', { name: 'Scan to pay' });
    expect(await within(pay).findByRole('img', { name: 'QR code to pay ฿179.00' })).toBeTruthy();
    expect(within(pay).getByText('฿179.00')).toBeTruthy();
    expect(within(pay).getByText(/^Paying on this phone\? Take a screenshot of the code/)).toBeTruthy();
    expect(within(pay).getByRole('timer').textContent).toMatch(/^Time left to pay: (30:00|29:5\d)$/);
    // Not a wallet: no app to open.
    expect(screen.queryByRole('link', { name: /^Open .* app$/ })).toBeNull();
  });
});

describe('/pay_h5 with a wallet', () => {
  it("offers the wallet's app, prominently, beside the wallet's page in the browser", async () => {
    state.order = gcash.order;
    rememberOrder('webpay', gcash.created, false);
    await renderApp(phone(), `/pay_h5/payorder?${query(gcash)}`);
    await h1('Pay for your order');
    const app = await screen.findByRole('link', { name: 'Open GCash app' });
    expect(app.getAttribute('href')).toBe('gcash://pay?request=pr-gcash-0001');
    expect(app.getAttribute('target')).toBeNull();
    expect(app.className).toMatch(/primary/);
    // Before everything else the page says.
    const heading = screen.getByRole('heading', { level: 2, name: 'Complete your payment' });
    expect(heading.compareDocumentPosition(app) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const browser = screen.getByRole('link', { name: 'Open the payment page' });
    expect(browser.getAttribute('href')).toBe(gcash.created.pay_url);
    expect(app.compareDocumentPosition(browser) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('region', { name: /^(Scan to pay|Pay by bank transfer)$/ })).toBeNull();
  });

  it('offers no app on the desktop, where there is none to open', async () => {
    state.order = gcash.order;
    rememberOrder('webpay', gcash.created, false);
    await renderApp(desktop(), `/paygame/?${query(gcash)}`);
    expect(await screen.findByRole('heading', { name: 'Complete your payment' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the payment page' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open GCash app' })).toBeNull();
  });
});
