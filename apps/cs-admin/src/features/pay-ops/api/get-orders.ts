import type { RequestOf } from '@gp/contracts';
import { payAdminOrderPageCall } from '@gp/contracts/pay-admin';
import { api } from '../../../lib/api-client.ts';

export const getOrders = (input: RequestOf<typeof payAdminOrderPageCall>) =>
  api.call(payAdminOrderPageCall, input);
