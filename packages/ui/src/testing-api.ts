/**
 * A stand-in for the contract client in app tests: answers each contract from a table, and refuses user info
 * with -101 (a visitor) unless the table says otherwise. Apps mock their `lib/api-client.ts` with it.
 */
import { vi } from 'vitest';
import { ApiError, type ApiClient } from '@gp/api-client';
import type { CallContract } from '@gp/contracts';
import { userInfo } from '@gp/contracts/passport';
import { fansGroupList, gameList, homeNavList } from '@gp/contracts/web';

export const demoGames = [
  {
    game_base_id: 1,
    url: 'https://lb.example.com/',
    game_icon: 'http://localhost:8090/upload/media/a.svg',
    game_name: 'Lotus Blade',
  },
];

export function tableApi(answers: Map<CallContract, unknown | ((input: unknown) => unknown)> = new Map()) {
  const defaults = new Map<CallContract, unknown>([
    [
      homeNavList,
      { is_show_cs: 1, is_show_fans_group: 1, is_show_game: 1, is_show_invest: 1, is_show_news: 1 },
    ],
    [gameList, demoGames],
    [fansGroupList, []],
  ]);
  const call = vi.fn(async (contract: CallContract, input: unknown) => {
    const answer = answers.has(contract) ? answers.get(contract) : defaults.get(contract);
    if (answer === undefined) {
      if (contract === userInfo) throw new ApiError(-101, 'passport', 200);
      throw new Error(`no answer for ${contract.path}`);
    }
    return typeof answer === 'function' ? (answer as (i: unknown) => unknown)(input) : answer;
  });
  return { call } as ApiClient & { call: typeof call };
}
