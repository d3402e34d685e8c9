import type { WorkOrderDetailData } from '@gp/contracts/cs';
import { isNotOwnTicket } from './error-message.ts';
import { serviceCalls } from '../api/service.calls.ts';
import { positiveInt } from './query.ts';

/**
 * The ticket a page's `?work_order_id=` names, when it is the member's; null for no usable id, someone else's
 * ticket or a missing one (-401 either way). Other failures throw (the error page with its retry).
 */
export async function loadTicket(request: Request): Promise<WorkOrderDetailData | null> {
  const id = positiveInt(new URL(request.url).searchParams.get('work_order_id'));
  if (id === undefined) return null;
  try {
    return await serviceCalls.workOrder({ work_order_id: id });
  } catch (error) {
    if (isNotOwnTicket(error)) return null;
    throw error;
  }
}
