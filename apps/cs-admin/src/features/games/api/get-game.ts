import { gameAdminDetailCall } from '@gp/contracts/catalog-admin';
import { api } from '../../../lib/api-client.ts';

export const getGame = (gameBaseId: number) => api.call(gameAdminDetailCall, { game_base_id: gameBaseId });
