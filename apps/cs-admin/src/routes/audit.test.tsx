import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import admin from '@gp/i18n/locales/en/admin.json';
import { auditActions, type AuditEntryData } from '@gp/contracts/staff';
import { ok, renderConsole, resetSession, staffServer, staffSession } from '../testing/console-test.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entry = (overrides: Partial<AuditEntryData> = {}): AuditEntryData => ({
  id: 7,
  created_at: '2026-03-01T08:30:00.000Z',
  actor_staff_id: 1,
  actor_account_id: 'admin',
  action: 'staff.account.save',
  target_type: 'staff_account',
  target_id: 'agent.one',
  before: { account_name: 'Ann', privileges: ['tickets.read'] },
  after: { account_name: 'Ann Agent', privileges: ['tickets.read', 'tickets.reply'], password_reset: true },
  ip: '198.51.100.4',
  ...overrides,
});

const pageOf =
  (list: AuditEntryData[], total = list.length) =>
  () =>
    ok({ list, total, page_num: 1, page_size: 20 });

describe('audit log', () => {
  it('has a translated name for every audit action', () => {
    for (const action of auditActions) {
      const key = action.replace(/\./g, '_') as keyof typeof admin.auditAction;
      expect(admin.auditAction[key], action).toBeTruthy();
    }
  });

  it('lists entries with translated actions and local times, and opens one as a readable diff', async () => {
    staffServer({ '/audit/page': pageOf([entry()]) }, staffSession());
    await renderConsole('/audit');
    await screen.findByRole('heading', { name: admin.audit.title });
    const table = within(await screen.findByRole('table'));
    expect(table.getByText(admin.auditAction.staff_account_save)).toBeTruthy();
    expect(table.getByText(admin.auditTarget.staff_account)).toBeTruthy();
    const local = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' }).format(
      new Date('2026-03-01T08:30:00.000Z'),
    );
    expect(table.getByText(local)).toBeTruthy();
    const toggle = screen.getByLabelText('Show the changes of entry 7');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const diff = within((await screen.findByText(admin.auditField.account_name)).closest('dl')!);
    expect(diff.getByText(admin.auditField.account_name)).toBeTruthy();
    expect(diff.getByText('Ann')).toBeTruthy();
    expect(diff.getByText('Ann Agent')).toBeTruthy();
    expect(diff.getByText(`${admin.privilege.tickets_read}, ${admin.privilege.tickets_reply}`)).toBeTruthy();
    expect(diff.getByText(admin.auditField.password_reset)).toBeTruthy();
    expect(screen.getByLabelText('Hide the changes of entry 7').getAttribute('aria-expanded')).toBe('true');
  });

  it('sends the filters as the contract asks and starts again at page 1', async () => {
    const server = staffServer(
      {
        '/audit/page': pageOf(
          [entry({ action: 'ticket.reply', target_type: 'work_order', target_id: '42' })],
          60,
        ),
      },
      staffSession(),
    );
    const { router } = await renderConsole('/audit?page=2');
    await screen.findByRole('heading', { name: admin.audit.title });
    expect(server.to('/audit/page')[0]!.query.get('page_num')).toBe('2');

    fireEvent.change(screen.getByLabelText(admin.audit.actor), { target: { value: ' Admin ' } });
    fireEvent.change(screen.getByLabelText(admin.audit.targetId), { target: { value: '42' } });
    // The action select: open it, search (its list is longer than antd renders at once) and pick by the
    // translated name.
    fireEvent.mouseDown(screen.getByLabelText(admin.audit.action));
    fireEvent.change(screen.getByLabelText(admin.audit.action), {
      target: { value: admin.auditAction.ticket_reply },
    });
    fireEvent.click(await screen.findByTitle(admin.auditAction.ticket_reply));
    fireEvent.mouseDown(screen.getByLabelText(admin.audit.targetType));
    fireEvent.click(await screen.findByTitle(admin.auditTarget.work_order));
    fireEvent.click(screen.getByRole('button', { name: admin.audit.apply }));

    await waitFor(() => expect(server.to('/audit/page')).toHaveLength(2));
    const query = server.to('/audit/page')[1]!.query;
    expect(query.get('actor')).toBe('admin');
    expect(query.get('action')).toBe('ticket.reply');
    expect(query.get('target_type')).toBe('work_order');
    expect(query.get('target_id')).toBe('42');
    expect(query.get('page_num')).toBe('1');
    expect(query.has('start_time')).toBe(false);
    expect(router.state.location.search).toBe(
      '?actor=Admin&action=ticket.reply&target_type=work_order&target_id=42',
    );
    // A table row shows the ticket target translated.
    expect(within(screen.getByRole('table')).getByText(admin.auditTarget.work_order)).toBeTruthy();
  });

  it('a time range in the URL goes out as ISO start (inclusive) and end (exclusive)', async () => {
    const server = staffServer({ '/audit/page': pageOf([]) }, staffSession());
    await renderConsole('/audit?from=2026-03-01T00:00:00.000Z&to=2026-03-02T00:00:00.000Z&action=nonsense');
    expect(await screen.findByText(admin.audit.empty)).toBeTruthy();
    const query = server.to('/audit/page')[0]!.query;
    expect(query.get('start_time')).toBe('2026-03-01T00:00:00.000Z');
    expect(query.get('end_time')).toBe('2026-03-02T00:00:00.000Z');
    // An action the contract does not know is dropped rather than refused by the server.
    expect(query.has('action')).toBe(false);
  });
});
