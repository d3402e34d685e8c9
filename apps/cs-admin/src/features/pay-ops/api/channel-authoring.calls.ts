import { bindCalls } from '@gp/api-client';
import {
  payChannelCreate,
  payChannelProviderList,
  payChannelSave,
} from '@gp/contracts/pay-channel-authoring';
import { api } from '../../../lib/api-client.ts';

/** Payment channel authoring: the providers this deployment knows, creating and saving channels. */
export const channelCalls = bindCalls(api, {
  providers: payChannelProviderList,
  create: payChannelCreate,
  save: payChannelSave,
});
