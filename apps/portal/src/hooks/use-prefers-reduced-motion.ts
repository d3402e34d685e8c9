import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';

/** Browsers (and jsdom) without matchMedia get the safe answer for autoplay: motion is not wanted. */
const mediaQuery = (): MediaQueryList | undefined =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query)
    : undefined;

function subscribe(onChange: () => void): () => void {
  const list = mediaQuery();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** Follows the visitor's "reduce motion" setting live, so turning it on stops an autoplaying carousel at once. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery()?.matches ?? true,
    () => true,
  );
}
