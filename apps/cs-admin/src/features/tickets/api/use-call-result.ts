import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export interface CallResult<T> {
  /** The latest answer, kept while the next one loads so lists do not flash empty between pages. */
  data: T | undefined;
  /** The failure of the current key, if it failed. */
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * A call made after render that depends on what is shown (a page of the member's tickets, FAQ matches for the
 * words being typed). `key` names what is wanted; null wants nothing. An answer for an older key never replaces
 * a newer one.
 */
export function useCallResult<T>(key: string | null, load: () => Promise<T>): CallResult<T> {
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<{ id: string | null; data?: T; error?: unknown; failed: boolean }>({
    id: null,
    failed: false,
  });
  const run = useEffectEvent(load);
  const id = key === null ? null : `${key}#${version}`;
  useEffect(() => {
    if (id === null) return;
    let live = true;
    run().then(
      (data) => {
        if (live) setState({ id, data, failed: false });
      },
      (error: unknown) => {
        if (live) setState((s) => ({ id, data: s.data, error, failed: true }));
      },
    );
    return () => {
      live = false;
    };
  }, [id]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return {
    data: key === null ? undefined : state.data,
    error: state.id === id && state.failed ? state.error : undefined,
    loading: id !== null && state.id !== id,
    reload,
  };
}
