import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { csGameList, questionTypeList } from '@gp/contracts/cs';
import { deskExportCheck, deskExportStart, deskTicketBatchReply, deskTicketPage } from '@gp/contracts/desk';
import { fakeStaffApi, Refusal } from '../testing/fake-staff-api.ts';
import { page, renderDesk, ticket } from '../testing/render-desk.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const mei = { staff_id: 9, account_name: 'Mei', expires_at: '2026-03-01T10:05:00.000Z' };

function queueApi(
  list = [ticket({ work_order_id: 1 }), ticket({ work_order_id: 2 }), ticket({ work_order_id: 3 })],
) {
  const api = fakeStaffApi();
  api.on(deskTicketPage, () => page(list));
  api.on(csGameList, () => [{ game_base_id: 1, game_name: 'Lotus Blade', game_icon: '' }]);
  api.on(questionTypeList, () => [
    { question_type: 3, question_type_name: 'Top-up', game_base_id: null, slug: 'payment' },
  ]);
  return api;
}

describe('ticket queue', () => {
  it('sends the filters of a shared link and keeps new ones in the URL and the request', async () => {
    const api = queueApi();
    const { router } = await renderDesk('/tickets?work_order_status=1&answer_keyword=refund&page_num=2');
    await screen.findByText('Question 1');
    expect(api.inputs(deskTicketPage)[0]).toMatchObject({
      work_order_status: 1,
      answer_keyword: 'refund',
      page_num: 2,
      order_key: 'last_asked_at',
      order_type: 'desc',
    });
    expect((screen.getByLabelText('Words in our replies') as HTMLInputElement).value).toBe('refund');

    fireEvent.change(screen.getByLabelText('Words in the title'), { target: { value: '  lost items ' } });
    fireEvent.change(screen.getByLabelText('Member UID'), { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(api.inputs(deskTicketPage)).toHaveLength(2));
    expect(api.inputs(deskTicketPage)[1]).toMatchObject({
      work_order_status: 1,
      answer_keyword: 'refund',
      question_keyword: 'lost items',
      uid: 42,
      page_num: 1,
    });
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('question_keyword')).toBe('lost items');
    expect(search.get('uid')).toBe('42');
    expect(search.get('work_order_status')).toBe('1');
    expect(search.get('page_num')).toBeNull(); // back to the first page
  });

  it("keeps a game's own question type from a link, and drops it when another game is chosen", async () => {
    const api = queueApi();
    api.on(csGameList, () => [
      { game_base_id: 1, game_name: 'Lotus Blade', game_icon: '' },
      { game_base_id: 2, game_name: 'Star Harbor', game_icon: '' },
    ]);
    api.on(questionTypeList, (input) => [
      { question_type: 3, question_type_name: 'Top-up', game_base_id: null, slug: 'payment' },
      ...(Number(input.game_base_id) === 1
        ? [{ question_type: 5, question_type_name: 'Guild wars', game_base_id: 1, slug: 'guild-wars' }]
        : []),
    ]);
    await renderDesk('/tickets?game_base_id=1&question_type=5');
    await screen.findByText('Question 1');
    await waitFor(() => expect(api.inputs(questionTypeList).some((i) => i.game_base_id === '1')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.inputs(deskTicketPage)).toHaveLength(2));
    expect(api.inputs(deskTicketPage)[1]).toMatchObject({ game_base_id: 1, question_type: 5 });

    fireEvent.mouseDown(screen.getByLabelText('Game'));
    fireEvent.click(await screen.findByTitle('Star Harbor'));
    await waitFor(() => expect(api.inputs(questionTypeList).some((i) => i.game_base_id === '2')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.inputs(deskTicketPage)).toHaveLength(3));
    expect(api.inputs(deskTicketPage)[2]).toMatchObject({ game_base_id: 2 });
    expect(api.inputs(deskTicketPage)[2]).not.toHaveProperty('question_type');
  });

  it('refuses a UID that is not a number before asking the server', async () => {
    const api = queueApi();
    await renderDesk('/tickets');
    await screen.findByText('Question 1');
    fireEvent.change(screen.getByLabelText('Member UID'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText("Enter the member's UID as a whole number.")).toBeTruthy();
    expect(api.inputs(deskTicketPage)).toHaveLength(1);
  });

  it('sorts on the server: a column header sends order_key and order_type', async () => {
    const api = queueApi();
    const { router } = await renderDesk('/tickets');
    await screen.findByText('Question 1');
    const created = screen.getByRole('button', { name: /Created/ });
    expect(created.closest('th')?.getAttribute('aria-sort')).toBeNull();

    fireEvent.click(created);
    await waitFor(() =>
      expect(api.inputs(deskTicketPage).at(-1)).toMatchObject({
        order_key: 'created_at',
        order_type: 'desc',
      }),
    );
    expect(router.state.location.search).toContain('order_key=created_at');
    await waitFor(() =>
      expect(
        screen
          .getByRole('button', { name: /Created/ })
          .closest('th')
          ?.getAttribute('aria-sort'),
      ).toBe('descending'),
    );

    fireEvent.click(screen.getByRole('button', { name: /Created/ }));
    await waitFor(() =>
      expect(api.inputs(deskTicketPage).at(-1)).toMatchObject({ order_key: 'created_at', order_type: 'asc' }),
    );
  });

  it('says "1,000+ tickets" over a capped count and pages up to the last page of the cap', async () => {
    const api = queueApi();
    api.on(deskTicketPage, (input) => {
      const asked = input as { page_num: number; page_size: number };
      return {
        ...page([ticket({ work_order_id: 1 })], asked.page_num, asked.page_size),
        total: 1000,
        total_capped: true as const,
      };
    });
    const { router } = await renderDesk('/tickets?page_num=49');
    await screen.findByText('Question 1');
    const pager = screen.getByText('1,000+ tickets').closest('ul')!;
    expect(within(pager).getByText('Narrow the filters to see the rest.')).toBeTruthy();
    expect(within(pager).queryByTitle('51')).toBeNull();
    fireEvent.click(within(pager).getByTitle('50'));
    await waitFor(() => expect(api.inputs(deskTicketPage).at(-1)).toMatchObject({ page_num: 50 }));
    expect(new URLSearchParams(router.state.location.search).get('page_num')).toBe('50');
  });

  it('says the exact count when the server counted every match', async () => {
    queueApi();
    await renderDesk('/tickets');
    await screen.findByText('Question 1');
    expect(screen.getByText('3 tickets')).toBeTruthy();
    expect(screen.queryByText('Narrow the filters to see the rest.')).toBeNull();
  });

  it('shows who is editing a ticket in its row', async () => {
    queueApi([ticket({ work_order_id: 1, lock: mei }), ticket({ work_order_id: 2 })]);
    await renderDesk('/tickets');
    const row = (await screen.findByText('Question 1')).closest('tr')!;
    expect(within(row).getByText(/^Mei, until /)).toBeTruthy();
    const other = screen.getByText('Question 2').closest('tr')!;
    expect(within(other).queryByText(/until/)).toBeNull();
  });

  it('batch replies to the selected tickets and lists each outcome', async () => {
    const api = queueApi();
    api.on(deskTicketBatchReply, (input) => ({
      list: input.work_order_list.map((id) =>
        Number(id) === 3
          ? { work_order_id: 3, code: -40001, lock: mei }
          : { work_order_id: Number(id), code: 0, lock: null },
      ),
    }));
    await renderDesk('/tickets');
    await screen.findByText('Question 1');
    const open = screen.getByRole('button', { name: 'Reply to selected (0)' });
    expect(open.hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select ticket #1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select ticket #3' }));
    expect(screen.getByText('2 tickets selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reply to selected (2)' }));

    const dialog = await screen.findByRole('dialog');
    // Nothing is sent without a reply text.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to 2 tickets' }));
    expect(await within(dialog).findByText('Write a reply first.')).toBeTruthy();
    expect(api.inputs(deskTicketBatchReply)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reply to the member'), {
      target: { value: 'We have credited your top-up.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to 2 tickets' }));

    await within(dialog).findByText('1 of 2 tickets replied.');
    expect(api.inputs(deskTicketBatchReply)[0]).toEqual({
      work_order_list: [1, 3],
      reply_content: 'We have credited your top-up.',
      reply_status: 2,
    });
    const results = within(dialog).getByRole('list', { name: 'Result per ticket' });
    const [first, second] = within(results).getAllByRole('listitem');
    expect(first!.textContent).toContain('#1 Question 1');
    expect(first!.textContent).toContain('Replied');
    expect(second!.textContent).toContain('Not replied: Another agent is handling this ticket.');
    expect(second!.textContent).toMatch(/Mei is handling this ticket until /);
    // The queue is asked again; the refused ticket stays selected for another try.
    await waitFor(() => expect(api.inputs(deskTicketPage)).toHaveLength(2));
    expect(screen.getByText('1 ticket selected')).toBeTruthy();
  });

  it('hides batch reply and export from an agent who may only read', async () => {
    queueApi();
    await renderDesk('/tickets', ['tickets.read']);
    await screen.findByText('Question 1');
    expect(screen.queryByRole('checkbox', { name: 'Select ticket #1' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reply to selected/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export to Excel' })).toBeNull();
  });

  it('translates the refusal of a time range over three months', async () => {
    const api = fakeStaffApi();
    api.on(deskTicketPage, () => {
      throw new Refusal(-400, { fields: [{ field: 'end_time', code: 'range_too_long' }] });
    });
    api.on(csGameList, () => []);
    api.on(questionTypeList, () => []);
    await renderDesk('/tickets?start_time=2026-01-01T00:00:00.000Z&end_time=2026-06-01T00:00:00.000Z');
    expect(
      await screen.findByText('The time range can be at most 3 months. Please choose a shorter one.'),
    ).toBeTruthy();
  });

  it('exports the filtered queue and offers the signed link', async () => {
    const api = queueApi();
    api.on(deskExportStart, () => ({ task_id: 'task-1' }));
    api.on(deskExportCheck, () => ({
      status: 'done' as const,
      rows: 3,
      download_url: '/komoe/mng/work_order/excel?sig=abc',
      expires_at: '2026-03-01T10:10:00.000Z',
    }));
    await renderDesk('/tickets?reply_status=0&order_key=created_at&order_type=asc');
    await screen.findByText('Question 1');
    fireEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByText('Preparing the export…')).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Download the Excel file (3 tickets)' });
    expect(link.getAttribute('href')).toBe('http://localhost:8090/csmng/komoe/mng/work_order/excel?sig=abc');
    expect(screen.getByText(/The link works until /)).toBeTruthy();
    expect(api.inputs(deskExportStart)[0]).toEqual({
      reply_status: 0,
      order_key: 'created_at',
      order_type: 'asc',
    });
    expect(api.inputs(deskExportCheck)[0]).toEqual({ task_id: 'task-1' });
  });
});
