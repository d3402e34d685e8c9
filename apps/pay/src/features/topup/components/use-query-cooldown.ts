import { useCallback, useEffect, useState } from 'react';
import { markQueried, nextQueryAt } from '../model/orders.ts';

/**
 * Spec 4: 10 seconds between two queries of one payment, shown as a countdown. Kept per payment in the session,
 * so moving to the next H5 page or reloading does not skip the wait.
 */
export function useQueryCooldown(payOrderNo: string): [secondsLeft: number, start: () => void] {
  const [until, setUntil] = useState(() => nextQueryAt(payOrderNo));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    // From the clock, not the last tick: a throttled background tab catches up at once.
    const remaining = until - Date.now();
    const timer = setTimeout(() => setNow(Date.now()), remaining <= 0 ? 0 : remaining % 1000 || 1000);
    return () => clearTimeout(timer);
  }, [until, now]);
  const start = useCallback(() => {
    const at = Date.now();
    setUntil(markQueried(payOrderNo, at));
    setNow(at);
  }, [payOrderNo]);
  return [Math.max(0, Math.ceil((until - now) / 1000)), start];
}
