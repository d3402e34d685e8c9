import { payAdminChannelList } from '@gp/contracts/pay-admin';
import { api } from '../../../lib/api-client.ts';

export const getChannels = (gameBaseId: number) =>
  api.call(payAdminChannelList, { game_base_id: gameBaseId });
