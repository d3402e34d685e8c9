import { payRoleList } from '@gp/contracts/pay';
import { api } from '../../../lib/api-client.ts';

export function getPayRoles(gameBaseId: number) {
  return api.call(payRoleList, { game_base_id: gameBaseId });
}
