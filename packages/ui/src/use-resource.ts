import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * Data a component loads after it renders, when it depends on earlier choices (the top-up wizard's lists, the
 * question types of a chosen game). `key` names what is wanted; null wants nothing. An answer for an older key is
 * never shown for a newer one.
 */
export function useResource<T>(key: string | null, load: () => Promise<T>): Resource<T> {
  const [version, setVersion] = useState(0);
  const [result, setResult] = useState<{ id: string; data?: T; error?: unknown; failed: boolean }>();
  const run = useEffectEvent(load);
  const id = key === null ? null : `${key}#${version}`;
  useEffect(() => {
    if (id === null) return;
    let live = true;
    run().then(
      (data) => {
        if (live) setResult({ id, data, failed: false });
      },
      (error: unknown) => {
        if (live) setResult({ id, error, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [id]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const current = result && result.id === id ? result : undefined;
  return {
    data: current?.data,
    error: current?.failed ? current.error : undefined,
    loading: id !== null && !current,
    reload,
  };
}
