import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import admin from '@gp/i18n/locales/en/admin.json';
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

function fill(current: string, next: string, repeat: string) {
  fireEvent.change(screen.getByLabelText(admin.password.current), { target: { value: current } });
  fireEvent.change(screen.getByLabelText(admin.password.new), { target: { value: next } });
  fireEvent.change(screen.getByLabelText(admin.password.repeat), { target: { value: repeat } });
  fireEvent.click(screen.getByRole('button', { name: admin.password.submit }));
}

describe('password change', () => {
  it.each([
    ['a mismatched repetition', 'my new pass 2', 'my new pass 3', staffErrors.staff.passwordsDiffer],
    ['a short password', 'short1', 'short1', staffErrors.staff.passwordRule],
    ['a password without a digit', 'no digits here', 'no digits here', staffErrors.staff.passwordRule],
    [
      'the current password again',
      'one-time-pass1',
      'one-time-pass1',
      staffErrors.staff.newPasswordSameAsOld,
    ],
  ])('catches %s on the device', async (_case, next, repeat, text) => {
    const server = staffServer({}, staffSession({ must_change_password: 1 }));
    await renderConsole('/password');
    await screen.findByRole('heading', { name: admin.password.title });
    expect(screen.getByText(admin.password.rule)).toBeTruthy();
    fill('one-time-pass1', next, repeat);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(server.to('/account/password')).toHaveLength(0);
  });

  it.each([
    [510008, staffErrors.staff.oldPasswordWrong],
    [510009, staffErrors.staff.newPasswordSameAsOld],
    [510010, staffErrors.staff.passwordsDiffer],
    [500006, staffErrors.staff.passwordRule],
  ])('shows %i translated', async (code, text) => {
    staffServer({ '/account/password': () => refuse(code) }, staffSession({ must_change_password: 1 }));
    await renderConsole('/password');
    await screen.findByRole('heading', { name: admin.password.title });
    fill('one-time-pass1', 'my new pass 2', 'my new pass 2');
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('after the forced change, the console opens', async () => {
    const server = staffServer(
      {
        '/account/password': () => ok(staffSession({ privileges: ['staff.accounts'], privilege_ids: [8] })),
        '/account/list': () => ok({ list: [], total: 0, page_num: 1, page_size: 20 }),
      },
      staffSession({ must_change_password: 1 }),
    );
    const { router } = await renderConsole('/password');
    await screen.findByRole('heading', { name: admin.password.title });
    fill('one-time-pass1', 'my new pass 2', 'my new pass 2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts'));
    expect(server.to('/account/password')[0]!.body).toEqual({
      old_pwd: 'one-time-pass1',
      new_pwd: 'my new pass 2',
      re_pwd: 'my new pass 2',
    });
    expect(await screen.findByRole('navigation', { name: admin.console.menu })).toBeTruthy();
  });

  it('is reachable from the header for anyone', async () => {
    staffServer(
      { '/account/list': () => ok({ list: [], total: 0, page_num: 1, page_size: 20 }) },
      staffSession(),
    );
    const { router } = await renderConsole('/accounts');
    fireEvent.click(await screen.findByRole('link', { name: admin.password.title }));
    await screen.findByRole('heading', { name: admin.password.title });
    expect(router.state.location.pathname).toBe('/password');
  });
});
