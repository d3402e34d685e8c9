import { useCallback, useEffect, useRef, useState } from 'react';
import type { PayAdminOrderDetail } from '@gp/contracts/pay-admin';
import { payCalls } from './pay-ops.calls.ts';

/** How often a retried delivery is looked at again, and for how long (the worker polls every few seconds). */
export const watchEveryMs = 1_500;
export const watchChecks = 20;

export interface WatchedOrder {
  order: PayAdminOrderDetail;
  /** Still asking: the delivery is pending and the checks are not used up. */
  checking: boolean;
  /** The checks ran out while it was still pending. */
  stillPending: boolean;
}

const pending = (order: PayAdminOrderDetail) => order.delivery?.status === 'pending';

/**
 * After "Retry delivery" the job is pending until the worker's next round delivers it (or gives up again). This
 * asks for the order again every moment until its delivery is no longer pending, for half a minute at most;
 * `watch` starts (or restarts) it with the order as the retry answered it.
 */
export function useDeliveryWatch() {
  const [watched, setWatched] = useState<Record<string, WatchedOrder>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const timer of all.values()) clearTimeout(timer);
      all.clear();
    };
  }, []);

  const watch = useCallback((order: PayAdminOrderDetail) => {
    const orderNo = order.order_no;
    const stop = () => {
      const timer = timers.current.get(orderNo);
      if (timer !== undefined) clearTimeout(timer);
      timers.current.delete(orderNo);
    };
    stop();
    let checks = 0;
    const show = (current: PayAdminOrderDetail, more: boolean) =>
      setWatched((all) => ({
        ...all,
        [orderNo]: { order: current, checking: more, stillPending: !more && pending(current) },
      }));
    const next = (current: PayAdminOrderDetail) => {
      const more = pending(current) && checks < watchChecks;
      show(current, more);
      if (more)
        timers.current.set(
          orderNo,
          setTimeout(() => void look(current), watchEveryMs),
        );
      else stop();
    };
    const look = async (last: PayAdminOrderDetail) => {
      checks++;
      try {
        next(await payCalls.order({ order_no: orderNo }));
      } catch {
        // A missed look (network) is just a look: the next one may answer.
        next(last);
      }
    };
    next(order);
  }, []);

  return { watched, watch };
}
