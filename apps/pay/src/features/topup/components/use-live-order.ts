import type { PayOrderItem, PayOrderTracked } from '@gp/contracts/pay';
import { furtherAlong, useOrderStream } from '@gp/ui/order-stream';
import { payActionOf, type PayAction } from '../model/pay-action.ts';

/**
 * The order a tracker shows: order_detail's answer kept current by the live status stream, or
 * the answer of the player's own "query payment result" when that is further along (the query stays the fallback
 * where no stream runs). The timeline is the stream's or order_detail's; a query answers none. So is how to pay
 * from our page (`action`: the QR code or account number, the wallet app's link), which they answer only while
 * the order awaits its payment.
 */
export function useLiveOrder(
  orderNo: string,
  detail: PayOrderTracked | undefined,
  queried: PayOrderItem | undefined,
): { order: PayOrderItem | undefined; timeline: PayOrderTracked['timeline']; action: PayAction } {
  const tracked = useOrderStream(orderNo, detail);
  const order = tracked && queried ? furtherAlong<PayOrderItem>(tracked, queried) : (tracked ?? queried);
  return { order, timeline: tracked?.timeline ?? [], action: payActionOf(tracked) };
}
