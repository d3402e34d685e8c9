import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { authLockout } from '../../db/schema/passport.schema.ts';

export class LockoutRepository {
  constructor(private readonly db: Db) {}

  async find(keys: readonly string[]) {
    if (keys.length === 0) return [];
    return this.db
      .select()
      .from(authLockout)
      .where(inArray(authLockout.key, [...keys]));
  }

  async save(row: typeof authLockout.$inferInsert) {
    await this.db
      .insert(authLockout)
      .values(row)
      .onConflictDoUpdate({
        target: authLockout.key,
        set: {
          failures: row.failures,
          windowStartedAt: row.windowStartedAt,
          lockedUntil: row.lockedUntil ?? null,
        },
      });
  }

  /**
   * One more event for `key` in a fixed window of `windowMs` that starts with the first event and restarts once
   * it has passed (kept in `failures` / `window_started_at`). One statement, so simultaneous counts add up.
   * Answers the count in the current window.
   */
  async countEvent(key: string, windowMs: number, now: Date): Promise<number> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const expired = sql`${authLockout.windowStartedAt} <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
    const [row] = await this.db
      .insert(authLockout)
      .values({ key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: authLockout.key,
        set: {
          failures: sql`case when ${expired} then 1 else ${authLockout.failures} + 1 end`,
          windowStartedAt: sql`case when ${expired} then ${at} else ${authLockout.windowStartedAt} end`,
        },
      })
      .returning({ failures: authLockout.failures });
    return row?.failures ?? 1;
  }

  async clear(key: string) {
    await this.db.delete(authLockout).where(eq(authLockout.key, key));
  }
}
