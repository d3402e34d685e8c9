import type { RequestOf } from '@gp/contracts';
import { payAdminDeadDeliveryPage } from '@gp/contracts/pay-admin';
import { api } from '../../../lib/api-client.ts';

export const getDeadDeliveries = (input: RequestOf<typeof payAdminDeadDeliveryPage>) =>
  api.call(payAdminDeadDeliveryPage, input);
