/** The login's second step, and the enrolment of a second factor, forced before any other screen opens. */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import staffErrors from '@gp/i18n/locales/en/staff-errors.json';
import {
  ok,
  refuse,
  renderConsole,
  resetSession,
  staffServer,
  staffSession,
  openDialogWith,
} from '../testing/console-test.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const secondStep = { second_step: 1, methods: ['totp', 'recovery'], expires_in: 300 };

async function passwordStep() {
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveProperty('disabled', false),
  );
  fireEvent.change(screen.getByLabelText('Account ID'), { target: { value: 'admin' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right-pass1' } });
  fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: 'abcd' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  await screen.findByRole('heading', { level: 2, name: 'Two-step verification' });
}

describe('the login’s second step', () => {
  it('asks for the app’s code after the password, shows a wrong one translated, then opens the console', async () => {
    const server = staffServer({
      '/login': () => ok(secondStep),
      '/login/totp': ({ body }) =>
        (body as { code: string }).code === '123456' ? ok(staffSession()) : refuse(-40021),
      '/account/list': () => ok({ list: [], total: 0, page_num: 1, page_size: 20 }),
    });
    const { router } = await renderConsole('/login?redirect=%2Faccounts');
    await passwordStep();
    expect(router.state.location.pathname).toBe('/login');
    // No passkey on this account: no passkey button.
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Authenticator code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(staffErrors.staff.secondFactorWrong)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Authenticator code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts'));
    expect(server.to('/login/totp').map((r) => r.body)).toEqual([{ code: '654321' }, { code: '123456' }]);
  });

  it('takes a recovery code instead; an expired step leads back to the password', async () => {
    const server = staffServer({
      '/login': () => ok({ ...secondStep, methods: ['totp', 'passkey', 'recovery'] }),
      '/login/recovery': () => refuse(-40022),
    });
    await renderConsole('/login');
    await passwordStep();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'abcde-fghjk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(staffErrors.staff.secondFactorExpired)).toBeTruthy();
    expect(server.to('/login/recovery')[0]!.body).toEqual({ code: 'abcde-fghjk' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Back to login' })[0]!);
    await screen.findByRole('button', { name: 'Log in' });
  });
});

describe('enrolment', () => {
  it('an account without a second factor reaches only sign-in security; QR code, key, code, then the recovery codes', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbbb`);
    let enrolled = false;
    const server = staffServer({
      '/login_check': () => ok(staffSession({ second_factor: enrolled ? 1 : 0 })),
      '/second_factor': () =>
        ok({ totp: null, passkeys: [], recovery_codes_left: 0, recovery_codes_created_at: null }),
      '/second_factor/totp/start': () =>
        ok({
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauth_url: 'otpauth://totp/x',
          qr: 'data:image/svg+xml;base64,PHN2Zy8+',
        }),
      '/second_factor/totp/confirm': () => {
        enrolled = true;
        return ok({ recovery_codes: codes });
      },
      '/account/list': () => ok({ list: [], total: 0, page_num: 1, page_size: 20 }),
    });
    const { router } = await renderConsole('/accounts');
    await screen.findByRole('heading', { level: 1, name: 'Sign-in security' });
    expect(router.state.location.pathname).toBe('/security');
    expect(server.to('/account/list')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeTruthy();
    expect(screen.getByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.textContent).toContain('aaaa9-bbbbb');
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: "I've saved my recovery codes" }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/security'));
    expect(server.to('/second_factor/totp/confirm')[0]!.body).toEqual({ code: '123 456' });
  });
});

/** The open step-up dialog (antd's dialogs carry no accessible name here: found by its title). */
const stepUpDialog = () => openDialogWith("Confirm it's you");

describe('changing a factor asks "Confirm it’s you" first', () => {
  const enrolled = {
    totp: { confirmed_at: '2026-03-01T08:30:00.000Z', last_used_at: null },
    passkeys: [],
    recovery_codes_left: 7,
    recovery_codes_created_at: '2026-03-01T08:30:00.000Z',
  };

  it('new recovery codes: the step-up dialog takes the password and a code, shows a wrong one translated, then the change goes through', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `cccc${i}-ddddd`);
    let steppedUp = false;
    const server = staffServer(
      {
        '/second_factor': () => ok(enrolled),
        '/second_factor/recovery_codes': () => (steppedUp ? ok({ recovery_codes: codes }) : refuse(-40026)),
        '/second_factor/reauth': ({ body }) => {
          const { password, totp } = body as { password: string; totp?: string };
          if (password !== 'right-pass1') return refuse(510008);
          // As the contract reads a code: spaces dropped.
          if (totp?.replace(/\s+/g, '') !== '123456') return refuse(-40021);
          steppedUp = true;
          return ok({ valid_until: '2026-03-01T08:35:00.000Z' });
        },
      },
      staffSession(),
    );
    await renderConsole('/security');
    await screen.findByRole('heading', { level: 1, name: 'Sign-in security' });
    fireEvent.click(screen.getByRole('button', { name: 'Create new recovery codes' }));
    const confirmNew = await screen.findAllByRole('button', { name: 'Create new recovery codes' });
    fireEvent.click(confirmNew[confirmNew.length - 1]!);

    const dialog = await stepUpDialog();
    expect(dialog.textContent).toContain('enter your password and a code');
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input[type="password"]' }), {
      target: { value: 'wrong-pass1' },
    });
    fireEvent.change(screen.getByLabelText('Authenticator or recovery code'), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(staffErrors.staff.oldPasswordWrong)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Password', { selector: 'input[type="password"]' }), {
      target: { value: 'right-pass1' },
    });
    fireEvent.change(screen.getByLabelText('Authenticator or recovery code'), {
      target: { value: '123 456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.textContent).toContain('cccc9-ddddd');
    expect(server.to('/second_factor/reauth').map((r) => r.body)).toEqual([
      { password: 'wrong-pass1', totp: '123456' },
      { password: 'right-pass1', totp: '123 456' },
    ]);
    expect(server.to('/second_factor/recovery_codes')).toHaveLength(2);
  });

  it('closing the dialog changes nothing and shows no error', async () => {
    const server = staffServer(
      {
        '/second_factor': () => ok(enrolled),
        '/second_factor/totp/start': () => refuse(-40026),
      },
      staffSession(),
    );
    await renderConsole('/security');
    fireEvent.click(await screen.findByRole('button', { name: 'Move to a new authenticator app' }));
    const dialog = await stepUpDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.to('/second_factor/totp/start')).toHaveLength(1);
    expect(server.to('/second_factor/reauth')).toHaveLength(0);
  });
});
