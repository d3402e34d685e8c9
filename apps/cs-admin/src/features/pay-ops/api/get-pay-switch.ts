import { payAdminSwitchDetail } from '@gp/contracts/pay-admin';
import { api } from '../../../lib/api-client.ts';

export const getPaySwitch = (region: number) =>
  api.call(payAdminSwitchDetail, { distribution_region: region });
