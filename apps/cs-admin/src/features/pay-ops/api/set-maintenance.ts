import { payAdminServerMaintenance } from '@gp/contracts/pay-admin';
import { api } from '../../../lib/api-client.ts';

export const setMaintenance = (gameBaseId: number, cpServerId: string, on: boolean) =>
  api.call(payAdminServerMaintenance, {
    game_base_id: gameBaseId,
    cp_server_id: cpServerId,
    is_maintenance: on ? 1 : 0,
  });
