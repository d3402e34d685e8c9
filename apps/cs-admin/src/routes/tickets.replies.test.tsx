/**
 * What the queue adds for agents: the per-language batch reply with its preview, the waiting column
 * and its sort, and finding a ticket by its number.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { csGameList, questionTypeList } from '@gp/contracts/cs';
import {
  deskSavedReplyList,
  deskTicketBatchReply,
  deskTicketBatchReplyPreview,
  deskTicketPage,
  type SavedReplyItem,
} from '@gp/contracts/desk';
import { fakeStaffApi } from '../testing/fake-staff-api.ts';
import { page, renderDesk, ticket } from '../testing/render-desk.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStorage.clear();
});

const delivered: SavedReplyItem = {
  saved_reply_id: 4,
  title: 'Gems delivered',
  texts: {
    en: 'Hello {nickname}, your {game} gems were delivered.',
    th: 'สวัสดีคุณ {nickname} เพชร {game} ส่งถึงแล้ว',
    cn: null,
    vi: 'Xin chào {nickname}, kim cương {game} đã được gửi.',
    zh: null,
  },
  updated_at: '2026-03-01T08:00:00.000Z',
  updated_by: 'Ana',
};

function queueApi(
  list = [ticket({ work_order_id: 1, lang: 'th' }), ticket({ work_order_id: 2, lang: 'vi' })],
) {
  const api = fakeStaffApi();
  api.on(deskTicketPage, () => page(list));
  api.on(csGameList, () => []);
  api.on(questionTypeList, () => []);
  api.on(deskSavedReplyList, () => ({ list: [delivered] }));
  return api;
}

describe('per-language batch reply', () => {
  it('previews each language and each ticket before sending the texts per language', async () => {
    const api = queueApi([
      ticket({ work_order_id: 1, lang: 'th' }),
      ticket({ work_order_id: 2, lang: 'vi' }),
      ticket({ work_order_id: 3, lang: 'zh' }),
    ]);
    api.on(deskTicketBatchReplyPreview, () => ({
      list: [
        {
          work_order_id: 1,
          code: 0,
          ticket_lang: 'th',
          lang: 'th' as const,
          content: 'สวัสดีคุณ Somchai เพชร ตำนานดาวตก ส่งถึงแล้ว',
        },
        {
          work_order_id: 2,
          code: 0,
          ticket_lang: 'vi',
          lang: 'vi' as const,
          content: 'Xin chào Lan, kim cương đã được gửi.',
        },
        {
          work_order_id: 3,
          code: 0,
          ticket_lang: 'zh',
          lang: 'en' as const,
          content: 'Hello Wei, your gems were delivered.',
        },
      ],
    }));
    api.on(deskTicketBatchReply, (input) => ({
      list: input.work_order_list.map((id) => ({ work_order_id: Number(id), code: 0, lock: null })),
    }));
    await renderDesk('/tickets');
    await screen.findByText('Question 1');
    for (const id of [1, 2, 3])
      fireEvent.click(screen.getByRole('checkbox', { name: `Select ticket #${id}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Reply to selected (3)' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: "A saved reply in each player's language" }));

    // No preview without a saved reply.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('Choose a saved reply first.')).toBeTruthy();
    expect(api.inputs(deskTicketBatchReplyPreview)).toHaveLength(0);

    fireEvent.mouseDown(within(dialog).getByLabelText('Saved reply'));
    fireEvent.click(await screen.findByTitle('Gems delivered'));
    const thai = (await within(dialog).findByLabelText(/Text \(Thai\)/)) as HTMLTextAreaElement;
    expect(thai.value).toBe(delivered.texts.th);
    // Adjusted for this batch only.
    fireEvent.change(within(dialog).getByLabelText(/Text \(Vietnamese\)/), {
      target: { value: 'Xin chào {nickname}, kim cương đã được gửi.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));

    const preview = await within(dialog).findByRole('region', { name: 'What each ticket receives' });
    expect(api.inputs(deskTicketBatchReplyPreview)[0]).toEqual({
      work_order_list: [1, 2, 3],
      reply_texts: {
        en: delivered.texts.en,
        th: delivered.texts.th,
        cn: '',
        vi: 'Xin chào {nickname}, kim cương đã được gửi.',
        zh: '',
      },
    });
    const thaiGroup = within(preview).getByRole('region', { name: 'Thai · 1 ticket' });
    expect(thaiGroup.textContent).toContain('สวัสดีคุณ Somchai เพชร ตำนานดาวตก ส่งถึงแล้ว');
    const vietGroup = within(preview).getByRole('region', { name: 'Vietnamese · 1 ticket' });
    expect(vietGroup.textContent).toContain('#2 Question 2');
    expect(vietGroup.textContent).toContain('Xin chào Lan, kim cương đã được gửi.');
    const enGroup = within(preview).getByRole('region', { name: 'English · 1 ticket' });
    expect(enGroup.textContent).toContain(
      'Ticket in Traditional Chinese: there is no text in this language, so the English text is sent.',
    );
    expect(api.inputs(deskTicketBatchReply)).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to 3 tickets' }));
    await within(dialog).findByText('3 of 3 tickets replied.');
    expect(api.inputs(deskTicketBatchReply)[0]).toEqual({
      work_order_list: [1, 2, 3],
      reply_texts: api.inputs(deskTicketBatchReplyPreview)[0]!.reply_texts,
      reply_status: 2,
    });
  });

  it('asks for the English text before a preview', async () => {
    const api = queueApi();
    await renderDesk('/tickets');
    await screen.findByText('Question 1');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select ticket #1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reply to selected (1)' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: "A saved reply in each player's language" }));
    fireEvent.mouseDown(within(dialog).getByLabelText('Saved reply'));
    fireEvent.click(await screen.findByTitle('Gems delivered'));
    fireEvent.change(await within(dialog).findByLabelText(/Text \(English\)/), { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(
      await within(dialog).findByText(
        'The English text is required: it is sent wherever a language has no text.',
      ),
    ).toBeTruthy();
    expect(api.inputs(deskTicketBatchReplyPreview)).toHaveLength(0);
  });
});

describe('waiting time and ticket number', () => {
  it('shows how long a ticket has waited, and sorts by the wait on the server', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-01T11:20:00.000Z'), toFake: ['Date'] });
    const api = queueApi([
      ticket({ work_order_id: 1, last_asked_at: '2026-03-01T08:00:00.000Z' }),
      ticket({ work_order_id: 2, reply_status: 1 }),
      ticket({ work_order_id: 3, work_order_status: 3 }),
    ]);
    await renderDesk('/tickets');
    const waiting = (await screen.findByText('Question 1')).closest('tr')!;
    expect(within(waiting).getByText('3 h 20 min')).toBeTruthy();
    expect(within(screen.getByText('Question 2').closest('tr')!).getByText('Answered')).toBeTruthy();
    expect(within(screen.getByText('Question 3').closest('tr')!).getByText('Not waiting')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Waiting/ }));
    await waitFor(() =>
      expect(api.inputs(deskTicketPage).at(-1)).toMatchObject({ order_key: 'waiting', order_type: 'desc' }),
    );
  });

  it('finds a ticket by its number and refuses one that is not a number', async () => {
    const api = queueApi();
    const { router } = await renderDesk('/tickets');
    await screen.findByText('Question 1');
    fireEvent.change(screen.getByLabelText('Ticket number'), { target: { value: '12x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Enter the ticket number as a whole number.')).toBeTruthy();
    expect(api.inputs(deskTicketPage)).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('Ticket number'), { target: { value: ' 1234 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.inputs(deskTicketPage)).toHaveLength(2));
    expect(api.inputs(deskTicketPage)[1]).toMatchObject({ work_order_id: 1234 });
    expect(new URLSearchParams(router.state.location.search).get('work_order_id')).toBe('1234');
  });
});
