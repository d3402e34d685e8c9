import type { RequestOf } from '@gp/contracts';
import { payAdminProductSale } from '@gp/contracts/pay-admin';
import { api } from '../../../lib/api-client.ts';

export const setSale = (input: RequestOf<typeof payAdminProductSale>) => api.call(payAdminProductSale, input);
