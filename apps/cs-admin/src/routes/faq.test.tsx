import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  faqAdminDelete,
  faqAdminOnlineSwitch,
  faqAdminPage,
  gameAdminPage,
  questionTypeAdminList,
} from '@gp/contracts/catalog-admin';
import admin from '@gp/i18n/locales/en/admin.json';
import { faqDetail, faqItem, publicGames, questionType } from '../testing/faq-fixtures.ts';
import { gameItem } from '../testing/game-fixtures.ts';
import { ok, resetSession, staffServer, type Handler } from '../testing/console-test.tsx';
import { answerDirectly, bodyOf, ops, pathOf, renderOps, sessionWith } from '../testing/ops-console.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const topUp = faqItem();
const everyGame = faqItem({
  question_id: 12,
  game_base_id: null,
  game_name: null,
  question_type: 5,
  question_type_name: 'Account',
  question_title: 'How do I change my password?',
  languages: ['en'],
  online_type: 2,
  online_time: '2030-01-01T00:00:00.000Z',
  is_online: 1,
  online_state: 'scheduled',
});
const draft = faqItem({
  question_id: 13,
  question_title: 'Can I get a refund?',
  is_online: 0,
  online_state: 'offline',
});

function faqServer(handlers: Record<string, Handler> = {}, privileges: ('faq' | 'games')[] = ['faq']) {
  const server = staffServer(
    {
      [pathOf(faqAdminPage)]: () =>
        ok({ list: [topUp, everyGame, draft], total: 3, page_num: 1, page_size: 20 }),
      [pathOf(questionTypeAdminList)]: () =>
        ok([questionType(), questionType({ question_type: 5, question_type_name: 'Account' })]),
      [pathOf(gameAdminPage)]: () =>
        ok({
          list: [gameItem(), gameItem({ game_base_id: 4, game_name: 'Moon Tale', is_online: 0 })],
          total: 2,
          page_num: 1,
          page_size: 100,
        }),
      ...handlers,
    },
    sessionWith(...privileges),
  );
  const cs = answerDirectly({ '/cs/komoe/api/common/game/list': () => ok(publicGames) });
  return { ...server, cs };
}

const rowOf = (title: string) => screen.getByRole('link', { name: title }).closest('tr')!;

// Whole-console renders with antd are slow on a busy machine.
describe('FAQ list', { timeout: 40_000 }, () => {
  it('shows each entry with its game, type, languages and what players see now', async () => {
    const server = faqServer();
    await renderOps('/faq');
    await screen.findByRole('heading', { name: ops.faq.title });
    await waitFor(() => rowOf('Where is my top-up?'));
    const top = within(rowOf('Where is my top-up?'));
    expect(top.getByText('Lotus Blade')).toBeTruthy();
    expect(top.getByText('Top-up')).toBeTruthy();
    expect(top.getByText('ไทย')).toBeTruthy();
    expect(top.getByText(ops.faq.state.online)).toBeTruthy();
    const every = within(rowOf('How do I change my password?'));
    expect(every.getByText(ops.faq.allGames)).toBeTruthy();
    expect(every.getByText(ops.faq.state.scheduled)).toBeTruthy();
    expect(every.getByText(/^from /)).toBeTruthy();
    expect(within(rowOf('Can I get a refund?')).getByText(ops.faq.state.offline)).toBeTruthy();
    expect(rowOf('Where is my top-up?').querySelector('a')!.getAttribute('href')).toBe('/faq/11');
    expect(server.to(pathOf(faqAdminPage))[0]!.query.get('page_num')).toBe('1');
    // Without the games privilege the pickers offer the games players can ask about.
    await waitFor(() => expect(server.cs).toHaveLength(1));
    expect(server.to(pathOf(gameAdminPage))).toHaveLength(0);
  });

  it('sends the filters of a link, and new ones go into the URL from the first page', async () => {
    const server = faqServer();
    const { router } = await renderOps('/faq?game=0&state=scheduled&q=password&language=th&page=2');
    await screen.findByRole('heading', { name: ops.faq.title });
    await waitFor(() => expect(server.to(pathOf(faqAdminPage))).toHaveLength(1));
    const first = server.to(pathOf(faqAdminPage))[0]!.query;
    expect(Object.fromEntries(first)).toMatchObject({
      game_base_id: '0',
      online_state: 'scheduled',
      keyword: 'password',
      language: 'th',
      page_num: '2',
    });
    expect(screen.getByLabelText<HTMLInputElement>(ops.faq.keyword).value).toBe('password');

    fireEvent.change(screen.getByLabelText(ops.faq.keyword), { target: { value: '  refund ' } });
    fireEvent.click(screen.getByRole('button', { name: ops.common.search }));
    await waitFor(() => expect(server.to(pathOf(faqAdminPage))).toHaveLength(2));
    expect(Object.fromEntries(server.to(pathOf(faqAdminPage))[1]!.query)).toMatchObject({
      game_base_id: '0',
      keyword: 'refund',
      page_num: '1',
    });
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('q')).toBe('refund');
    expect(search.get('page')).toBeNull();
  });

  it('switches an entry online from the list', async () => {
    const server = faqServer({
      [pathOf(faqAdminOnlineSwitch)]: () => ok(faqDetail({ question_id: 13, is_online: 1 })),
    });
    await renderOps('/faq');
    await waitFor(() => rowOf('Can I get a refund?'));
    fireEvent.click(screen.getByRole('switch', { name: 'Online: Can I get a refund?' }));
    await waitFor(() => expect(server.to(pathOf(faqAdminOnlineSwitch))).toHaveLength(1));
    expect(bodyOf(server.to(pathOf(faqAdminOnlineSwitch))[0])).toEqual({ question_id: 13, is_online: 1 });
    expect(await screen.findByText('"Can I get a refund?" is switched online.')).toBeTruthy();
    await waitFor(() => expect(server.to(pathOf(faqAdminPage))).toHaveLength(2));
  });

  it('deletes only after the confirmation', async () => {
    const server = faqServer({ [pathOf(faqAdminDelete)]: () => ok(null) });
    await renderOps('/faq');
    await waitFor(() => rowOf('Can I get a refund?'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Can I get a refund?' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/"Can I get a refund\?" will be deleted in every language/)).toBeTruthy();
    expect(server.to(pathOf(faqAdminDelete))).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: ops.common.delete }));
    await waitFor(() => expect(server.to(pathOf(faqAdminDelete))).toHaveLength(1));
    expect(bodyOf(server.to(pathOf(faqAdminDelete))[0])).toEqual({ question_id: 13 });
    expect(await screen.findByText(ops.faq.deleted)).toBeTruthy();
  });

  it('offers every game, hidden ones too, to staff who manage games', async () => {
    const server = faqServer({}, ['faq', 'games']);
    await renderOps('/faq');
    await waitFor(() => expect(server.to(pathOf(gameAdminPage))).toHaveLength(1));
    fireEvent.mouseDown(screen.getByLabelText(ops.faq.game));
    expect(await screen.findByTitle('Moon Tale')).toBeTruthy();
    expect(screen.getByTitle(ops.faq.allGamesEntries)).toBeTruthy();
    expect(server.cs).toHaveLength(0);
  });

  it('refuses a staff member without the faq privilege', async () => {
    const server = staffServer({}, sessionWith('games'));
    await renderOps('/faq');
    expect(await screen.findByRole('heading', { name: admin.access.deniedTitle })).toBeTruthy();
    expect(server.to(pathOf(faqAdminPage))).toHaveLength(0);
  });
});
