import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '@gp/api-client';
import {
  webpayAddOrder,
  webpayGameList,
  webpayOrderResult,
  webpayRoleList,
  webpaySwitch,
  payGetCaptcha,
} from '@gp/contracts/pay';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import { forgetUser } from '@gp/ui/session';
import {
  callsTo,
  created,
  fakeWindow,
  itemPicture,
  orderItem,
  topupWorld,
} from '../testing/topup-fixtures.ts';

const { state, answers } = topupWorld();
const api = tableApi(answers);
vi.mock('../lib/api-client.ts', () => ({ api }));
const { routes } = await import('../app/router.tsx');
const { rememberOrder } = await import('../features/topup/index.ts');

const assign = vi.fn();
let opened: ReturnType<typeof fakeWindow> | null;
const open = vi.fn(() => opened);

beforeEach(() => {
  opened = fakeWindow();
  vi.stubGlobal('location', { ...window.location, assign, href: window.location.href });
  vi.spyOn(window, 'open').mockImplementation(open as unknown as typeof window.open);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  api.call.mockClear();
  open.mockClear();
  assign.mockClear();
  sessionStorage.clear();
  forgetUser();
  Object.assign(state, topupWorld().state);
});

/** The text an element's aria-describedby points at. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

const radio = (name: string | RegExp) => screen.findByRole('radio', { name });

/** Game, server, character, method, item, captcha, rules: everything up to "Pay now". */
async function fillWizard() {
  fireEvent.click(await radio('Lotus Blade'));
  fireEvent.click(await radio('Jade Peak'));
  fireEvent.click(await radio('Mei'));
  expect(((await radio('THB')) as HTMLInputElement).checked).toBe(true);
  fireEvent.click(await radio('PromptPay'));
  fireEvent.click(await radio('300 Jade, ฿179.00'));
  await screen.findByRole('img', { name: 'Verification code image' });
  fireEvent.change(screen.getByRole('textbox', { name: 'Verification code' }), { target: { value: 'k7p2' } });
  fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and accept the top-up rules' }));
}

describe('/paygame/ for a visitor', () => {
  it('lists the games of the regional web pay and asks to log in once one is chosen', async () => {
    state.loggedIn = false;
    await renderApp(routes, '/paygame/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Top up game credit' })).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Choose a game to top up' });
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Starfall Legends', 'Lotus Blade']);
    expect(api.call).toHaveBeenCalledWith(webpaySwitch, { distribution_region: 5 });
    expect(api.call).toHaveBeenCalledWith(webpayGameList, { distribution_region: 5 });
    fireEvent.click(screen.getByRole('radio', { name: 'Lotus Blade' }));
    const login = await screen.findByRole('link', { name: 'Log in to top up' });
    expect(login.getAttribute('href')).toMatch(/^http:\/\/localhost:8081\/login\?redirect=/);
    expect(callsTo(api.call, webpayRoleList)).toEqual([]);
  });

  it('opens with the game of `?game=` chosen (a game link, the console preview)', async () => {
    state.loggedIn = false;
    await renderApp(routes, '/paygame/?game=2');
    expect(((await radio('Lotus Blade')) as HTMLInputElement).checked).toBe(true);
    expect(await screen.findByRole('link', { name: 'Log in to top up' })).toBeTruthy();
  });

  it("replaces the game the tab's draft held with the link's, and keeps a game chosen afterwards", async () => {
    state.loggedIn = false;
    sessionStorage.setItem(
      'gp.pay.draft:webpay',
      JSON.stringify({
        game: { game_base_id: 1, game_id: 'g1', game_name: 'Starfall Legends', game_icon: '' },
      }),
    );
    await renderApp(routes, '/paygame/?game=2');
    await waitFor(async () => expect(((await radio('Lotus Blade')) as HTMLInputElement).checked).toBe(true));
    expect(((await radio('Starfall Legends')) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(await radio('Starfall Legends'));
    await waitFor(async () =>
      expect(((await radio('Starfall Legends')) as HTMLInputElement).checked).toBe(true),
    );
    expect(((await radio('Lotus Blade')) as HTMLInputElement).checked).toBe(false);
  });

  it('says top-up is unavailable when the main switch is off', async () => {
    state.open = 0;
    await renderApp(routes, '/paygame/');
    expect((await screen.findByRole('status')).textContent).toMatch(/temporarily unavailable/);
  });
});

describe('/paygame/ wizard', () => {
  it('shows an item picture beside the name when the item has one, nothing when not', async () => {
    await renderApp(routes, '/paygame/?game=2');
    fireEvent.click(await radio('Jade Peak'));
    fireEvent.click(await radio('Mei'));
    fireEvent.click(await radio('PromptPay'));
    const img = (await radio('980 Jade, ฿549.00')).closest('li')!.querySelector('img');
    expect(img?.getAttribute('src')).toBe(itemPicture);
    expect(img?.getAttribute('alt')).toBe('');
    expect((await radio('300 Jade, ฿179.00')).closest('li')!.querySelector('img')).toBeNull();
  });

  it('goes from the game to the payment window: confirm, one order, the checkout in the new window', async () => {
    await renderApp(routes, '/paygame/');
    await fillWizard();
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));

    const confirm = await screen.findByRole('region', { name: 'Confirm your order' });
    const summary = within(confirm);
    expect(summary.getByText('Lotus Blade')).toBeTruthy();
    expect(summary.getByText('Jade Peak')).toBeTruthy();
    expect(summary.getByText('Mei')).toBeTruthy();
    expect(summary.getByText('PromptPay')).toBeTruthy();
    expect(summary.getByText('฿179.00')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Confirm your order');

    fireEvent.click(summary.getByRole('button', { name: 'Confirm and pay' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(await screen.findByRole('heading', { name: 'Complete your payment' })).toBeTruthy();
    expect(opened!.location.href).toBe(created.pay_url);
    expect(opened!.opener).toBeNull();

    const [sent] = callsTo(api.call, webpayAddOrder) as Record<string, unknown>[];
    expect(sent).toEqual({
      distribution_region: 5,
      game_base_id: 2,
      game_id: 'ltb_sea',
      cp_server_id: '2001',
      cp_role_id: 'r-mei',
      product_id: 'ltb_sea.gem_300',
      product_name: '300 Jade',
      marketing_desc_1: '',
      marketing_desc_2: '+30 bonus',
      product_price: 17900,
      currency: 'THB',
      pay_mode: 108,
      payment_type: 'promptpay',
      captcha_token: 'cap-1',
      captcha_code: 'k7p2',
      idempotency_key: expect.stringMatching(/^[0-9a-f-]{32,36}$/),
    });
    for (const name of ['Payment completed', 'Problem, pay again', 'Query payment result'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('shows servers under maintenance and characters that cannot top up, disabled, with the reason', async () => {
    await renderApp(routes, '/paygame/');
    fireEvent.click(await radio('Lotus Blade'));
    const crane = (await radio('Crane Valley')) as HTMLInputElement;
    expect(crane.disabled).toBe(true);
    expect(description(crane)).toBe('Under maintenance');
    fireEvent.click(await radio('Jade Peak'));
    const alt = (await radio('Old Alt')) as HTMLInputElement;
    expect(alt.disabled).toBe(true);
    expect(description(alt)).toBe("Lv. 3 Can't be topped up");
    expect(((await radio('Mei')) as HTMLInputElement).disabled).toBe(false);
  });

  it('offers with a method only the items its per-order limits take', async () => {
    await renderApp(routes, '/paygame/');
    fireEvent.click(await radio('Lotus Blade'));
    fireEvent.click(await radio('TrueMoney Wallet'));
    expect(await radio('300 Jade, ฿179.00')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /60 Jade/ })).toBeNull();
    expect(screen.queryByRole('radio', { name: /980 Jade/ })).toBeNull();
    fireEvent.click(await radio('PromptPay'));
    expect(await radio('980 Jade, ฿549.00')).toBeTruthy();
    expect(await radio('60 Jade, ฿35.00')).toBeTruthy();
  });

  it('tells a player without a character on the server, or in the game, how to get one', async () => {
    await renderApp(routes, '/paygame/');
    fireEvent.click(await radio('Lotus Blade'));
    fireEvent.click(await radio('Lotus Pond'));
    expect(await screen.findByText("You don't have a character on this server yet.")).toBeTruthy();
    cleanup();

    state.roleError = 17;
    await renderApp(routes, '/paygame/');
    expect(
      await screen.findByText(
        "There's no character on this account yet. Please create one in the game first.",
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('Create a character in the game first, then come back here to top up.'),
    ).toBeTruthy();
  });

  it('says what is missing when "Pay now" comes too early, and moves focus there', async () => {
    await renderApp(routes, '/paygame/');
    fireEvent.click(await radio('Lotus Blade'));
    await radio('Jade Peak');
    await screen.findByRole('img', { name: 'Verification code image' });
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Please choose a server.')).toBeTruthy();
    expect(screen.getByText('Please choose a payment method.')).toBeTruthy();
    expect(screen.getByText('Please choose an item.')).toBeTruthy();
    expect(screen.getByText('Please enter the verification code.')).toBeTruthy();
    expect(screen.getByText('Please read and accept the top-up rules.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Jade Peak' }));
    expect(callsTo(api.call, webpayAddOrder)).toEqual([]);
  });

  it('brings a refused order back to the choices with the translated reason, every choice kept, a new captcha', async () => {
    state.addOrder = () => {
      throw new ApiError(4, 'pay', 200);
    };
    await renderApp(routes, '/paygame/');
    await fillWizard();
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm and pay' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This game server is under maintenance. Please try again later.');
    expect(opened!.close).toHaveBeenCalled();
    for (const name of ['Lotus Blade', 'Jade Peak', 'Mei', 'THB', 'PromptPay', '300 Jade, ฿179.00'])
      expect(((await radio(name)) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /top-up rules/ }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(callsTo(api.call, payGetCaptcha)).toHaveLength(2));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Verification code' }) as HTMLInputElement).value).toBe(''),
    );
  });

  it('shows a wrong captcha at the captcha field and focuses it', async () => {
    state.addOrder = () => {
      throw new ApiError(1, 'pay', 200);
    };
    await renderApp(routes, '/paygame/');
    await fillWizard();
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm and pay' }));
    const input = await screen.findByRole('textbox', { name: 'Verification code' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(description(input)).toBe('Incorrect captcha. Please enter it again.');
  });

  it('makes one order with one key for a double click, and sends the same key again after a lost answer', async () => {
    let answer: (value: unknown) => void = () => {};
    state.addOrder = () => new Promise((resolve) => (answer = resolve));
    await renderApp(routes, '/paygame/');
    await fillWizard();
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    const confirm = await screen.findByRole('button', { name: 'Confirm and pay' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(callsTo(api.call, webpayAddOrder)).toHaveLength(1);
    expect(open).toHaveBeenCalledTimes(1);
    answer(created);
    expect(await screen.findByRole('heading', { name: 'Complete your payment' })).toBeTruthy();
    expect(callsTo(api.call, webpayAddOrder)).toHaveLength(1);
    cleanup();

    api.call.mockClear();
    let first = true;
    state.addOrder = () => {
      if (first) {
        first = false;
        throw new NetworkError('no answer');
      }
      return created;
    };
    await renderApp(routes, '/paygame/');
    // The choices are still there from the last top-up; the captcha is new.
    await waitFor(async () =>
      expect(((await radio('300 Jade, ฿179.00')) as HTMLInputElement).checked).toBe(true),
    );
    await screen.findByRole('img', { name: 'Verification code image' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Verification code' }), {
      target: { value: 'x9y8' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay now' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm and pay' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Network error. Please check your connection and try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and pay' }));
    expect(await screen.findByRole('heading', { name: 'Complete your payment' })).toBeTruthy();
    const keys = (callsTo(api.call, webpayAddOrder) as { idempotency_key: string }[]).map(
      (o) => o.idempotency_key,
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('offers a link when the browser blocks the payment window', async () => {
    opened = null;
    await renderApp(routes, '/paygame/');
    await fillWizard();
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm and pay' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/blocked the payment window/);
    const link = within(alert).getByRole('link', { name: 'Open the payment page' });
    expect(link.getAttribute('href')).toBe(created.pay_url);
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('sends a player whose session ended to the login page, keeping the choices', async () => {
    await renderApp(routes, '/paygame/');
    await fillWizard();
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    state.addOrder = () => {
      throw new ApiError(-101, 'pay', 200);
    };
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm and pay' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(expect.stringMatching(/:8081\/login\?redirect=/)),
    );
    expect(JSON.parse(sessionStorage.getItem('gp.pay.draft:webpay') ?? '{}').role.cp_role_id).toBe('r-mei');
  });
});

describe('/paygame/?order_no= (the payment step)', () => {
  const path = `/paygame/?order_no=${created.order_no}&pay_order_no=${created.pay_order_no}`;

  beforeEach(() => {
    rememberOrder('webpay', created, false);
  });

  it('queries the result 10 seconds apart: no result, not paid, paid but not credited, credited', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    await renderApp(routes, path);
    const query = await screen.findByRole('button', { name: 'Query payment result' });

    state.result = 14;
    fireEvent.click(query);
    expect((await screen.findByRole('alert')).textContent).toBe('No result found. Please try again.');
    expect(await screen.findByText(/^You can query again in \d+ s\.$/)).toBeTruthy();
    expect(query.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(query);
    expect(callsTo(api.call, webpayOrderResult)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(query.getAttribute('aria-disabled')).toBeNull());
    state.result = 15;
    fireEvent.click(screen.getByRole('button', { name: 'Payment completed' }));
    expect(
      await screen.findByText("This order hasn't been paid yet. Please complete the payment or pay again."),
    ).toBeTruthy();
    expect(callsTo(api.call, webpayOrderResult)).toEqual([
      { distribution_region: 5, pay_order_no: created.pay_order_no },
      { distribution_region: 5, pay_order_no: created.pay_order_no },
    ]);

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(query.getAttribute('aria-disabled')).toBeNull());
    state.result = 'paid';
    fireEvent.click(screen.getByRole('button', { name: 'Query payment result' }));
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(
      screen.getByText("The information may lag. Please don't pay again; query the result again later."),
    ).toBeTruthy();
    expect(screen.getByText('Credit can take 10-15 minutes to arrive in the game.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Problem, pay again' }));
    expect(await screen.findByText(/already been paid, so please don't pay again/)).toBeTruthy();
    expect(open).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    const again = screen.getByRole('button', { name: 'Query payment result' });
    await waitFor(() => expect(again.getAttribute('aria-disabled')).toBeNull());
    state.result = 'delivered';
    fireEvent.click(again);
    const success = await screen.findByRole('heading', { name: 'Top-up successful' });
    // The item's number stays with its word (a no-break space) wherever the sentence wraps.
    expect(success.closest('[role="status"]')?.textContent).toMatch(
      /300\u00a0Jade has been added to Mei on Jade Peak/,
    );
    expect(screen.getByRole('link', { name: 'View top-up history' }).getAttribute('href')).toBe(
      '/paygame_history/',
    );
  });

  it('opens the same checkout again for "Problem, pay again" while the order waits for payment', async () => {
    await renderApp(routes, path);
    fireEvent.click(await screen.findByRole('button', { name: 'Problem, pay again' }));
    expect(open).toHaveBeenCalledWith(created.pay_url, '_blank');
    expect(await screen.findByText('The payment page has opened in a new window again.')).toBeTruthy();
  });

  it('shows a failed order with its translated reason and a way to start again', async () => {
    state.order = orderItem('failed', { reason_code: 15 });
    await renderApp(routes, path);
    const heading = await screen.findByRole('heading', { name: 'Top-up failed' });
    expect(heading.closest('[role="alert"]')?.textContent).toMatch(/hasn't been paid yet/);
    fireEvent.click(screen.getByRole('button', { name: 'Top up again' }));
    expect(await screen.findByRole('region', { name: 'Choose a game to top up' })).toBeTruthy();
  });
});
