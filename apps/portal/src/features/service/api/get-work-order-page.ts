import type { WorkOrderStatus } from '@gp/contracts/cs';
import { serviceCalls } from './service.calls.ts';

export const workOrderPageSize = 10;

/** The member's own tickets, last activity first; without a status, all of them. */
export function getWorkOrderPage(page: number, status?: WorkOrderStatus) {
  return serviceCalls.workOrderPage({
    ...(status !== undefined ? { work_order_status: status } : {}),
    page_num: page,
    page_size: workOrderPageSize,
  });
}
