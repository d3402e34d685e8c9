import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * The last answer per key, kept across mounts by a caller that wants a page the player comes back to shown as it
 * was left while it is asked again: cards that appear late move under a finger that is already on its way.
 */
export class RecentAnswers {
  private readonly answers = new Map<string, unknown>();
  constructor(private readonly limit = 50) {}
  get(key: string): { data: unknown } | undefined {
    return this.answers.has(key) ? { data: this.answers.get(key) } : undefined;
  }
  set(key: string, data: unknown): void {
    this.answers.delete(key);
    this.answers.set(key, data);
    // Oldest first in a Map: drop from the front.
    for (const old of this.answers.keys()) {
      if (this.answers.size <= this.limit) break;
      this.answers.delete(old);
    }
  }
}

/**
 * Data a component loads after it renders, when it depends on earlier choices (the top-up wizard's lists, the
 * question types of a chosen game). `key` names what is wanted; null wants nothing. An answer for an older key is
 * never shown for a newer one. With `recent`, the last answer for the same key shows at once (not loading) while
 * the new one is on its way, and the new one replaces it.
 */
export function useResource<T>(
  key: string | null,
  load: () => Promise<T>,
  recent?: RecentAnswers,
): Resource<T> {
  const [version, setVersion] = useState(0);
  const [result, setResult] = useState<{ id: string; data?: T; error?: unknown; failed: boolean }>();
  const run = useEffectEvent(load);
  const remember = useEffectEvent((data: T) => {
    if (key !== null) recent?.set(key, data);
  });
  const id = key === null ? null : `${key}#${version}`;
  useEffect(() => {
    if (id === null) return;
    let live = true;
    run().then(
      (data) => {
        if (!live) return;
        remember(data);
        setResult({ id, data, failed: false });
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
  // Only the same key's answer stands in, and only until this mount has its own (a reload asks again openly).
  const kept = !current && key !== null && version === 0 ? recent?.get(key) : undefined;
  return {
    data: current ? current.data : (kept?.data as T | undefined),
    error: current?.failed ? current.error : undefined,
    loading: id !== null && !current && !kept,
    reload,
  };
}
