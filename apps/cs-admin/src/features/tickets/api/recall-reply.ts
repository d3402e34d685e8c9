import { deskTicketRecall } from '@gp/contracts/desk';
import { api } from '../../../lib/api-client.ts';

export const recallReply = (workOrderId: number, messageId: number) =>
  api.call(deskTicketRecall, { work_order_id: workOrderId, message_id: messageId });
