import { bindCalls } from '@gp/api-client';
import {
  gameServerAdminDetail,
  gameServerAdminRotate,
  gameServerAdminSave,
  gameServerAdminSync,
  gameServerAdminTest,
} from '@gp/contracts/game-server-admin';
import { payAdminGameList } from '@gp/contracts/pay-admin';
import { api } from '../../../lib/api-client.ts';

/** A game's game-server connection: read, save, switch keys, test, sync its servers; the games to pick from. */
export const gameServerCalls = bindCalls(api, {
  games: payAdminGameList,
  detail: gameServerAdminDetail,
  save: gameServerAdminSave,
  rotate: gameServerAdminRotate,
  test: gameServerAdminTest,
  sync: gameServerAdminSync,
});
