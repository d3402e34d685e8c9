import { deskTicketLock } from '@gp/contracts/desk';
import { api } from '../../../lib/api-client.ts';

export const takeLock = (workOrderId: number, renew: 0 | 1) =>
  api.call(deskTicketLock, { work_order_id: workOrderId, renew });
