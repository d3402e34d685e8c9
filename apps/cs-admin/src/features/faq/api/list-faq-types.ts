import { questionTypeAdminList } from '@gp/contracts/catalog-admin';
import { api } from '../../../lib/api-client.ts';

/** Question types FAQ entries may be filed under: every game's, plus the game's own when one is given. */
export const listFaqTypes = (gameBaseId?: number) =>
  api.call(questionTypeAdminList, { usage: 1, ...(gameBaseId ? { game_base_id: gameBaseId } : {}) });
