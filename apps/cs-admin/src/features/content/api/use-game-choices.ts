/**
 * The games an editor can pick (an article's game, a recommended game). With the `games` privilege the staff
 * list gives every game, offline ones marked; without it the portal's public list gives the games players see.
 */
import { useEffect, useState } from 'react';
import { gameAdminPage } from '@gp/contracts/catalog-admin';
import { gameList } from '@gp/contracts/web';
import { api } from '../../../lib/api-client.ts';
import { useStaffSession } from '../../../lib/staff-session.ts';

export interface GameChoice {
  game_base_id: number;
  name: string;
  /** false: the game is offline (players see neither it nor its recommendation). */
  online: boolean;
}

/** Pages of the staff list at most: 1,000 games is far beyond any catalogue. */
const maxPages = 10;

export async function loadGameChoices(allGames: boolean): Promise<GameChoice[]> {
  if (!allGames) {
    const games = await api.call(gameList, {});
    return games.map((g) => ({ game_base_id: g.game_base_id, name: g.game_name, online: true }));
  }
  const out: GameChoice[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const answer = await api.call(gameAdminPage, { page_num: page, page_size: 100 });
    out.push(
      ...answer.list.map((g) => ({
        game_base_id: g.game_base_id,
        name: g.game_name,
        online: g.is_online === 1,
      })),
    );
    if (out.length >= answer.total || answer.list.length === 0) break;
  }
  return out;
}

export function useGameChoices(): { games: GameChoice[]; loading: boolean; failed: boolean } {
  const { can } = useStaffSession();
  const allGames = can('games');
  const [state, setState] = useState<{ games: GameChoice[]; loading: boolean; failed: boolean }>({
    games: [],
    loading: true,
    failed: false,
  });
  useEffect(() => {
    let live = true;
    loadGameChoices(allGames).then(
      (games) => {
        if (live) setState({ games, loading: false, failed: false });
      },
      () => {
        if (live) setState({ games: [], loading: false, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [allGames]);
  return state;
}
