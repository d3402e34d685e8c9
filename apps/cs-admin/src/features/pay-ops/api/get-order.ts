import { payAdminOrderDetailCall } from '@gp/contracts/pay-admin';
import { api } from '../../../lib/api-client.ts';

export const getOrder = (orderNo: string) => api.call(payAdminOrderDetailCall, { order_no: orderNo });
