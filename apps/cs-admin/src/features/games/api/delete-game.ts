import { gameAdminDelete } from '@gp/contracts/catalog-admin';
import { api } from '../../../lib/api-client.ts';

export const deleteGame = (gameBaseId: number) => api.call(gameAdminDelete, { game_base_id: gameBaseId });
