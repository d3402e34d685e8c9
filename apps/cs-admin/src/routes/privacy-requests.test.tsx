import { codes } from '@gp/errors';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import admin from '@gp/i18n/locales/en/admin.json';
import errors from '@gp/i18n/locales/en/errors.json';
import type { PrivacyRequestItem } from '@gp/contracts/privacy';
import type * as SaveJsonFile from '../lib/save-json-file.ts';
import {
  ok,
  refuse,
  renderConsole,
  resetSession,
  staffServer,
  staffSession,
} from '../testing/console-test.tsx';

const saveJsonFile = vi.fn();
vi.mock('../lib/save-json-file.ts', async (original) => ({
  ...(await original<typeof SaveJsonFile>()),
  saveJsonFile,
}));

beforeEach(() => {
  resetSession();
  saveJsonFile.mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const slow = { timeout: 15_000 };
const t = admin.privacyRequests;
const officer = staffSession({ privileges: ['privacy'], privilege_ids: [9] });

const item = (overrides: Partial<PrivacyRequestItem> = {}): PrivacyRequestItem => ({
  request_id: 11,
  mid: 7,
  user_id: 'pim@example.com',
  kind: 'deletion',
  state: 'pending',
  requested_by: 'member',
  created_at: '2026-11-20T10:00:00.000Z',
  erase_after: '2026-12-04T10:00:00.000Z',
  cancelled_at: null,
  cancel_reason: null,
  completed_at: null,
  ...overrides,
});
const pageOf = (list: PrivacyRequestItem[]) => ok({ list, total: list.length, page_num: 1, page_size: 20 });
const rowOf = (id: number) => screen.getByLabelText(`Download data: request ${id}`).closest('tr')!;

describe('privacy requests', { timeout: 40_000 }, () => {
  it('lists requests with their state and dates, and filters by the address', async () => {
    const server = staffServer(
      {
        '/komoe/mng/privacy/list': () =>
          pageOf([
            item(),
            item({
              request_id: 12,
              mid: 8,
              user_id: 'ken@example.com',
              state: 'cancelled',
              cancel_reason: 'login',
              cancelled_at: '2026-11-21T09:00:00.000Z',
            }),
          ]),
      },
      officer,
    );
    await renderConsole('/privacy?kind=deletion&state=pending');
    await screen.findByRole('heading', { name: t.title }, slow);
    await waitFor(() => rowOf(11));
    const row = within(rowOf(11));
    expect(row.getByText('pim@example.com')).toBeTruthy();
    expect(row.getByText(t.states.pending)).toBeTruthy();
    expect(row.getByText(t.kinds.deletion)).toBeTruthy();
    expect(within(rowOf(12)).getByText(t.cancelReasons.login)).toBeTruthy();
    // A cancelled request offers no erase or cancel.
    expect(within(rowOf(12)).queryByRole('button', { name: /Erase now/ })).toBeNull();
    const query = server.to('/komoe/mng/privacy/list')[0]!.query;
    expect([query.get('kind'), query.get('state')]).toEqual(['deletion', 'pending']);
  });

  it('erases a pending deletion only after a confirmation that says it cannot be undone', async () => {
    const server = staffServer(
      {
        '/komoe/mng/privacy/list': () => pageOf([item()]),
        '/komoe/mng/privacy/erase': () => ok(item({ state: 'done', user_id: 'erased-7' })),
      },
      officer,
    );
    await renderConsole('/privacy');
    await waitFor(() => rowOf(11), slow);
    fireEvent.click(screen.getByLabelText('Erase now: request 11'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(t.eraseConfirm)).toBeTruthy();
    expect(server.to('/komoe/mng/privacy/erase')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: t.erase }));
    await waitFor(() => expect(server.to('/komoe/mng/privacy/erase')).toHaveLength(1));
    expect(server.to('/komoe/mng/privacy/erase')[0]!.body).toEqual({ request_id: 11 });
    expect(await screen.findByText('The account of member 7 has been erased.')).toBeTruthy();
    // The list is read again after the change.
    await waitFor(() => expect(server.to('/komoe/mng/privacy/list').length).toBeGreaterThan(1));
  });

  it('cancels a deletion, and shows a refusal', async () => {
    const server = staffServer(
      {
        '/komoe/mng/privacy/list': () => pageOf([item()]),
        '/komoe/mng/privacy/cancel': () => refuse(codes.cannotOperate),
      },
      officer,
    );
    await renderConsole('/privacy');
    await waitFor(() => rowOf(11), slow);
    fireEvent.click(screen.getByLabelText('Cancel deletion: request 11'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: t.cancel }));
    await waitFor(() => expect(server.to('/komoe/mng/privacy/cancel')).toHaveLength(1));
    expect(await screen.findByText(/can't|cannot/i)).toBeTruthy();
  });

  it("downloads a member's data as a JSON file, by row or by UID", async () => {
    const exported = {
      format: 'gp-privacy-export/1',
      generated_at: '2026-11-25T10:00:00.000Z',
      account: {
        mid: 7,
        user_id: 'pim@example.com',
        nick_name: 'pim',
        login_type: 0,
        email: 'pim@example.com',
        phone: null,
        lang: 'th',
        created_at: '2026-01-01T00:00:00.000Z',
      },
      social_links: [],
      contact: null,
      orders: [],
      tickets: [],
      privacy_requests: [],
    };
    const server = staffServer(
      {
        '/komoe/mng/privacy/list': () => pageOf([item()]),
        '/komoe/mng/privacy/export': () => ok(exported),
      },
      officer,
    );
    await renderConsole('/privacy');
    await waitFor(() => rowOf(11), slow);
    fireEvent.click(screen.getByLabelText('Download data: request 11'));
    await waitFor(() => expect(saveJsonFile).toHaveBeenCalledWith('member-7-data-2026-11-25.json', exported));
    fireEvent.change(screen.getByLabelText('UID'), { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: t.downloadForUid }));
    await waitFor(() => expect(server.to('/komoe/mng/privacy/export')).toHaveLength(2));
    expect(server.to('/komoe/mng/privacy/export')[1]!.query.get('mid')).toBe('42');
  });

  it('opens a deletion for a member only with how their identity was checked, and keeps it on a refusal', async () => {
    let refusing = true;
    const server = staffServer(
      {
        '/komoe/mng/privacy/list': () => pageOf([]),
        '/komoe/mng/privacy/open_deletion': () =>
          refusing
            ? refuse(codes.cannotOperate)
            : ok(item({ request_id: 21, mid: 42, requested_by: 'staff' })),
      },
      officer,
    );
    await renderConsole('/privacy');
    await screen.findByRole('heading', { name: t.title }, slow);
    fireEvent.change(screen.getByLabelText('UID'), { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: t.openDeletion }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(t.openExplain)).toBeTruthy();
    expect((within(dialog).getByLabelText('UID') as HTMLInputElement).value).toBe('42');

    // Nothing is sent without the method and the note; each field says what it lacks.
    fireEvent.click(within(dialog).getByRole('button', { name: t.open }));
    expect(await within(dialog).findByText(t.methodRequired)).toBeTruthy();
    expect(within(dialog).getByText(t.noteRequired)).toBeTruthy();
    expect(server.to('/komoe/mng/privacy/open_deletion')).toHaveLength(0);

    fireEvent.mouseDown(within(dialog).getByLabelText(t.checkMethod));
    fireEvent.click(await screen.findByTitle(t.checkMethods.provider_account));
    fireEvent.change(within(dialog).getByLabelText(t.checkNote), {
      target: { value: '  Showed the linked Google account on a call  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: t.open }));
    await waitFor(() => expect(server.to('/komoe/mng/privacy/open_deletion')).toHaveLength(1));
    expect(server.to('/komoe/mng/privacy/open_deletion')[0]!.body).toEqual({
      mid: 42,
      method: 'provider_account',
      note: 'Showed the linked Google account on a call',
    });
    // Refused: the dialog stays with what was typed.
    expect(await screen.findByText(errors.common.cannotOperate)).toBeTruthy();
    expect((within(dialog).getByLabelText(t.checkNote) as HTMLTextAreaElement).value).toContain('Google');

    refusing = false;
    fireEvent.click(within(dialog).getByRole('button', { name: t.open }));
    expect(
      await screen.findByText(
        "A deletion of member 42's account has been opened, and the member has been told.",
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(server.to('/komoe/mng/privacy/list').length).toBeGreaterThan(1));
  });

  it('is behind the privacy privilege: 403 and no call without it, and no menu entry', async () => {
    const server = staffServer({}, staffSession());
    await renderConsole('/privacy');
    expect(await screen.findByText(admin.access.deniedTitle, undefined, slow)).toBeTruthy();
    expect(server.to('/komoe/mng/privacy/list')).toHaveLength(0);
    const menu = within(screen.getByRole('navigation', { name: admin.console.menu }));
    expect(menu.queryByRole('link', { name: t.title })).toBeNull();
  });
});
