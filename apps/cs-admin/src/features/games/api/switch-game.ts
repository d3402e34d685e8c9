import { gameAdminOnlineSwitch } from '@gp/contracts/catalog-admin';
import { api } from '../../../lib/api-client.ts';

export const switchGame = (gameBaseId: number, online: boolean) =>
  api.call(gameAdminOnlineSwitch, { game_base_id: gameBaseId, is_online: online ? 1 : 0 });
