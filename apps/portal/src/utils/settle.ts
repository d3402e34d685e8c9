/**
 * A section's data that may fail on its own. The home page streams its sections; one failing call shows that
 * section's error state instead of taking the page down, and a settled promise never rejects unhandled.
 */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );
}
