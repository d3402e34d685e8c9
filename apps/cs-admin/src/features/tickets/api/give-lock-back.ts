import { deskTicketUnlock } from '@gp/contracts/desk';
import { api } from '../../../lib/api-client.ts';

export const giveLockBack = (workOrderId: number) =>
  api.call(deskTicketUnlock, { work_order_id: workOrderId });
