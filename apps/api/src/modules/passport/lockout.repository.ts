import { eq, inArray } from 'drizzle-orm';
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

  async clear(key: string) {
    await this.db.delete(authLockout).where(eq(authLockout.key, key));
  }
}
