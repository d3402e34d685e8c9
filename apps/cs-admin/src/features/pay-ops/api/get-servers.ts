import { payAdminServerList } from '@gp/contracts/pay-admin';
import { api } from '../../../lib/api-client.ts';

export const getServers = (gameBaseId: number) => api.call(payAdminServerList, { game_base_id: gameBaseId });
