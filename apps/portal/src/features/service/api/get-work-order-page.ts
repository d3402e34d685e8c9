import { workOrderPage, type WorkOrderStatus } from '@gp/contracts/cs';
import { api } from '../../../lib/api-client.ts';

export const workOrderPageSize = 10;

/** The member's own tickets, last activity first; without a status, all of them. */
export function getWorkOrderPage(page: number, status?: WorkOrderStatus) {
  return api.call(workOrderPage, {
    ...(status !== undefined ? { work_order_status: status } : {}),
    page_num: page,
    page_size: workOrderPageSize,
  });
}
