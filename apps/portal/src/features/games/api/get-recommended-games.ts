import { homeGameRecommend, type RecommendedGame } from '@gp/contracts/web';
import { api } from '../../../lib/api-client.ts';

/** The games the home page recommends, with tagline and description (spec 7 /home/game/recommend). */
export function getRecommendedGames(): Promise<RecommendedGame[]> {
  return api.call(homeGameRecommend, {});
}
