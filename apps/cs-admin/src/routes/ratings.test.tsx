import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import admin from '@gp/i18n/locales/en/admin.json';
import type { HomeRatingsData } from '@gp/contracts/console-home';
import { ok, renderConsole, resetSession, staffServer, staffSession } from '../testing/console-test.tsx';

vi.mock('../features/home/components/plots.tsx', () => ({ default: () => null }));

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const r = admin.consoleHome.ratings;
const data = (scope: 'own' | 'all'): HomeRatingsData => ({
  scope,
  weeks: [
    { week_start: '2026-03-01T17:00:00.000Z', grades: [0, 0, 0, 0, 0], rated: 0, average: null },
    { week_start: '2026-03-08T17:00:00.000Z', grades: [1, 1, 0, 0, 2], rated: 4, average: 3.25 },
  ],
  by_agent: [{ staff_id: 2, staff_name: 'Agent Mali', grades: [1, 1, 0, 0, 2], rated: 4, average: 3.25 }],
  by_game: [{ game_base_id: 3, game_name: 'Lotus Blade', grades: [1, 1, 0, 0, 2], rated: 4, average: 3.25 }],
  reasons: [
    { reason: 'slow', count: 1 },
    { reason: 'unsolved', count: 0 },
    { reason: 'unclear', count: 1 },
    { reason: 'unfriendly', count: 0 },
    { reason: 'other', count: 0 },
  ],
  low: [
    {
      work_order_id: 41,
      question_title: 'Gems not delivered',
      game_name: 'Lotus Blade',
      staff_name: 'Agent Mali',
      grade: 1,
      reason: 'slow',
      comment: 'Two days for an answer.',
      graded_at: '2026-03-10T08:00:00.000Z',
    },
  ],
});

const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('ratings', () => {
  it('shows an agent’s own ratings per week, agent, game and reason, with the low ones’ words', async () => {
    const server = staffServer(
      { '/komoe/mng/home/ratings': () => ok(data('own')) },
      staffSession({ privileges: ['tickets.read'], privilege_ids: [1] }),
    );
    await renderConsole('/ratings');
    await screen.findByRole('heading', { level: 1, name: r.title });
    expect(screen.getByText(r.scopeOwn)).toBeTruthy();
    expect(server.to('/komoe/mng/home/ratings')[0]!.query.get('weeks')).toBe('8');
    expect(rowsOf(r.perWeek)[1]!.slice(1)).toEqual(['1', '1', '0', '0', '2', '4', '3.25']);
    expect(rowsOf(r.byAgent)).toEqual([['Agent Mali', '1', '1', '0', '0', '2', '4', '3.25']]);
    expect(rowsOf(r.reasons)).toEqual([
      ['Slow answer', '1'],
      ['Did not solve it', '0'],
      ['Unclear', '1'],
      ['Unfriendly', '0'],
      ['Other', '0'],
    ]);
    const low = rowsOf(r.low)[0]!;
    expect(low.slice(0, 5)).toEqual([
      'Gems not delivered',
      'Disappointed',
      'Slow answer',
      'Two days for an answer.',
      'Agent Mali',
    ]);
    expect(screen.getByRole('link', { name: 'Gems not delivered' }).getAttribute('href')).toBe('/tickets/41');
  });

  it('says a lead sees everyone and asks for the period chosen', async () => {
    const server = staffServer({ '/komoe/mng/home/ratings': () => ok(data('all')) }, staffSession());
    const { router } = await renderConsole('/ratings');
    await screen.findByText(r.scopeAll);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: r.weeks }));
    fireEvent.click(await screen.findByText('Last 12 weeks'));
    await waitFor(() => expect(router.state.location.search).toBe('?weeks=12'));
    await waitFor(() => expect(server.to('/komoe/mng/home/ratings').at(-1)!.query.get('weeks')).toBe('12'));
  });

  it('is refused without the ticket privilege, asking nothing', async () => {
    const server = staffServer({}, staffSession({ privileges: ['catalog'], privilege_ids: [7] }));
    await renderConsole('/ratings');
    expect(await screen.findByRole('heading', { name: admin.access.deniedTitle })).toBeTruthy();
    expect(server.to('/komoe/mng/home/ratings')).toHaveLength(0);
  });
});
