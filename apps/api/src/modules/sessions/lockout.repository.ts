import { and, desc, eq, gt, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { authLockout } from '../../db/schema/passport.schema.ts';

/** One counted event of a key: the count in its window, this one included, and the window it counts in. */
export interface CountedSlot {
  key: string;
  count: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
}

const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

/**
 * Keyed counters in fixed windows (`failures` / `window_started_at`): a window starts with the first event and
 * restarts once `windowMs` has passed, or, for a key that was locked, once `locked_until` has passed. Every
 * count is one statement (INSERT ... ON CONFLICT DO UPDATE, which PostgreSQL runs on the locked newest row), so
 * simultaneous requests can neither lose a count nor all pass a check that only one of them should.
 */
export class LockoutRepository {
  constructor(private readonly db: Db) {}

  async find(keys: readonly string[]) {
    if (keys.length === 0) return [];
    return this.db
      .select()
      .from(authLockout)
      .where(inArray(authLockout.key, [...keys]));
  }

  /** Whether the key's window (or its lock) is over at `now`, so the next event starts a new one. */
  private over(windowMs: number, now: Date) {
    return sql`(case when ${authLockout.lockedUntil} is not null then ${authLockout.lockedUntil} <= ${at(now)}
      else ${authLockout.windowStartedAt} <= ${at(new Date(now.getTime() - windowMs))} end)`;
  }

  /**
   * One more event for `key`, with no cap. Answers the count in the current window (this one included).
   */
  async countEvent(key: string, windowMs: number, now: Date): Promise<CountedSlot> {
    const over = this.over(windowMs, now);
    const [row] = await this.db
      .insert(authLockout)
      .values({ key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: authLockout.key,
        set: {
          failures: sql`case when ${over} then 1 else ${authLockout.failures} + 1 end`,
          windowStartedAt: sql`case when ${over} then ${at(now)} else ${authLockout.windowStartedAt} end`,
          lockedUntil: sql`case when ${over} then null else ${authLockout.lockedUntil} end`,
        },
      })
      .returning();
    return slotOf(row!);
  }

  /**
   * Takes one of the `max` slots of `key`'s window: checks and counts in one statement, so of any number of
   * simultaneous takers exactly the free slots succeed. Undefined when none is left (nothing is counted then).
   * `lockMs`: the slot that fills the window also locks the key until `now + lockMs` (the window then ends with
   * the lock).
   */
  async take(
    key: string,
    limit: { windowMs: number; max: number; lockMs?: number },
    now: Date,
  ): Promise<CountedSlot | undefined> {
    const over = this.over(limit.windowMs, now);
    const next = sql`(case when ${over} then 1 else ${authLockout.failures} + 1 end)`;
    const lockUntil = limit.lockMs === undefined ? null : new Date(now.getTime() + limit.lockMs);
    const [row] = await this.db
      .insert(authLockout)
      .values({
        key,
        failures: 1,
        windowStartedAt: now,
        lockedUntil: lockUntil && limit.max <= 1 ? lockUntil : null,
      })
      .onConflictDoUpdate({
        target: authLockout.key,
        set: {
          failures: next,
          windowStartedAt: sql`case when ${over} then ${at(now)} else ${authLockout.windowStartedAt} end`,
          lockedUntil: lockUntil
            ? sql`case when ${next} >= ${limit.max} then ${at(lockUntil)} else null end`
            : sql`null`,
        },
        setWhere: sql`${over} or ${authLockout.failures} < ${limit.max}`,
      })
      .returning();
    return row && slotOf(row);
  }

  /**
   * Gives back a slot that was taken for something that did not happen (a registration that failed, a code that
   * was not sent): one less in the window it was counted in. A window that has restarted since is left alone.
   */
  async release(slot: CountedSlot): Promise<void> {
    await this.db
      .update(authLockout)
      .set({ failures: sql`${authLockout.failures} - 1` })
      .where(
        and(
          eq(authLockout.key, slot.key),
          eq(authLockout.windowStartedAt, slot.windowStartedAt),
          gt(authLockout.failures, 0),
        ),
      );
  }

  /** The counters whose key starts with `prefix`, highest count first (a day's SMS per calling code). */
  async largestStartingWith(prefix: string, limit: number): Promise<{ key: string; count: number }[]> {
    const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
    return this.db
      .select({ key: authLockout.key, count: authLockout.failures })
      .from(authLockout)
      .where(like(authLockout.key, `${escaped}%`))
      .orderBy(desc(authLockout.failures), authLockout.key)
      .limit(limit);
  }

  async clear(key: string) {
    await this.db.delete(authLockout).where(eq(authLockout.key, key));
  }
}

function slotOf(row: typeof authLockout.$inferSelect): CountedSlot {
  return {
    key: row.key,
    count: row.failures,
    windowStartedAt: row.windowStartedAt,
    lockedUntil: row.lockedUntil,
  };
}
