import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@gp/api-client';
import type { CallContract } from '@gp/contracts';
import {
  payAddPayOrder,
  payChannelList,
  payOrderResult,
  payProductList,
  payRoleList,
  webpayAddOrder,
  webpayOrderResult,
} from '@gp/contracts/pay';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import { forgetUser } from '@gp/ui/session';
import { callsTo, created, fakeWindow, itemPicture, topupWorld } from '../testing/topup-fixtures.ts';

const { state, answers } = topupWorld();
const api = tableApi(answers);
vi.mock('../lib/api-client.ts', () => ({ api }));
const { createPayRoutes } = await import('./router.tsx');
const phone = () => createPayRoutes(() => 'phone');

let opened: ReturnType<typeof fakeWindow> | null;
const open = vi.fn(() => opened);

beforeEach(() => {
  opened = fakeWindow();
  vi.spyOn(window, 'open').mockImplementation(open as unknown as typeof window.open);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
  api.call.mockClear();
  open.mockClear();
  sessionStorage.clear();
  forgetUser();
  Object.assign(state, topupWorld().state);
});

const radio = (name: string) => screen.findByRole('radio', { name });
const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });

async function fillSetout() {
  fireEvent.click(await radio('Jade Peak'));
  fireEvent.click(await radio('Mei'));
  fireEvent.click(await radio('PromptPay'));
  fireEvent.click(await radio('300 Jade, ฿179.00'));
  await screen.findByRole('img', { name: 'Verification code image' });
  fireEvent.change(screen.getByRole('textbox', { name: 'Verification code' }), { target: { value: 'k7p2' } });
  fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and accept the top-up rules' }));
}

const path = (router: { state: { location: { pathname: string; search: string } } }) =>
  router.state.location.pathname + router.state.location.search;

describe('/pay_h5 steps', () => {
  it('walks game -> setoutpay -> payaffirm -> payorder -> paycomplete -> paysucceed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const { router } = await renderApp(phone(), '/pay_h5');
    await h1('Top up game credit');
    const games = screen.getByRole('region', { name: 'Choose a game to top up' });
    expect(
      within(games)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Starfall Legends', 'Lotus Blade']);
    fireEvent.click(within(games).getByRole('link', { name: 'Lotus Blade' }));

    await h1('Choose payment');
    expect(path(router)).toBe('/pay_h5/setoutpay?game=2');
    expect(screen.getByText('Topping up Lotus Blade')).toBeTruthy();
    await fillSetout();
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));

    await h1('Confirm your order');
    expect(path(router)).toBe('/pay_h5/payaffirm');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Confirm your order'));
    expect(screen.getByText('฿179.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and pay' }));
    expect(open).toHaveBeenCalledWith('', '_blank');

    await h1('Pay for your order');
    expect(path(router)).toBe(
      `/pay_h5/payorder?order_no=${created.order_no}&pay_order_no=${created.pay_order_no}`,
    );
    expect(opened!.location.href).toBe(created.pay_url);
    expect(callsTo(api.call, webpayAddOrder)).toHaveLength(1);

    state.result = 'paid';
    fireEvent.click(await screen.findByRole('button', { name: 'Payment completed' }));
    await h1('Payment finished');
    expect(router.state.location.pathname).toBe('/pay_h5/paycomplete');
    expect(
      screen.getByText("The information may lag. Please don't pay again; query the result again later."),
    ).toBeTruthy();
    expect(screen.getByText('Credit can take 10-15 minutes to arrive in the game.')).toBeTruthy();
    // The 10-second wait started on payorder carries over.
    const query = await screen.findByRole('button', { name: 'Query payment result' });
    expect(query.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText(/^You can query again in \d+ s\.$/)).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(query.getAttribute('aria-disabled')).toBeNull());
    state.result = 'delivered';
    fireEvent.click(query);
    await h1('Top-up successful');
    expect(router.state.location.pathname).toBe('/pay_h5/paysucceed');
    expect(screen.getByText('300 Jade has been added to Mei on Jade Peak.')).toBeTruthy();
    expect(callsTo(api.call, webpayOrderResult)).toHaveLength(2);
  });

  it('keeps every choice over a reload of setoutpay', async () => {
    await renderApp(phone(), '/pay_h5/setoutpay?game=2');
    await fillSetout();
    cleanup();

    await renderApp(phone(), '/pay_h5/setoutpay');
    for (const name of ['Jade Peak', 'Mei', 'THB', 'PromptPay', '300 Jade, ฿179.00'])
      await waitFor(async () => expect(((await radio(name)) as HTMLInputElement).checked).toBe(true));
    expect((screen.getByRole('textbox', { name: 'Verification code' }) as HTMLInputElement).value).toBe(
      'k7p2',
    );
    expect((screen.getByRole('checkbox', { name: /top-up rules/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('goes back to setoutpay with the reason when the order is refused, choices kept', async () => {
    state.addOrder = () => {
      throw new ApiError(6, 'pay', 200);
    };
    const { router } = await renderApp(phone(), '/pay_h5/setoutpay?game=2');
    await fillSetout();
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm and pay' }));
    await h1('Choose payment');
    expect(router.state.location.pathname).toBe('/pay_h5/setoutpay');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This item is no longer on sale. Please choose another one.');
    expect(((await radio('Mei')) as HTMLInputElement).checked).toBe(true);
    expect(opened!.close).toHaveBeenCalled();
  });

  it('sends payaffirm without finished choices back to the start', async () => {
    const { router } = await renderApp(phone(), '/pay_h5/payaffirm');
    await h1('Top up game credit');
    expect(router.state.location.pathname).toBe('/pay_h5');
  });
});

describe('/pay_h5?game= (a game link, the console preview)', () => {
  it('goes straight to the payment step of a game in the list', async () => {
    const { router } = await renderApp(phone(), '/pay_h5?game=2');
    await h1('Choose payment');
    expect(path(router)).toBe('/pay_h5/setoutpay?game=2');
    expect(screen.getByText('Topping up Lotus Blade')).toBeTruthy();
  });

  it('keeps the game through the desktop -> H5 redirect of the preview link', async () => {
    const { router } = await renderApp(phone(), '/paygame/?game=2');
    await h1('Choose payment');
    expect(path(router)).toBe('/pay_h5/setoutpay?game=2');
    expect(screen.getByText('Topping up Lotus Blade')).toBeTruthy();
  });

  it('stays on the game list for an unknown or malformed id', async () => {
    for (const game of ['999', 'abc', '', '2x']) {
      const { router } = await renderApp(phone(), `/pay_h5?game=${game}`);
      await h1('Top up game credit');
      expect(screen.getByRole('region', { name: 'Choose a game to top up' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/pay_h5');
      cleanup();
    }
  });
});

describe('item pictures', () => {
  it('shows the picture of an item that has one, lazily, sized, decorative; none for an item without', async () => {
    await renderApp(phone(), '/pay_h5/setoutpay?game=2');
    fireEvent.click(await radio('Jade Peak'));
    fireEvent.click(await radio('Mei'));
    fireEvent.click(await radio('PromptPay'));
    // Found by its name alone: the picture adds nothing to it.
    const pictured = (await radio('980 Jade, ฿549.00')).closest('li')!;
    const img = pictured.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(itemPicture);
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['44', '44']);
    expect((await radio('300 Jade, ฿179.00')).closest('li')!.querySelector('img')).toBeNull();
    expect((await radio('60 Jade, ฿35.00')).closest('li')!.querySelector('img')).toBeNull();
  });
});

describe('/pays_h5 (second pay variant)', () => {
  it('runs the same steps on /api/web/pay with region and addExtra', async () => {
    const { router } = await renderApp(phone(), '/pays_h5');
    fireEvent.click(await screen.findByRole('link', { name: 'Lotus Blade' }));
    await h1('Choose payment');
    await fillSetout();
    expect(callsTo(api.call, payRoleList)).toEqual([{ game_base_id: 2 }]);
    expect(callsTo(api.call, payChannelList).length).toBeGreaterThan(0);
    expect(callsTo(api.call, payProductList)).toContainEqual({ game_id: 'ltb_sea' });
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm and pay' }));
    await h1('Pay for your order');
    expect(router.state.location.pathname).toBe('/pays_h5/payorder');

    const [sent] = callsTo(api.call, payAddPayOrder) as Record<string, unknown>[];
    expect(sent).toMatchObject({
      game_base_id: 2,
      cp_server_id: '2001',
      cp_role_id: 'r-mei',
      product_id: 'ltb_sea.gem_300',
      product_price: 17900,
      currency: 'THB',
      pay_mode: 108,
      payment_type: 'promptpay',
      captcha_code: 'k7p2',
      region: 5,
    });
    expect(JSON.parse(sent!.addExtra as string)).toEqual({ source: 7, page: 'pays_h5' });
    expect(sent).not.toHaveProperty('distribution_region');

    state.result = 15;
    fireEvent.click(await screen.findByRole('button', { name: 'Query payment result' }));
    expect(
      await screen.findByText("This order hasn't been paid yet. Please complete the payment or pay again."),
    ).toBeTruthy();
    expect(callsTo(api.call, payOrderResult)).toEqual([{ pay_order_no: created.pay_order_no, region: 5 }]);

    const webpayCalls = api.call.mock.calls
      .map(([contract]) => (contract as CallContract).path)
      .filter((p) => p.startsWith('/api/komoe/webpay'));
    expect(webpayCalls).toEqual([]);
  });
});
