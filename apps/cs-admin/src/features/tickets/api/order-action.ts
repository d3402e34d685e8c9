import { deskTicketOrderAction, type OrderAction } from '@gp/contracts/desk';
import { api } from '../../../lib/api-client.ts';

/** "Ask the payment provider again" / "retry delivery" on a ticket's linked order (issue 20). */
export const actOnOrder = (workOrderId: number, action: OrderAction) =>
  api.call(deskTicketOrderAction, { work_order_id: workOrderId, action });
