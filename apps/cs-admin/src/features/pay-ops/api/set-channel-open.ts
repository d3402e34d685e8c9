import { payAdminChannelSwitch } from '@gp/contracts/pay-admin';
import { api } from '../../../lib/api-client.ts';

export const setChannelOpen = (payChannelId: number, open: boolean) =>
  api.call(payAdminChannelSwitch, { pay_channel_id: payChannelId, is_open: open ? 1 : 0 });
