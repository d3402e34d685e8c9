import type { RequestOf } from '@gp/contracts';
import { payAdminProductPrice } from '@gp/contracts/pay-admin';
import { api } from '../../../lib/api-client.ts';

export const setPrice = (input: RequestOf<typeof payAdminProductPrice>) =>
  api.call(payAdminProductPrice, input);
