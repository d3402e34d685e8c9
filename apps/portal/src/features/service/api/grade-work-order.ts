import type { Grade, GradeReason } from '@gp/contracts/cs';
import { serviceCalls } from './service.calls.ts';

/**
 * Rates a ticket 1-5; rating again changes it (-10001 not now, -10002 the rating period is over). A rating of 1
 * or 2 carries its reason (-10008 without) and optionally the player's words.
 */
export function gradeWorkOrder(
  workOrderId: number,
  grade: Grade,
  why: { reason?: GradeReason | undefined; comment?: string | undefined } = {},
) {
  return serviceCalls.gradeWorkOrder({
    work_order_id: workOrderId,
    grade,
    ...(why.reason ? { reason: why.reason } : {}),
    ...(why.comment ? { comment: why.comment } : {}),
  });
}
