import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { workOrderCreate, workOrderGrade } from '@gp/contracts/cs';
import { forgetUser } from '@gp/ui/session';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import { callsTo, initialState, serviceError, serviceWorld } from '../testing/service-fixtures.ts';

const { state, answers } = serviceWorld();
const api = tableApi(answers);
vi.mock('../lib/api-client.ts', () => ({ api }));
const { routes } = await import('../app/router.tsx');

afterEach(() => {
  cleanup();
  api.call.mockClear();
  forgetUser();
  Object.assign(state, initialState());
});

const download = (id: string) => `http://localhost:8090/cs/komoe/api/common/file/download?file_id=${id}`;

function withAttachments() {
  const replied = state.tickets.find((w) => w.work_order_id === 7)!;
  replied.messages[0]!.attachments = [
    {
      file_id: 'img_0000000000000001',
      file_name: 'shot.png',
      file_size: 2048,
      file_kind: 'image',
      content_type: 'image/png',
    },
    {
      file_id: 'log_0000000000000001',
      file_name: 'client.log',
      file_size: 1536 * 1024,
      file_kind: 'log',
      content_type: 'text/plain',
    },
  ];
}

async function openTicket(id: number) {
  const view = await renderApp(routes, `/service/order_detail?work_order_id=${id}`);
  expect(await screen.findByRole('heading', { level: 1, name: `Ticket ${id}` })).toBeTruthy();
  return view;
}

describe('/service/order_detail', () => {
  it('shows the ticket’s facts and its conversation with attachments', async () => {
    withAttachments();
    await openTicket(7);
    expect(screen.getByText('Ticket no. 7')).toBeTruthy();
    const facts = Object.fromEntries(
      screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]),
    );
    expect(facts).toMatchObject({
      'Ticket number': '7',
      Status: 'Replied',
      Game: 'Lotus Blade',
      'Question type': 'Top-up & payment',
      Character: 'Mali (HERO12345)',
      'E-mail for replies': 'mali@example.com',
    });
    const conversation = screen.getByRole('region', { name: 'Conversation' });
    const [question, reply] = within(conversation).getAllByRole('article');
    expect(question!.getAttribute('aria-label')).toBe('You');
    expect(within(question!).getByText('Question of ticket 7')).toBeTruthy();
    expect(reply!.getAttribute('aria-label')).toBe('Customer service');
    expect(within(reply!).getByText('Answer to ticket 7')).toBeTruthy();
    const image = within(question!).getByRole('img', { name: 'Attached image shot.png' });
    expect(image.getAttribute('src')).toBe(download('img_0000000000000001'));
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.closest('a')!.getAttribute('href')).toBe(download('img_0000000000000001'));
    const log = within(question!).getByRole('link', { name: /Download client\.log/ });
    expect(log.getAttribute('href')).toBe(download('log_0000000000000001'));
    expect(log.textContent).toBe('Download client.log (1.5 MB)');
  });

  it('offers a follow-up on a replied ticket', async () => {
    await openTicket(7);
    expect(screen.getByRole('link', { name: 'Ask a follow-up question' }).getAttribute('href')).toBe(
      '/service/requestion?work_order_id=7',
    );
  });

  it('rates with five named stars, keyboard-operable radios, and lets the rating change', async () => {
    await openTicket(8);
    const group = screen.getByRole('group', { name: /How satisfied are you with our answer/ });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('type'))).toEqual(Array(5).fill('radio'));
    expect(radios.map((r) => (r as HTMLInputElement).labels![0]!.textContent)).toEqual([
      'Disappointed',
      'Dissatisfied',
      'Okay',
      'Satisfied',
      'Excellent',
    ]);
    expect(new Set(radios.map((r) => (r as HTMLInputElement).name)).size).toBe(1);
    expect(group.textContent).toMatch(/You can change your rating until Mar 9, 2026/);

    fireEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    expect(screen.getByText('Please choose a rating.')).toBeTruthy();
    expect(document.activeElement).toBe(radios[0]);
    expect(callsTo(api.call, workOrderGrade)).toEqual([]);

    fireEvent.click(within(group).getByRole('radio', { name: 'Satisfied' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    expect(await screen.findByText('Thank you! Your rating: Satisfied.')).toBeTruthy();
    expect(callsTo(api.call, workOrderGrade)).toEqual([{ work_order_id: 8, grade: 4 }]);
    // Reloaded: the rating is there and can still be changed.
    expect(await screen.findByRole('button', { name: 'Update rating' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Satisfied' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Excellent' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update rating' }));
    expect(await screen.findByText('Thank you! Your rating: Excellent.')).toBeTruthy();
    expect(callsTo(api.call, workOrderGrade).at(-1)).toEqual({ work_order_id: 8, grade: 5 });
  });

  it('asks a rating of 1 or 2 for its reason, sends it with the player’s words, and drops it for a higher one', async () => {
    await openTicket(8);
    expect(screen.queryByRole('group', { name: 'What went wrong?' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Dissatisfied' }));
    const why = screen.getByRole('group', { name: 'What went wrong?' });
    expect(
      within(why)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).labels![0]!.textContent),
    ).toEqual([
      'The answer was slow',
      'My problem was not solved',
      'The answer was unclear',
      'The answer was unfriendly',
      'Something else',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    expect(screen.getByText('Please choose what went wrong.')).toBeTruthy();
    expect(document.activeElement).toBe(within(why).getByRole('radio', { name: 'The answer was slow' }));
    expect(callsTo(api.call, workOrderGrade)).toEqual([]);

    fireEvent.click(within(why).getByRole('radio', { name: 'My problem was not solved' }));
    expect(screen.queryByText('Please choose what went wrong.')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: /Tell us more/ }), {
      target: { value: '  The gems never arrived.  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    expect(await screen.findByText('Thank you! Your rating: Dissatisfied.')).toBeTruthy();
    expect(callsTo(api.call, workOrderGrade)).toEqual([
      { work_order_id: 8, grade: 2, reason: 'unsolved', comment: 'The gems never arrived.' },
    ]);
    // Reloaded: the reason is kept with the rating and can change with it.
    await screen.findByRole('button', { name: 'Update rating' });
    expect(
      (screen.getByRole('radio', { name: 'My problem was not solved' }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Okay' }));
    expect(screen.queryByRole('group', { name: 'What went wrong?' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Update rating' }));
    expect(await screen.findByText('Thank you! Your rating: Okay.')).toBeTruthy();
    expect(callsTo(api.call, workOrderGrade).at(-1)).toEqual({ work_order_id: 8, grade: 3 });
  });

  it('shows a refused rating translated in the service domain', async () => {
    state.refuse.set(workOrderGrade, serviceError(-10002));
    await openTicket(10);
    fireEvent.click(screen.getByRole('radio', { name: 'Okay' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    const alert = await screen.findByText('The rating period for this ticket has ended.');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
  });

  it('shows a closed ticket’s rating read-only and points to a new ticket', async () => {
    await openTicket(12);
    expect(screen.getByText('Your rating: Satisfied (4 of 5 stars)')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(
      screen.getByText('This ticket is closed. If you still need help, please submit a new ticket.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ask a follow-up question' })).toBeNull();
  });

  it('says a ticket in progress is being looked into, with no follow-up or rating yet', async () => {
    await openTicket(5);
    expect(screen.getByText("We're looking into your ticket and will reply as soon as we can.")).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ask a follow-up question' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Rate our answer' })).toBeNull();
  });

  it('reads someone else’s ticket as not found', async () => {
    await renderApp(routes, '/service/order_detail?work_order_id=55');
    expect(await screen.findByText("We couldn't find this ticket.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to my tickets' }).getAttribute('href')).toBe(
      '/service/history',
    );
  });
});

describe('/service/requestion', () => {
  it('follows up from the ticket and returns to it, which says the follow-up went out', async () => {
    const { router } = await openTicket(7);
    fireEvent.click(screen.getByRole('link', { name: 'Ask a follow-up question' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Follow-up question' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ticket 7' }).getAttribute('href')).toBe(
      '/service/order_detail?work_order_id=7',
    );
    const content = screen.getByLabelText('Your follow-up question') as HTMLTextAreaElement;
    fireEvent.click(screen.getByRole('button', { name: 'Send follow-up' }));
    expect(document.activeElement).toBe(content);
    expect(content.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please write your follow-up question.')).toBeTruthy();

    fireEvent.change(content, { target: { value: 'The items are still missing.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send follow-up' }));
    expect(
      await screen.findByText("Your follow-up question has been sent. We'll reply as soon as we can."),
    ).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/service/order_detail?work_order_id=7',
    );
    expect(callsTo(api.call, workOrderCreate)).toEqual([
      { parent_work_order_id: 7, question_content: 'The items are still missing.', attachments: [] },
    ]);
    const conversation = screen.getByRole('region', { name: 'Conversation' });
    await waitFor(() => expect(within(conversation).getAllByRole('article')).toHaveLength(3));
    expect(within(conversation).getAllByRole('article')[2]!.getAttribute('aria-label')).toBe(
      'You (follow-up)',
    );
    expect(screen.getAllByText('In progress').length).toBeGreaterThan(0);
  });

  it('shows a refusal translated and keeps the text', async () => {
    state.refuse.set(workOrderCreate, serviceError(-10000));
    await renderApp(routes, '/service/requestion?work_order_id=8');
    const content = (await screen.findByLabelText('Your follow-up question')) as HTMLTextAreaElement;
    fireEvent.change(content, { target: { value: 'Any news?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send follow-up' }));
    expect(
      await screen.findByText('This ticket is being processed. Please wait for our reply.'),
    ).toBeTruthy();
    expect(content.value).toBe('Any news?');
  });

  it('explains why a closed ticket takes no follow-up', async () => {
    await renderApp(routes, '/service/requestion?work_order_id=11');
    expect(
      await screen.findByText(
        "This ticket is closed, so it can't take follow-up questions. Please submit a new ticket.",
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Your follow-up question')).toBeNull();
  });
});
