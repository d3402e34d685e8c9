/**
 * Keeps a ticket page up to date with its linked order while it is open: the order's live status
 * stream (`useOrderStream`) says when the order moved on, and the page then reloads the ticket once - one loader
 * call brings the order, its timeline and the agents' notes that came with the change (an agent's "retry
 * delivery" note, then the credit). Nothing is reloaded for an order that is already final or has not moved.
 */
import { useEffect } from 'react';
import type { PayOrderTracked } from '@gp/contracts/pay';
import { useOrderStream } from '@gp/ui/order-stream';

const positionOf = (order: PayOrderTracked | undefined) =>
  order ? `${order.state}:${order.timeline.length}` : undefined;

export function useLiveOrder(order: PayOrderTracked | null | undefined, reload: () => void): void {
  const loaded = order ?? undefined;
  const live = useOrderStream(loaded?.order_no, loaded);
  const livePosition = positionOf(live);
  const loadedPosition = positionOf(loaded);
  useEffect(() => {
    if (livePosition !== undefined && livePosition !== loadedPosition) reload();
    // `reload` is a new function each render; the positions are what decide.
  }, [livePosition, loadedPosition]);
}
