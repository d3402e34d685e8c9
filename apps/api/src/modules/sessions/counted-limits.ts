/**
 * Limits counted in the `auth_lockout` keyed counters: a request takes a slot of each limit, each checked and
 * counted in one statement, before it does what the limits guard; simultaneous requests can therefore never
 * all pass a limit that only some of them fit in. What did not happen gives its slots back.
 */
import type { CountedSlot, LockoutRepository } from './lockout.repository.ts';

export interface CountedLimit {
  key: string;
  /** A fixed window that starts with the first slot taken and restarts once it has passed. */
  windowMs: number;
  max: number;
  /** The error when this limit has no slot left. */
  refusal: () => Error;
}

/**
 * Takes a slot of every limit in order, then runs `work`. When a limit has no slot left (its refusal is thrown)
 * or `work` throws, the slots taken are given back: only what was done counts.
 */
export async function withinLimits<T>(
  counters: LockoutRepository,
  limits: readonly CountedLimit[],
  now: Date,
  work: () => Promise<T>,
): Promise<T> {
  const taken: CountedSlot[] = [];
  const giveBack = async () => {
    for (const slot of taken) await counters.release(slot);
  };
  for (const limit of limits) {
    const slot = await counters.take(limit.key, limit, now);
    if (!slot) {
      await giveBack();
      throw limit.refusal();
    }
    taken.push(slot);
  }
  try {
    return await work();
  } catch (error) {
    await giveBack();
    throw error;
  }
}
