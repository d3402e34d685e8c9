import { useEffect, useEffectEvent, useState } from 'react';

/**
 * A call made after render for what a screen offers besides its main content (the games and question types of
 * the pickers). `key` names what is wanted (null: nothing); an answer for an older key never replaces a newer one.
 * A failure leaves `data` undefined and is kept in `error`.
 */
export function useAnswer<T>(key: string | null, load: () => Promise<T>) {
  const [state, setState] = useState<{ key: string | null; data?: T; error?: unknown }>({ key: null });
  const run = useEffectEvent(load);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    run().then(
      (data) => {
        if (live) setState({ key, data });
      },
      (error: unknown) => {
        if (live) setState({ key, error });
      },
    );
    return () => {
      live = false;
    };
  }, [key]);
  const current = state.key === key && key !== null;
  return {
    data: current ? state.data : undefined,
    error: current ? state.error : undefined,
    loading: key !== null && !current,
  };
}
