import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import staffErrors from '@gp/i18n/locales/en/staff-errors.json';
import {
  ok,
  refuse,
  renderConsole,
  resetSession,
  staffServer,
  staffSession,
} from '../testing/console-test.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fillLogin(account: string, password: string, code: string) {
  fireEvent.change(screen.getByLabelText('Account ID'), { target: { value: account } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login', () => {
  it('sends a visitor of a console screen to the login with that screen as redirect', async () => {
    staffServer({});
    const { router } = await renderConsole('/audit?actor=bob');
    await screen.findByRole('heading', { name: 'Staff login' });
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/audit?actor=bob');
  });

  it('shows 500002 translated, asks for a new captcha and sends the new token next time', async () => {
    const server = staffServer({
      '/login': ({ body }) =>
        (body as { account_pwd: string }).account_pwd === 'right-pass1' ? ok(staffSession()) : refuse(500002),
      '/account/list': () => ok({ list: [], total: 0, page_num: 1, page_size: 20 }),
    });
    const { router } = await renderConsole('/login?redirect=%2Faccounts');
    await waitFor(() => expect(server.to('/captcha/sget')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Log in' })).toHaveProperty('disabled', false),
    );
    fillLogin('Admin', 'wrong-pass1', 'abcd');
    expect(await screen.findByText(staffErrors.staff.wrongCredentials)).toBeTruthy();
    expect(server.to('/login')[0]!.body).toEqual({
      account_id: 'Admin',
      account_pwd: 'wrong-pass1',
      token: 'tok-1',
      captcha_code: 'abcd',
    });
    await waitFor(() => expect(server.to('/captcha/sget')).toHaveLength(2));
    // The spent code is cleared, so the next try cannot send it again.
    expect(screen.getByLabelText<HTMLInputElement>('Verification code').value).toBe('');

    fillLogin('Admin', 'right-pass1', 'efgh');
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts'));
    expect((server.to('/login')[1]!.body as { token: string }).token).toBe('tok-2');
  });

  it('shows a wrong captcha (-105) under the code field and fetches a new picture', async () => {
    const server = staffServer({ '/login': () => refuse(-105) });
    await renderConsole('/login');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Log in' })).toHaveProperty('disabled', false),
    );
    fillLogin('admin', 'whatever-1', 'zzzz');
    expect(await screen.findByText(staffErrors.staff.captchaWrong)).toBeTruthy();
    await waitFor(() => expect(server.to('/captcha/sget')).toHaveLength(2));
  });

  it.each([
    [500004, staffErrors.staff.tooManyLogins],
    [-40005, staffErrors.staff.accountBlocked],
  ])('shows %i translated', async (code, text) => {
    staffServer({ '/login': () => refuse(code) });
    await renderConsole('/login');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Log in' })).toHaveProperty('disabled', false),
    );
    fillLogin('admin', 'whatever-1', 'zzzz');
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('checks the fields on the device before sending anything', async () => {
    const server = staffServer({});
    await renderConsole('/login');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Log in' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter your account ID.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(screen.getByText('Enter the verification code.')).toBeTruthy();
    expect(server.to('/login')).toHaveLength(0);
  });

  it('a new picture on request', async () => {
    const server = staffServer({});
    await renderConsole('/login');
    await waitFor(() => expect(server.to('/captcha/sget')).toHaveLength(1));
    fireEvent.click(screen.getAllByRole('button', { name: 'New picture' })[0]!);
    await waitFor(() => expect(server.to('/captcha/sget')).toHaveLength(2));
  });

  it('ignores a redirect to another site', async () => {
    staffServer({ '/login': () => ok(staffSession({ privileges: [], privilege_ids: [] })) });
    const { router } = await renderConsole('/login?redirect=https%3A%2F%2Fevil.example%2F');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Log in' })).toHaveProperty('disabled', false),
    );
    fillLogin('admin', 'whatever-1', 'zzzz');
    // Home for someone without privileges is the status page.
    await waitFor(() => expect(router.state.location.pathname).toBe('/status'));
  });
});
