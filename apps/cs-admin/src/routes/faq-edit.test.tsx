import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  faqAdminDetailCall,
  faqAdminPage,
  faqAdminSave,
  questionTypeAdminList,
} from '@gp/contracts/catalog-admin';
import { faqDetail, faqItem, publicGames, questionType } from '../testing/faq-fixtures.ts';
import { ok, refuse, resetSession, staffServer, type Handler } from '../testing/console-test.tsx';
import {
  answerDirectly,
  bodyOf,
  fieldRefusal,
  ops,
  pathOf,
  renderOps,
  sessionWith,
} from '../testing/ops-console.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lotusType = questionType({ question_type: 7, question_type_name: 'Lotus events', game_base_id: 3 });

function editorServer(handlers: Record<string, Handler> = {}) {
  const server = staffServer(
    {
      [pathOf(faqAdminPage)]: () => ok({ list: [faqItem()], total: 1, page_num: 1, page_size: 20 }),
      [pathOf(faqAdminDetailCall)]: () => ok(faqDetail()),
      // With a game: every game's types plus its own; without: all types, other games' own too.
      [pathOf(questionTypeAdminList)]: (request) =>
        ok(
          request.query.get('game_base_id') === '3'
            ? [questionType(), lotusType]
            : [
                questionType(),
                lotusType,
                questionType({ question_type: 8, question_type_name: 'Moon raids', game_base_id: 4 }),
              ],
        ),
      ...handlers,
    },
    sessionWith('faq'),
  );
  answerDirectly({ '/cs/komoe/api/common/game/list': () => ok(publicGames) });
  return server;
}

async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const choices = await screen.findAllByTitle(option);
  fireEvent.click(choices.at(-1)!);
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

// Whole-console renders with antd are slow on a busy machine.
describe('FAQ editor', { timeout: 40_000 }, () => {
  it('checks the texts on the device: en required, another language complete or empty', async () => {
    const server = editorServer();
    await renderOps('/faq/new');
    await screen.findByRole('heading', { name: ops.faq.newTitle });
    fireEvent.click(screen.getByRole('button', { name: ops.common.save }));
    expect(await screen.findByText(ops.faq.rule.title)).toBeTruthy();
    expect(screen.getByText(ops.faq.rule.content)).toBeTruthy();
    expect(screen.getByText(ops.faq.rule.questionType)).toBeTruthy();

    type('Question (English)', 'Where is my top-up?');
    type('Answer (English)', 'It arrives within 5 minutes.');
    // Thai: a question without its answer.
    type('Question (ไทย)', 'เติมเงินแล้วไม่ได้รับ');
    await pick(ops.faq.questionType, 'Top-up');
    fireEvent.click(screen.getByRole('button', { name: ops.common.save }));
    // The Thai tab says it has a problem and opens.
    const thai = await screen.findByRole('tab', { name: /ไทย.*has errors/ });
    await waitFor(() => expect(thai.getAttribute('aria-selected')).toBe('true'));
    expect(screen.getAllByText(ops.faq.rule.content).length).toBeGreaterThan(0);
    expect(server.to(pathOf(faqAdminSave))).toHaveLength(0);
  });

  it('saves a new entry about every game with the languages filled, then goes back to the list', async () => {
    const server = editorServer({
      [pathOf(faqAdminSave)]: () => ok(faqDetail({ question_id: 20, is_online: 0, online_state: 'offline' })),
    });
    const { router } = await renderOps('/faq/new');
    await screen.findByRole('heading', { name: ops.faq.newTitle });
    type('Question (English)', '  Where is my top-up?  ');
    type('Answer (English)', 'It arrives within 5 minutes.');
    type('Question (Tiếng Việt)', 'Tiền nạp của tôi đâu?');
    type('Answer (Tiếng Việt)', 'Tiền sẽ đến trong vòng 5 phút.');
    await pick(ops.faq.questionType, 'Top-up');
    fireEvent.click(screen.getByRole('button', { name: ops.common.save }));
    await waitFor(() => expect(server.to(pathOf(faqAdminSave))).toHaveLength(1));
    expect(bodyOf(server.to(pathOf(faqAdminSave))[0])).toEqual({
      question_type: 2,
      game_base_id: null,
      online_type: 1,
      online_time: null,
      sort: 0,
      texts: {
        en: { question_title: 'Where is my top-up?', question_content: 'It arrives within 5 minutes.' },
        th: null,
        cn: null,
        vi: { question_title: 'Tiền nạp của tôi đâu?', question_content: 'Tiền sẽ đến trong vòng 5 phút.' },
        zh: null,
      },
    });
    expect(await screen.findByText(ops.faq.added)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
  });

  it("offers the chosen game's own question types and sends its id", async () => {
    const server = editorServer({ [pathOf(faqAdminSave)]: () => ok(faqDetail()) });
    await renderOps('/faq/new');
    await screen.findByRole('heading', { name: ops.faq.newTitle });
    // About every game: only the types of every game.
    fireEvent.mouseDown(screen.getByLabelText(ops.faq.questionType));
    expect(await screen.findByTitle('Top-up')).toBeTruthy();
    expect(screen.queryByTitle('Lotus events')).toBeNull();
    expect(screen.queryByTitle('Moon raids')).toBeNull();
    fireEvent.keyDown(screen.getByLabelText(ops.faq.questionType), { key: 'Escape', keyCode: 27 });
    await pick(ops.faq.game, 'Lotus Blade');
    await waitFor(() =>
      expect(server.to(pathOf(questionTypeAdminList)).some((r) => r.query.get('game_base_id') === '3')).toBe(
        true,
      ),
    );
    await pick(ops.faq.questionType, 'Lotus events');
    type('Question (English)', 'When does the festival start?');
    type('Answer (English)', 'On Friday.');
    fireEvent.click(screen.getByRole('button', { name: ops.common.save }));
    await waitFor(() => expect(server.to(pathOf(faqAdminSave))).toHaveLength(1));
    expect(bodyOf(server.to(pathOf(faqAdminSave))[0])).toMatchObject({ game_base_id: 3, question_type: 7 });
  });

  it('schedules an entry: a time is required and must lie ahead', async () => {
    const server = editorServer({ [pathOf(faqAdminSave)]: () => ok(faqDetail()) });
    await renderOps('/faq/new');
    await screen.findByRole('heading', { name: ops.faq.newTitle });
    type('Question (English)', 'Where is my top-up?');
    type('Answer (English)', 'It arrives within 5 minutes.');
    await pick(ops.faq.questionType, 'Top-up');
    fireEvent.click(screen.getByRole('radio', { name: ops.faq.onlineScheduled }));
    fireEvent.click(screen.getByRole('button', { name: ops.common.save }));
    expect(await screen.findByText(ops.faq.rule.onlineTime)).toBeTruthy();

    const time = screen.getByLabelText(ops.faq.onlineTime);
    // Earlier today (days before today cannot be picked at all).
    const past = dayjs().startOf('day').format('YYYY-MM-DD HH:mm');
    fireEvent.mouseDown(time);
    fireEvent.change(time, { target: { value: past } });
    fireEvent.keyDown(time, { key: 'Enter', keyCode: 13 });
    fireEvent.click(screen.getByRole('button', { name: ops.common.save }));
    expect(await screen.findByText(ops.faq.rule.onlineTimeFuture)).toBeTruthy();

    const future = dayjs().add(2, 'day').startOf('minute');
    fireEvent.mouseDown(time);
    fireEvent.change(time, { target: { value: future.format('YYYY-MM-DD HH:mm') } });
    fireEvent.keyDown(time, { key: 'Enter', keyCode: 13 });
    fireEvent.click(screen.getByRole('button', { name: ops.common.save }));
    await waitFor(() => expect(server.to(pathOf(faqAdminSave))).toHaveLength(1));
    expect(bodyOf(server.to(pathOf(faqAdminSave))[0])).toMatchObject({
      online_type: 2,
      online_time: future.toISOString(),
    });
  });

  it('loads an entry with every language, and a refusal keeps what was typed under its field', async () => {
    const server = editorServer({
      [pathOf(faqAdminSave)]: () => fieldRefusal(['question_type', 'not_offered']),
    });
    await renderOps('/faq/11');
    await screen.findByRole('heading', { name: ops.faq.editTitle });
    const title = await screen.findByLabelText<HTMLInputElement>('Question (English)');
    await waitFor(() => expect(title.value).toBe('Where is my top-up?'));
    expect(screen.getByLabelText<HTMLInputElement>('Question (ไทย)').value).toBe('เติมเงินแล้วไม่ได้รับ');
    expect(server.to(pathOf(faqAdminDetailCall))[0]!.query.get('question_id')).toBe('11');
    type('Question (English)', 'Where did my top-up go?');
    fireEvent.click(screen.getByRole('button', { name: ops.common.save }));
    expect(await screen.findByText(ops.faq.error.typeNotOffered)).toBeTruthy();
    expect(title.value).toBe('Where did my top-up go?');
    expect(bodyOf(server.to(pathOf(faqAdminSave))[0])).toMatchObject({
      question_id: 11,
      game_base_id: 3,
      texts: { th: { question_title: 'เติมเงินแล้วไม่ได้รับ' } },
    });
  });

  it('says when the entry no longer exists', async () => {
    editorServer({ [pathOf(faqAdminDetailCall)]: () => refuse(-404) });
    await renderOps('/faq/99');
    expect(await screen.findByText("We couldn't find what you were looking for.")).toBeTruthy();
  });

  it('asks before leaving with unsaved changes', async () => {
    const server = editorServer();
    const { router } = await renderOps('/faq/11');
    const title = await screen.findByLabelText<HTMLInputElement>('Question (English)');
    await waitFor(() => expect(title.value).toBe('Where is my top-up?'));
    type('Question (English)', 'Changed but not saved');
    fireEvent.click(screen.getByRole('link', { name: ops.faq.backToList }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(ops.faq.leaveConfirm)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: ops.faq.stay }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(router.state.location.pathname).toBe('/faq/11');
    expect(title.value).toBe('Changed but not saved');

    fireEvent.click(screen.getByRole('link', { name: ops.faq.backToList }));
    const again = await screen.findAllByRole('button', { name: ops.faq.leave });
    fireEvent.click(again.at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
    expect(server.to(pathOf(faqAdminSave))).toHaveLength(0);
  });
});
