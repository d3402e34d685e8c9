import { payAdminOrderRefund } from '@gp/contracts/pay-admin';
import type { StaffRefundReason } from '../model/refund-labels.ts';
import { api } from '../../../lib/api-client.ts';

export const refundOrder = (input: { order_no: string; reason: StaffRefundReason; note?: string }) =>
  api.call(payAdminOrderRefund, input);
