import { workOrderDetail } from '@gp/contracts/cs';
import { api } from '../../../lib/api-client.ts';

/** One of the member's tickets with its thread; -401 when it is not theirs (or does not exist). */
export function getWorkOrderDetail(workOrderId: number) {
  return api.call(workOrderDetail, { work_order_id: workOrderId });
}
