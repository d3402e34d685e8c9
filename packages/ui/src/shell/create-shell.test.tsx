import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, type ApiClient } from '@gp/api-client';
import { localHosts } from '@gp/config';
import type { CallContract } from '@gp/contracts';
import { userInfo, userLogout } from '@gp/contracts/passport';
import { fansGroupList, gameList, homeNavList } from '@gp/contracts/web';
import type { DeviceKind } from '@gp/config/navigation-rules';
import { renderApp } from '../testing.tsx';
import { createShellRoutes } from './create-shell.tsx';
import { forgetUser } from './session.ts';
import { untilKnown } from '../until-known.ts';

afterEach(() => {
  cleanup();
  forgetUser();
  document.documentElement.style.fontSize = '';
});

const allOn = { is_show_cs: 1, is_show_fans_group: 1, is_show_game: 1, is_show_invest: 1, is_show_news: 1 };
const somchai = {
  mid: 1,
  user_id: 'somchai@example.com',
  nick_name: 'Somchai',
  nickName: 'Somchai',
  loginType: 0,
};

function fakeApi(answers: { user?: typeof somchai | 'visitor'; nav?: 'fail'; logout?: Error } = {}) {
  const call = vi.fn(async (contract: CallContract) => {
    if (contract === homeNavList) {
      if (answers.nav === 'fail') throw new NetworkError('offline');
      return allOn;
    }
    if (contract === gameList)
      return [
        { game_base_id: 1, url: 'https://lb.example.com/', game_icon: '/i.svg', game_name: 'Lotus Blade' },
      ];
    if (contract === fansGroupList)
      return [{ url: 'https://c.example.com/lb', group_name: 'Lotus Blade Fan Club' }];
    if (contract === userInfo) {
      if (!answers.user || answers.user === 'visitor') throw new ApiError(-101, 'passport', 200);
      return answers.user;
    }
    if (contract === userLogout) {
      if (answers.logout) throw answers.logout;
      return null;
    }
    throw new Error(`unexpected call ${contract.path}`);
  });
  return { call } as unknown as ApiClient & { call: typeof call };
}

async function open(
  path: string,
  options: {
    device?: DeviceKind;
    api?: ReturnType<typeof fakeApi>;
    host?: 'portal' | 'passport' | 'pay';
  } = {},
) {
  const leave = vi.fn();
  const api = options.api ?? fakeApi();
  const routes = createShellRoutes({
    host: options.host ?? 'portal',
    hosts: localHosts(),
    api,
    device: () => options.device ?? 'desktop',
    leave,
    screens: { news: newsScreen, newsH5: newsScreen },
  });
  const view = await renderApp(routes, path);
  return { ...view, leave, api };
}

const newsScreen = async () => ({ default: () => <h1>News screen</h1> });
const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));

describe('device twins', () => {
  it('replaces an H5 page with its desktop twin on a desktop, keeping the query', async () => {
    const { router } = await open('/news/h5?page=2');
    await screen.findByText('News screen');
    expect(router.state.location.pathname + router.state.location.search).toBe('/news?page=2');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a phone to the H5 twin with the H5 header and rem scaling', async () => {
    const { router } = await open('/news?page=2', { device: 'phone' });
    await screen.findByText('News screen');
    expect(router.state.location.pathname + router.state.location.search).toBe('/news/h5?page=2');
    expect(screen.getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe(
      'http://localhost:8082/pay_h5?lang=en',
    );
    // The size itself is CSS (tokens.css, checked against the formula in rem-scale.test.ts).
    expect(document.documentElement.hasAttribute('data-h5')).toBe(true);
  });

  it('keeps the desktop home on a tablet', async () => {
    const { router } = await open('/', { device: 'tablet' });
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends unknown paths home', async () => {
    const { router } = await open('/no/such/page?x=1');
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('hosts and login', () => {
  it('hands passport pages to the passport host', async () => {
    const { leave } = await open('/login?redirect=abc');
    await settle();
    expect(leave).toHaveBeenCalledWith('http://localhost:8081/login?redirect=abc&lang=en');
  });

  it('sends pages other than its own from the passport host back to the main host', async () => {
    const { leave } = await open('/news/h5', { host: 'passport' });
    await settle();
    expect(leave).toHaveBeenCalledWith('http://localhost:8080/news/h5?lang=en');
  });

  it('sends a visitor on a login-only page to the passport login with the page as redirect', async () => {
    const { leave } = await open('/service/history?tab=2');
    await settle();
    expect(leave).toHaveBeenCalledWith(
      `http://localhost:8081/login?redirect=${encodeURIComponent('http://localhost/service/history?tab=2')}&lang=en`,
    );
  });

  it('uses the H5 login on H5 pages', async () => {
    const { leave } = await open('/service/h5/info', { device: 'phone' });
    await settle();
    expect(leave.mock.calls[0]?.[0]).toMatch(/^http:\/\/localhost:8081\/login_h5\?redirect=/);
  });

  it('shows a login-only page to a member, with its translated heading until its screen exists', async () => {
    const { leave } = await open('/service/history', { api: fakeApi({ user: somchai }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'My tickets' })).toBeTruthy();
    expect(leave).not.toHaveBeenCalled();
    // The title is written by an effect after the heading's render: under load the heading can be found first.
    await waitFor(() => expect(document.title).toBe('My tickets | JoyPeak Games'));
  });
});

describe('desktop header and footer', () => {
  it('greets a member and offers account settings only to account-type users', async () => {
    await open('/news', { api: fakeApi({ user: somchai }) });
    const menu = await screen.findByRole('button', { name: 'Hi, Somchai' });
    fireEvent.click(menu);
    expect(screen.getByRole('link', { name: 'Account settings' }).getAttribute('href')).toBe(
      'http://localhost:8081/account?lang=en',
    );
    cleanup();
    forgetUser();
    await open('/news', { api: fakeApi({ user: { ...somchai, loginType: 3 } }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Hi, Somchai' }));
    expect(screen.queryByRole('link', { name: 'Account settings' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('closes the account menu 500 ms after the pointer leaves', async () => {
    await open('/news', { api: fakeApi({ user: somchai }) });
    const trigger = await screen.findByRole('button', { name: 'Hi, Somchai' });
    vi.useFakeTimers();
    try {
      const menu = trigger.parentElement!;
      fireEvent.mouseEnter(menu);
      expect(trigger.getAttribute('aria-expanded')).toBe('true');
      fireEvent.mouseLeave(menu);
      act(() => vi.advanceTimersByTime(499));
      expect(trigger.getAttribute('aria-expanded')).toBe('true');
      act(() => vi.advanceTimersByTime(1));
      expect(trigger.getAttribute('aria-expanded')).toBe('false');
    } finally {
      vi.useRealTimers();
    }
  });

  it('stays open when the pointer that opened it clicks, and closes on a second click', async () => {
    await open('/news', { api: fakeApi({ user: somchai }) });
    const trigger = await screen.findByRole('button', { name: 'Hi, Somchai' });
    fireEvent.mouseEnter(trigger.parentElement!);
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the login entry to visitors, with the page as redirect', async () => {
    await open('/news');
    const login = await screen.findByRole('link', { name: 'Log in' });
    expect(login.getAttribute('href')).toMatch(/^http:\/\/localhost:8081\/login\?redirect=/);
  });

  it.each([
    ['a member', 'member'],
    ['a visitor', 'visitor'],
    ['a failed question', 'fail'],
  ] as const)(
    'on a server-rendered page keeps the login link unseen until the member is known: %s',
    async (_, answer) => {
      let settleUser: (outcome: 'member' | 'visitor' | 'fail') => void = () => {};
      const asked = new Promise<'member' | 'visitor' | 'fail'>((resolve) => (settleUser = resolve));
      const api = fakeApi({ user: somchai });
      const answerAsBefore = api.call.getMockImplementation()!;
      api.call.mockImplementation(async (contract: CallContract, ...rest: unknown[]) => {
        if (contract !== userInfo) return answerAsBefore(contract, ...(rest as []));
        const outcome = await asked;
        if (outcome === 'fail') throw new NetworkError('offline');
        if (outcome === 'visitor') throw new ApiError(-101, 'passport', 200);
        return somchai;
      });
      const routes = createShellRoutes({
        host: 'portal',
        hosts: localHosts(),
        api,
        device: () => 'desktop',
        leave: vi.fn(),
        screens: { news: newsScreen },
      });
      // As the server's first screen arrives: the shell's data says the member is not known yet.
      routes[0]!.loader = () => ({
        navigation: { flags: allOn, games: [], fansGroups: [] },
        user: null,
        userPending: true,
      });
      await renderApp(routes, '/news');
      const pending = await screen.findByRole('link', { name: 'Log in', hidden: true });
      expect(pending.className).toContain(untilKnown);
      settleUser(answer);
      if (answer === 'member') {
        expect(await screen.findByRole('button', { name: 'Hi, Somchai' })).toBeTruthy();
        expect(screen.queryByRole('link', { name: 'Log in', hidden: true })).toBeNull();
      } else {
        await waitFor(() =>
          expect(screen.getByRole('link', { name: 'Log in' }).className).not.toContain(untilKnown),
        );
      }
    },
  );

  it('still offers customer service when the nav call fails', async () => {
    await open('/news', { api: fakeApi({ nav: 'fail' }) });
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Customer service']);
  });

  it('lists games with icons and fan groups from the server', async () => {
    await open('/news');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    fireEvent.click(within(nav).getByRole('button', { name: 'Games' }));
    expect(within(nav).getByRole('link', { name: 'Lotus Blade' }).getAttribute('href')).toBe(
      'https://lb.example.com/',
    );
    fireEvent.click(within(nav).getByRole('button', { name: 'Fan groups' }));
    expect(within(nav).getByRole('link', { name: 'Lotus Blade Fan Club' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe(
      'http://localhost:8082/paygame/?lang=en',
    );
  });

  it('hides the footer on the home page only', async () => {
    await open('/');
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(screen.queryByRole('contentinfo')).toBeNull();
    cleanup();
    await open('/news');
    await screen.findByText('News screen');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(new RegExp(`© ${new Date().getFullYear()} JoyPeak Games`))).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'About us' }).getAttribute('href')).toBe('/about');
  });
});

describe('H5 chrome', () => {
  it('asks before logging out and says why a logout failed', async () => {
    const api = fakeApi({ user: somchai, logout: new NetworkError('offline') });
    await open('/news/h5', { device: 'phone', api });
    fireEvent.click(await screen.findByRole('button', { name: 'Account of Somchai' }));
    const dialog = screen.getByRole('dialog', { name: 'Log out of your account?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(dialog.hasAttribute('open')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Account of Somchai' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(api.call).toHaveBeenCalledWith(userLogout, {});
  });

  it('shows a back bar instead of the header on H5 form pages', async () => {
    await open('/service/h5/requestion', { device: 'phone', api: fakeApi({ user: somchai }) });
    expect(await screen.findByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Top up' })).toBeNull();
  });
});

describe('the root of the other hosts', () => {
  it.each(['passport', 'pay'] as const)('hands / on the %s host to the portal home', async (host) => {
    const { leave } = await open('/', { host });
    await settle();
    expect(leave).toHaveBeenCalledWith('http://localhost:8080/?lang=en');
  });
});
