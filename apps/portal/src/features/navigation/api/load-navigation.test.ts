import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '@gp/api-client';
import { homeNavList, gameList } from '@gp/contracts/web';

const call = vi.fn();
vi.mock('../../../lib/api-client.ts', () => ({ api: { call: (...args: unknown[]) => call(...args) } }));
const { loadNavigation } = await import('./load-navigation.ts');

afterEach(() => call.mockReset());

describe('loadNavigation', () => {
  it('falls back to the customer-service menu alone when the nav call fails', async () => {
    call.mockImplementation(async (c) => {
      if (c === homeNavList) throw new NetworkError('offline');
      if (c === gameList) return [{ game_base_id: 1, url: 'u', game_icon: 'i', game_name: 'n' }];
      throw new ApiError(-500, 'common', 500);
    });
    const navigation = await loadNavigation();
    expect(navigation.flags).toEqual({
      is_show_cs: 1,
      is_show_fans_group: 0,
      is_show_game: 0,
      is_show_invest: 0,
      is_show_news: 0,
    });
    expect(navigation.games).toHaveLength(1);
    expect(navigation.fansGroups).toEqual([]);
  });
});
