import { payAdminSwitchSet } from '@gp/contracts/pay-admin';
import { api } from '../../../lib/api-client.ts';

export const setPaySwitch = (region: number, on: boolean) =>
  api.call(payAdminSwitchSet, { distribution_region: region, main_switch_status: on ? 1 : 0 });
