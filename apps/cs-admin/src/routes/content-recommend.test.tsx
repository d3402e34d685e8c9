import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import cms from '@gp/i18n/locales/en/cms.json';
import { ok, refuse, resetSession, staffServer, staffSession } from '../testing/console-test.tsx';
import {
  answerPublicGames,
  pageOf,
  recommendData,
  recommendSummary,
  renderContent,
  staffGame,
} from '../testing/render-content.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The console's screens are heavy for jsdom on a busy machine: waits get longer than the default. */
const slow = { timeout: 15_000 };

const base = '/komoe/mng/content/recommend';
const list = () =>
  ok(
    pageOf([
      recommendSummary(),
      recommendSummary({ game_base_id: 8, game_name: 'Sky Court', game_online: 0 }),
    ]),
  );

async function open(session = staffSession(), handlers: Parameters<typeof staffServer>[0] = {}) {
  const server = staffServer({ [`${base}/page`]: list, ...handlers }, session);
  return server;
}

async function render() {
  await renderContent('/content/recommended-games');
  await screen.findByRole('heading', { name: cms.recommend.title }, { timeout: 15_000 });
}

const rowOf = (name: string) => within(screen.getByText(name, { selector: 'strong' }).closest('tr')!);

describe('recommended games', { timeout: 60_000 }, () => {
  it('lists the recommendations, marking those whose game is offline', async () => {
    await open();
    await render();
    expect(rowOf('Lotus Blade').getByText('Fight with grace')).toBeTruthy();
    expect(rowOf('Lotus Blade').queryByText(cms.recommend.gameOffline)).toBeNull();
    expect(rowOf('Sky Court').getByText(cms.recommend.gameOffline)).toBeTruthy();
  });

  it('recommends a game picked from every game (games privilege), offline ones marked', async () => {
    const server = await open(staffSession(), {
      '/komoe/mng/game/page': () =>
        ok({ ...pageOf([staffGame(7, 'Lotus Blade'), staffGame(9, 'Moon Harbor', 0)]) }),
      [`${base}/create_update`]: () => ok(recommendData({ game_base_id: 9, game_name: 'Moon Harbor' })),
    });
    await render();
    fireEvent.click(screen.getByRole('button', { name: cms.recommend.add }));
    const dialog = within(await screen.findByRole('dialog', undefined, slow));
    fireEvent.mouseDown(dialog.getByLabelText(cms.recommend.game));
    fireEvent.click(await screen.findByTitle('Moon Harbor (offline)', undefined, slow));
    fireEvent.change(dialog.getAllByLabelText(cms.recommend.tagline)[0]!, { target: { value: 'Sail away' } });
    fireEvent.change(dialog.getAllByLabelText(cms.recommend.description)[0]!, {
      target: { value: 'A harbour town to build.' },
    });
    fireEvent.change(dialog.getByLabelText(cms.form.sort), { target: { value: '5' } });
    fireEvent.click(dialog.getByRole('button', { name: cms.form.create }));
    await waitFor(() => expect(server.to(`${base}/create_update`)).toHaveLength(1), slow);
    expect(server.to(`${base}/create_update`)[0]!.body).toEqual({
      game_base_id: 9,
      sort: 5,
      is_online: 1,
      texts: { en: { tagline: 'Sail away', description: 'A harbour town to build.' } },
    });
    expect(server.to('/komoe/mng/game/page')[0]!.query.get('page_size')).toBe('100');
  });

  it('without the games privilege the public game list is offered; not_found shows at the game', async () => {
    const server = await open(staffSession({ privileges: ['content'], privilege_ids: [6] }), {
      [`${base}/create_update`]: () =>
        refuse(-400, { fields: [{ field: 'game_base_id', code: 'not_found' }] }),
    });
    const asked = answerPublicGames([{ game_base_id: 7, game_name: 'Lotus Blade' }]);
    await render();
    fireEvent.click(screen.getByRole('button', { name: cms.recommend.add }));
    const dialog = within(await screen.findByRole('dialog', undefined, slow));
    fireEvent.mouseDown(dialog.getByLabelText(cms.recommend.game));
    fireEvent.click(await screen.findByTitle('Lotus Blade', undefined, slow));
    fireEvent.change(dialog.getAllByLabelText(cms.recommend.tagline)[0]!, { target: { value: 'Fight' } });
    fireEvent.change(dialog.getAllByLabelText(cms.recommend.description)[0]!, {
      target: { value: 'Martial arts.' },
    });
    fireEvent.click(dialog.getByRole('button', { name: cms.form.create }));
    expect(await dialog.findByText(cms.fieldError.gameNotFound, undefined, slow)).toBeTruthy();
    expect(asked.count).toBe(1);
    expect(server.to('/komoe/mng/game/page')).toHaveLength(0);
  });

  it('editing keeps the game fixed and loads the recommendation by its game', async () => {
    const server = await open(staffSession(), {
      '/komoe/mng/game/page': () => ok(pageOf([staffGame(7, 'Lotus Blade')])),
      [`${base}/detail`]: () => ok(recommendData()),
    });
    await render();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Lotus Blade' }));
    const dialog = within(await screen.findByRole('dialog', undefined, slow));
    expect(server.to(`${base}/detail`)[0]!.query.get('game_base_id')).toBe('7');
    expect(dialog.getByText(cms.recommend.gameFixed)).toBeTruthy();
    expect(dialog.getByLabelText(cms.recommend.game).closest('.ant-select-disabled')).toBeTruthy();
  });
});
