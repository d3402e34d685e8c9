import { deskTicketDetailCall } from '@gp/contracts/desk';
import { api } from '../../../lib/api-client.ts';

export const getTicketDetail = (workOrderId: number) =>
  api.call(deskTicketDetailCall, { work_order_id: workOrderId });
