import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import admin from '@gp/i18n/locales/en/admin.json';
import staffErrors from '@gp/i18n/locales/en/staff-errors.json';
import {
  ok,
  refuse,
  renderConsole,
  resetSession,
  staffAccount,
  staffServer,
  staffSession,
  type StaffRequest,
} from '../testing/console-test.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me = staffAccount({
  staff_id: 1,
  account_id: 'admin',
  account_name: 'Ada Admin',
  privilege_ids: [8],
  privileges: ['staff.accounts'],
});
const ann = staffAccount();
const listOf =
  (...list: ReturnType<typeof staffAccount>[]) =>
  () =>
    ok({ list, total: list.length, page_num: 1, page_size: 20 });

function rowOf(account: string) {
  return screen.getByText(account, { selector: 'strong' }).closest('tr')!;
}

describe('staff accounts', () => {
  it('lists accounts with their privileges translated, status and last login', async () => {
    const server = staffServer({ '/account/list': listOf(me, ann) }, staffSession());
    await renderConsole('/accounts');
    await screen.findByRole('heading', { name: admin.accounts.title });
    const row = within(await waitFor(() => rowOf('agent.one')));
    expect(row.getByText(admin.privilege.tickets_read)).toBeTruthy();
    expect(row.getByText(admin.privilege.tickets_reply)).toBeTruthy();
    expect(row.getByText(admin.accounts.active)).toBeTruthy();
    expect(row.getByText('203.0.113.7')).toBeTruthy();
    expect(within(rowOf('admin')).getByText(admin.privilege.staff_accounts)).toBeTruthy();
    expect(server.to('/account/list')[0]!.query.get('page_num')).toBe('1');
  });

  it('searches by the box and pages through the URL', async () => {
    const server = staffServer(
      { '/account/list': () => ok({ list: [ann], total: 45, page_num: 1, page_size: 20 }) },
      staffSession(),
    );
    const { router } = await renderConsole('/accounts');
    const box = await screen.findByLabelText(admin.accounts.search);
    fireEvent.change(box, { target: { value: ' ann ' } });
    fireEvent.click(screen.getByRole('button', { name: admin.accounts.searchSubmit }));
    await waitFor(() => expect(server.to('/account/list')).toHaveLength(2));
    expect(server.to('/account/list')[1]!.query.get('s_account_id')).toBe('ann');
    expect(router.state.location.search).toBe('?q=ann');
    await waitFor(() =>
      expect(document.querySelector('.ant-pagination')!.className).not.toMatch(/ant-pagination-disabled/),
    );
    fireEvent.click(within(screen.getByTitle('2')).getByText('2'));
    await waitFor(() => expect(server.to('/account/list')).toHaveLength(3));
    expect(server.to('/account/list')[2]!.query.get('page_num')).toBe('2');
    expect(server.to('/account/list')[2]!.query.get('s_account_id')).toBe('ann');
  });

  it('adds an account: generated one-time password, privileges by their names, the right body', async () => {
    let added: StaffRequest | undefined;
    const server = staffServer(
      {
        '/account/list': listOf(me),
        '/account/add': (request) => {
          added = request;
          return ok(staffAccount({ account_id: 'new.agent', account_name: 'Nia New' }));
        },
      },
      staffSession(),
    );
    await renderConsole('/accounts');
    fireEvent.click(await screen.findByRole('button', { name: admin.accounts.add }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(admin.accounts.accountId), { target: { value: 'New.Agent' } });
    fireEvent.change(dialog.getByLabelText(admin.accounts.name), { target: { value: 'Nia New' } });
    fireEvent.click(dialog.getByRole('button', { name: admin.accounts.generate }));
    const password = dialog.getByLabelText<HTMLInputElement>(admin.accounts.oneTimePassword);
    await waitFor(() => expect(password.value).toMatch(/^(?=.*\p{L})(?=.*\p{N}).{16}$/u));
    fireEvent.click(dialog.getByRole('checkbox', { name: new RegExp(admin.privilege.tickets_read) }));
    fireEvent.click(dialog.getByRole('checkbox', { name: new RegExp(admin.privilege.tickets_export) }));
    expect(dialog.getByText(admin.privilegeHelp.tickets_export)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: admin.accounts.create }));
    await waitFor(() => expect(added).toBeDefined());
    expect(added!.body).toEqual({
      account_id: 'New.Agent',
      account_name: 'Nia New',
      account_pwd: password.value,
      privilege_ids: [1, 3],
    });
    // The password is shown once more to hand over, and the list is read again.
    expect(await screen.findByText(password.value)).toBeTruthy();
    await waitFor(() => expect(server.to('/account/list')).toHaveLength(2));
  });

  it('checks the account id and name on the device', async () => {
    const server = staffServer({ '/account/list': listOf(me) }, staffSession());
    await renderConsole('/accounts');
    fireEvent.click(await screen.findByRole('button', { name: admin.accounts.add }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(admin.accounts.accountId), { target: { value: 'x' } });
    fireEvent.click(dialog.getByRole('button', { name: admin.accounts.create }));
    expect(await dialog.findByText(admin.accounts.accountIdRule)).toBeTruthy();
    expect(dialog.getByText(admin.accounts.nameRule)).toBeTruthy();
    expect(dialog.getByText(staffErrors.staff.passwordRule)).toBeTruthy();
    expect(server.to('/account/add')).toHaveLength(0);
  });

  it('shows -40006 under the account id', async () => {
    staffServer({ '/account/list': listOf(me), '/account/add': () => refuse(-40006) }, staffSession());
    await renderConsole('/accounts');
    fireEvent.click(await screen.findByRole('button', { name: admin.accounts.add }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(admin.accounts.accountId), { target: { value: 'agent.one' } });
    fireEvent.change(dialog.getByLabelText(admin.accounts.name), { target: { value: 'Ann Again' } });
    fireEvent.click(dialog.getByRole('button', { name: admin.accounts.generate }));
    fireEvent.click(dialog.getByRole('button', { name: admin.accounts.create }));
    expect(await dialog.findByText(staffErrors.staff.accountExists)).toBeTruthy();
  });

  it('edits name and privileges; -40009 is shown translated', async () => {
    const server = staffServer(
      { '/account/list': listOf(me, ann), '/account/save': () => refuse(-40009) },
      staffSession(),
    );
    await renderConsole('/accounts');
    fireEvent.click(await screen.findByLabelText('Edit agent.one'));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(admin.accounts.name), { target: { value: 'Ann Agent-Smith' } });
    fireEvent.click(dialog.getByRole('checkbox', { name: new RegExp(admin.privilege.tickets_reply) }));
    fireEvent.click(dialog.getByRole('button', { name: admin.accounts.save }));
    expect(await dialog.findByText(staffErrors.staff.lastAccountsAdmin)).toBeTruthy();
    expect(server.to('/account/save')[0]!.body).toEqual({
      account_id: 'agent.one',
      account_name: 'Ann Agent-Smith',
      privilege_ids: [1],
    });
  });

  it('sets the e-mail for security notices, checked on the device, sent only when it changes', async () => {
    const server = staffServer(
      { '/account/list': listOf(me, ann), '/account/save': () => ok({ ...ann, email: 'ann@example.com' }) },
      staffSession(),
    );
    await renderConsole('/accounts');
    fireEvent.click(await screen.findByLabelText('Edit agent.one'));
    const dialog = within(await screen.findByRole('dialog'));
    const email = dialog.getByLabelText(admin.accounts.email);
    fireEvent.change(email, { target: { value: 'not an address' } });
    fireEvent.click(dialog.getByRole('button', { name: admin.accounts.save }));
    expect(await dialog.findByText(admin.accounts.emailRule)).toBeTruthy();
    expect(server.to('/account/save')).toHaveLength(0);
    fireEvent.change(email, { target: { value: 'ann@example.com' } });
    fireEvent.click(dialog.getByRole('button', { name: admin.accounts.save }));
    await waitFor(() => expect(server.to('/account/save')).toHaveLength(1));
    expect(server.to('/account/save')[0]!.body).toEqual({
      account_id: 'agent.one',
      account_name: ann.account_name,
      privilege_ids: ann.privilege_ids,
      email: 'ann@example.com',
    });
  });

  it('asks before deleting, naming the account, and deletes only after yes', async () => {
    const server = staffServer(
      { '/account/list': listOf(me, ann), '/account/del': () => ok(null) },
      staffSession(),
    );
    await renderConsole('/accounts');
    fireEvent.click(await screen.findByLabelText('Delete agent.one'));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getAllByText('Delete agent.one?').length).toBeGreaterThan(0);
    expect(
      dialog.getByText(/Ann Agent \(agent\.one\) will be signed out at once and can never log in/),
    ).toBeTruthy();
    expect(server.to('/account/del')).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: admin.accounts.delete }));
    await waitFor(() => expect(server.to('/account/del')).toHaveLength(1));
    expect(server.to('/account/del')[0]!.query.get('account_id')).toBe('agent.one');
    await waitFor(() => expect(server.to('/account/list')).toHaveLength(2));
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const server = staffServer({ '/account/list': listOf(me, ann) }, staffSession());
    await renderConsole('/accounts');
    fireEvent.click(await screen.findByLabelText('Delete agent.one'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Delete agent.one?').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: admin.accounts.cancel }));
    // jsdom never ends antd's closing animation (the dialog stays in the DOM): give a wrong call time to happen.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.to('/account/del')).toHaveLength(0);
  });

  it('the own row has block and delete disabled; others can be blocked and unblocked', async () => {
    const blocked = staffAccount({ staff_id: 3, account_id: 'bea', account_name: 'Bea', status: 'blocked' });
    const server = staffServer(
      {
        '/account/list': listOf(me, ann, blocked),
        '/account/unseal': () => ok({ ...blocked, status: 'active' }),
      },
      staffSession(),
    );
    await renderConsole('/accounts');
    const own = await screen.findByLabelText('Delete admin');
    expect(own).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Block admin')).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Delete agent.one')).toHaveProperty('disabled', false);
    expect(within(rowOf('bea')).getByText(admin.accounts.blocked)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Unblock bea'));
    await waitFor(() => expect(server.to('/account/unseal')).toHaveLength(1));
    expect(server.to('/account/unseal')[0]!.query.get('account_id')).toBe('bea');
  });
});
