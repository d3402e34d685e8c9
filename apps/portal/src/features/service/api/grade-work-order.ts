import { workOrderGrade, type Grade } from '@gp/contracts/cs';
import { api } from '../../../lib/api-client.ts';

/** Rates a ticket 1-5; rating again changes it (-10001 not now, -10002 the rating period is over). */
export function gradeWorkOrder(workOrderId: number, grade: Grade) {
  return api.call(workOrderGrade, { work_order_id: workOrderId, grade });
}
