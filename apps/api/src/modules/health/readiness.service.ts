/**
 * Readiness (`/readyz`): may the load balancer send this process requests? Only while it is not draining for a
 * shutdown, its database answers a round trip within a short time, and every committed migration is applied
 * (a process that started before a migration, or against the wrong database, stays out of rotation).
 * Liveness (`/healthz`) is the other question: is the process itself alive.
 */
import type { Database } from '../../db/database.ts';

export interface Readiness {
  ready: boolean;
  draining: boolean;
  /** `unchecked` while draining. */
  database: 'up' | 'down' | 'timeout' | 'unchecked';
  /** Committed migrations the database has not applied; null when the database did not answer. */
  pendingMigrations: number | null;
}

class TimedOut extends Error {}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export async function checkReadiness(
  database: Database,
  options: { draining: boolean; timeoutMs: number },
): Promise<Readiness & { error?: unknown }> {
  // A draining process says so at once: no database round trip, the balancer should look elsewhere.
  if (options.draining)
    return { ready: false, draining: true, database: 'unchecked', pendingMigrations: null };
  try {
    const pending = await within(
      database.ping().then(() => database.pendingMigrations()),
      options.timeoutMs,
    );
    return { ready: pending === 0, draining: false, database: 'up', pendingMigrations: pending };
  } catch (error) {
    return {
      ready: false,
      draining: false,
      database: error instanceof TimedOut ? 'timeout' : 'down',
      pendingMigrations: null,
      error,
    };
  }
}
