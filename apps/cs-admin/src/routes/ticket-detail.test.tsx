import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { questionTypeList } from '@gp/contracts/cs';
import {
  deskPolicy,
  deskTicketDetailCall,
  deskTicketLock,
  deskTicketModify,
  deskTicketRecall,
  deskTicketReply,
  deskTicketUnlock,
  deskUserSubmitRecord,
  faqTitleMatchCall,
  type DeskTicketDetail,
} from '@gp/contracts/desk';
import { fakeStaffApi, Refusal } from '../testing/fake-staff-api.ts';
import { agent, detail, message, page, renderDesk, ticket } from '../testing/render-desk.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const mei = { staff_id: 9, account_name: 'Mei', expires_at: '2026-03-01T10:05:00.000Z' };
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

function detailApi(ticketData: DeskTicketDetail = detail()) {
  const api = fakeStaffApi();
  let current = ticketData;
  api.on(deskTicketDetailCall, () => current);
  api.on(deskUserSubmitRecord, () =>
    page([
      ticket({ work_order_id: 5, question_title: current.question_title }),
      ticket({ work_order_id: 4 }),
    ]),
  );
  api.on(questionTypeList, () => [
    { question_type: 3, question_type_name: 'Top-up', game_base_id: null, slug: 'payment' },
  ]);
  api.on(deskTicketLock, () => ({
    staff_id: agent.staff_id,
    account_name: agent.account_name,
    expires_at: inMinutes(5),
  }));
  api.on(deskTicketUnlock, () => null);
  api.on(faqTitleMatchCall, () => ({ list: [], total: 0, page_num: 1, page_size: 8 }));
  return { api, setTicket: (next: DeskTicketDetail) => (current = next) };
}

const editor = () => screen.getByLabelText('Reply to the member') as HTMLTextAreaElement;

async function takeEditor() {
  await screen.findByText('Conversation');
  fireEvent.focus(editor());
  await waitFor(() => expect(editor().readOnly).toBe(false));
}

describe('ticket detail', () => {
  it('shows the thread with recalled replies marked, attachments and the member history', async () => {
    detailApi(
      detail({
        messages: [
          message({
            message_id: 1,
            attachments: [
              {
                file_id: 'f'.repeat(16),
                file_name: 'shot.png',
                file_size: 2048,
                file_kind: 'image',
                content_type: 'image/png',
                download_path: '/komoe/mng/work_order/file?file_id=ffff',
              },
              {
                file_id: 'g'.repeat(16),
                file_name: 'client.log',
                file_size: 512,
                file_kind: 'log',
                content_type: 'text/plain',
                download_path: '/komoe/mng/work_order/file?file_id=gggg',
              },
            ],
          }),
          message({
            message_id: 2,
            kind: 'reply',
            content: 'Wrong answer',
            staff_id: 9,
            staff_name: 'Mei',
            recalled_at: '2026-03-01T08:31:00.000Z',
          }),
          message({ message_id: 3, kind: 'reply', content: 'Credited now.', staff_id: 9, staff_name: 'Mei' }),
        ],
      }),
    );
    await renderDesk('/tickets/5');
    const recalled = (await screen.findByText('Wrong answer')).closest('article')!;
    expect(within(recalled).getByText("Recalled — the player doesn't see it")).toBeTruthy();
    const kept = screen.getByText('Credited now.').closest('article')!;
    expect(within(kept).queryByText(/Recalled/)).toBeNull();
    expect(within(kept).getByText('Mei')).toBeTruthy();

    const image = screen.getByRole('img', { name: 'Image shot.png (opens in a new tab)' });
    expect(image.closest('a')?.getAttribute('href')).toBe(
      'http://localhost:8090/csmng/komoe/mng/work_order/file?file_id=ffff',
    );
    expect(screen.getByRole('link', { name: /Download client\.log/ }).getAttribute('href')).toBe(
      'http://localhost:8090/csmng/komoe/mng/work_order/file?file_id=gggg',
    );
    // The region's heading shows before the member's history has loaded: wait for the link itself.
    const history = await screen.findByRole('region', { name: "Member's tickets for this game" });
    expect((await within(history).findByRole('link', { name: '#4 Question 4' })).getAttribute('href')).toBe(
      '/tickets/4',
    );
    expect(within(history).queryByRole('link', { name: /#5/ })).toBeNull(); // this ticket is not a link
  });

  it('takes the editing lock when the editor is focused and gives it back on cancel', async () => {
    const { api } = detailApi();
    await renderDesk('/tickets/5');
    await screen.findByText('Conversation');
    expect(editor().readOnly).toBe(true);
    expect(api.inputs(deskTicketLock)).toHaveLength(0);

    fireEvent.focus(editor());
    await waitFor(() => expect(editor().readOnly).toBe(false));
    expect(api.inputs(deskTicketLock)).toEqual([{ work_order_id: 5, renew: 0 }]);
    expect(screen.getByText(/You're handling this ticket/)).toBeTruthy();
    expect(screen.getByText(/^You, until /)).toBeTruthy(); // the header's "being edited by"

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(api.inputs(deskTicketUnlock)).toEqual([{ work_order_id: 5 }]));
    expect(editor().readOnly).toBe(true);
    expect(screen.getByText('Nobody')).toBeTruthy();
  });

  it('keeps holding the lock the agent already held before a reload', async () => {
    const { api } = detailApi(
      detail({ lock: { staff_id: agent.staff_id, account_name: 'Ana', expires_at: inMinutes(4) } }),
    );
    await renderDesk('/tickets/5');
    await screen.findByText('Conversation');
    expect(editor().readOnly).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(api.inputs(deskTicketUnlock)).toEqual([{ work_order_id: 5 }]));
  });

  it('renews the lock while typing and offers to take it again once it lapsed (-40003)', async () => {
    const { api } = detailApi();
    await renderDesk('/tickets/5');
    await takeEditor();
    fireEvent.change(editor(), { target: { value: 'Typing at once' } });
    expect(api.inputs(deskTicketLock)).toHaveLength(1); // renewed at most every lockRenewEveryMs

    api.on(deskTicketLock, (input) => {
      if (Number(input.renew) === 1) throw new Refusal(-40003);
      return { staff_id: agent.staff_id, account_name: agent.account_name, expires_at: inMinutes(5) };
    });
    const later = Date.now() + deskPolicy.lockRenewEveryMs + 1_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    fireEvent.change(editor(), { target: { value: 'Typing a minute later' } });
    expect(await screen.findByText(/Someone else may have answered in the meantime/)).toBeTruthy();
    expect(api.inputs(deskTicketLock)[1]).toEqual({ work_order_id: 5, renew: 1 });
    expect(editor().readOnly).toBe(true);
    expect(editor().value).toBe('Typing a minute later'); // the draft stays

    const loads = api.inputs(deskTicketDetailCall).length;
    fireEvent.click(screen.getByRole('button', { name: 'Take it again' }));
    await waitFor(() => expect(editor().readOnly).toBe(false));
    expect(api.inputs(deskTicketLock)[2]).toEqual({ work_order_id: 5, renew: 0 });
    await waitFor(() => expect(api.inputs(deskTicketDetailCall).length).toBeGreaterThan(loads));
  });

  it('names the agent holding the ticket (-40001) and keeps the editor read-only', async () => {
    const { api } = detailApi();
    api.on(deskTicketLock, () => {
      throw new Refusal(-40001, mei);
    });
    await renderDesk('/tickets/5');
    await screen.findByText('Conversation');
    fireEvent.focus(editor());
    expect(await screen.findByText(/^Mei is handling this ticket until /)).toBeTruthy();
    expect(
      screen.getByText('Another agent is handling this ticket. Please pick a different one.'),
    ).toBeTruthy();
    expect(editor().readOnly).toBe(true);
    expect(screen.getByRole('button', { name: 'Send reply' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/^Mei, until /)).toBeTruthy(); // the header's "being edited by"
  });

  it('offers recall only on the agent own reply while the window is open, counting down', async () => {
    const { api } = detailApi(
      detail({
        messages: [
          message({ message_id: 1 }),
          message({
            message_id: 2,
            kind: 'reply',
            content: 'Mine, just sent',
            staff_id: agent.staff_id,
            staff_name: agent.account_name,
            recall_until: new Date(Date.now() + 90_000).toISOString(),
          }),
          message({
            message_id: 3,
            kind: 'reply',
            content: 'Mine, older',
            staff_id: agent.staff_id,
            staff_name: 'Ana',
          }),
          message({
            message_id: 4,
            kind: 'reply',
            content: 'Mei, just sent',
            staff_id: 9,
            staff_name: 'Mei',
            recall_until: new Date(Date.now() + 90_000).toISOString(),
          }),
        ],
      }),
    );
    api.on(deskTicketRecall, () => {
      throw new Refusal(-40004);
    });
    await renderDesk('/tickets/5');
    const mine = (await screen.findByText('Mine, just sent')).closest('article')!;
    expect(within(mine).getByRole('button', { name: /^Recall \(1:(2|3)\d left\)$/ })).toBeTruthy();
    expect(within(screen.getByText('Mine, older').closest('article')!).queryByRole('button')).toBeNull();
    expect(within(screen.getByText('Mei, just sent').closest('article')!).queryByRole('button')).toBeNull();

    fireEvent.click(within(mine).getByRole('button', { name: /^Recall/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Recall' }));
    expect(
      await within(mine).findByText(
        'This reply can no longer be recalled: only replies under 2 minutes old can be.',
      ),
    ).toBeTruthy();
    expect(api.inputs(deskTicketRecall)).toEqual([{ work_order_id: 5, message_id: 2 }]);
  });

  it('inserts a matching FAQ entry at the cursor', async () => {
    const { api } = detailApi();
    api.on(faqTitleMatchCall, (input) =>
      String(input.keywords) === 'password'
        ? {
            list: [
              {
                question_id: 8,
                question_title: 'Reset your password',
                question_content: 'Open Account > Security.',
              },
            ],
            total: 1,
            page_num: 1,
            page_size: 8,
          }
        : { list: [], total: 0, page_num: 1, page_size: 8 },
    );
    await renderDesk('/tickets/5');
    await takeEditor();
    fireEvent.change(editor(), {
      target: { value: 'Hello. To change the password', selectionStart: 29, selectionEnd: 29 },
    });
    const insert = await screen.findByRole('button', { name: 'Insert “Reset your password”' });
    expect(api.inputs(faqTitleMatchCall).at(-1)).toMatchObject({ keywords: 'password', game_base_id: '1' });

    // The cursor goes after "Hello." before the FAQ is inserted.
    editor().setSelectionRange(6, 6);
    fireEvent.select(editor());
    fireEvent.click(insert);
    expect(editor().value).toBe('Hello.Open Account > Security. To change the password');
  });

  it('checks the reply before sending, sends it with Ctrl+Enter and clears the kept draft', async () => {
    const { api, setTicket } = detailApi();
    api.on(deskTicketReply, () => ({ work_order_id: 5, message_id: 9 }));
    await renderDesk('/tickets/5');
    await takeEditor();

    fireEvent.change(editor(), { target: { value: '   ' } });
    fireEvent.keyDown(editor(), { key: 'Enter', ctrlKey: true });
    expect(await screen.findByText('Write a reply first.')).toBeTruthy();
    fireEvent.change(editor(), { target: { value: 'x'.repeat(1001) } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('The reply can be at most 1000 characters long.')).toBeTruthy();
    expect(api.inputs(deskTicketReply)).toHaveLength(0);

    fireEvent.change(editor(), { target: { value: 'Your top-up is credited.' } });
    expect(sessionStorage.getItem('gp.desk.draft:5')).toContain('Your top-up is credited.');
    setTicket(
      detail({
        work_order_status: 2,
        messages: [
          message({ message_id: 1 }),
          message({
            message_id: 9,
            kind: 'reply',
            content: 'Your top-up is credited.',
            staff_id: 7,
            staff_name: 'Ana',
          }),
        ],
      }),
    );
    fireEvent.keyDown(editor(), { key: 'Enter', ctrlKey: true });

    expect(await screen.findByText('Reply sent. The member can see it now.')).toBeTruthy();
    expect(api.inputs(deskTicketReply)).toEqual([
      { work_order_id: 5, reply_content: 'Your top-up is credited.', reply_status: 2 },
    ]);
    expect(editor().value).toBe('');
    expect(sessionStorage.getItem('gp.desk.draft:5')).toBeNull();
    await waitFor(() => expect(api.inputs(deskTicketDetailCall).length).toBeGreaterThan(1));
    expect(await screen.findByText('Your top-up is credited.', { selector: 'p' })).toBeTruthy();
  });

  it('restores a kept draft after a reload', async () => {
    sessionStorage.setItem(
      'gp.desk.draft:5',
      JSON.stringify({ reply_status: 1, reply_content: 'Half written' }),
    );
    detailApi();
    await renderDesk('/tickets/5');
    await screen.findByText('Conversation');
    expect(editor().value).toBe('Half written');
  });

  it('asks before closing a ticket', async () => {
    const { api } = detailApi();
    api.on(deskTicketModify, () => ticket({ work_order_id: 5, work_order_status: 3 }));
    await renderDesk('/tickets/5');
    await screen.findByText('Conversation');
    const status = screen.getByLabelText('Status', { selector: 'input' });
    fireEvent.mouseDown(status);
    fireEvent.click(await screen.findByTitle('Closed'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Close this ticket?')).toBeTruthy();
    expect(api.inputs(deskTicketModify)).toHaveLength(0);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Close ticket' }));
    });
    await waitFor(() =>
      expect(api.inputs(deskTicketModify)).toEqual([{ work_order_id: 5, work_order_status: 3 }]),
    );
  });
});
