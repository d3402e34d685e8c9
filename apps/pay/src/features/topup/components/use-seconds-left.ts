import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `until` (epoch ms), ticking once a second on the second, from the clock rather than the
 * last tick (a throttled background tab catches up at once); 0 once it has passed, undefined without a time.
 */
export function useSecondsLeft(until: number | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === undefined || until <= now) return;
    const remaining = until - Date.now();
    const timer = setTimeout(() => setNow(Date.now()), remaining <= 0 ? 0 : remaining % 1000 || 1000);
    return () => clearTimeout(timer);
  }, [until, now]);
  return until === undefined ? undefined : Math.max(0, Math.ceil((until - now) / 1000));
}
