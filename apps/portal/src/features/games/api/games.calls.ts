import { bindCalls } from '@gp/api-client';
import { homeGameRecommend } from '@gp/contracts/web';
import { api } from '../../../lib/api-client.ts';

export const gamesCalls = /* @__PURE__ */ bindCalls(api, {
  /** The games the home page recommends, with tagline and description (spec 7 /home/game/recommend). */
  recommendedGames: homeGameRecommend,
});
