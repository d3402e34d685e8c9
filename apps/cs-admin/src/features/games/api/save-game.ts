import { gameAdminSave, type GameForm } from '@gp/contracts/catalog-admin';
import { api } from '../../../lib/api-client.ts';

export const saveGame = (form: GameForm) => api.call(gameAdminSave, form);
