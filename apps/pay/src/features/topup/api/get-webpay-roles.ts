import { webpayRoleList } from '@gp/contracts/pay';
import { site } from '@gp/config';
import { api } from '../../../lib/api-client.ts';

/** The game's servers with the member's characters on each (member call). */
export function getWebpayRoles(gameBaseId: number) {
  return api.call(webpayRoleList, { distribution_region: site.distributionRegion, game_base_id: gameBaseId });
}
