import { payAdminDeliveryRetry } from '@gp/contracts/pay-admin';
import { api } from '../../../lib/api-client.ts';

export const retryDelivery = (orderNo: string) => api.call(payAdminDeliveryRetry, { order_no: orderNo });
