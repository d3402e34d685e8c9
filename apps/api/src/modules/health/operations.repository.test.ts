/**
 * The login and SMS counters the operational gauges read, written under the keys the guards themselves use (so a
 * renamed key fails here): soft-locked accounts within the login window, staff second steps locked now, and
 * today's SMS count against the budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authLockout } from '../../db/schema/passport.schema.ts';
import { openTestDatabase } from '../../../test/test-app.ts';
import type { Database } from '../../db/database.ts';
import { smsDayKeys } from '../accounts/index.ts';
import { lockoutPolicy, loginKey } from '../sessions/index.ts';
import { secondStepKey, staffLoginKey } from '../staff/index.ts';
import { readOperationsSnapshot } from './operations.repository.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('the operational snapshot of logins and SMS', () => {
  it('counts soft-locked accounts in their window, locked second steps and today’s SMS', async () => {
    const now = new Date('2026-11-29T10:00:00Z');
    const hours = (h: number) => new Date(now.getTime() - h * 3_600_000);
    const soft = lockoutPolicy.login.softAfter;
    await database.db.insert(authLockout).values([
      { key: loginKey(901), failures: soft, windowStartedAt: hours(1) },
      { key: loginKey(902), failures: soft + 3, windowStartedAt: hours(20) },
      // Under the line, and a window that has passed: not soft-locked.
      { key: loginKey(903), failures: soft - 1, windowStartedAt: hours(1) },
      { key: loginKey(904), failures: soft, windowStartedAt: hours(25) },
      { key: staffLoginKey(31), failures: soft, windowStartedAt: hours(2) },
      {
        key: secondStepKey(31),
        failures: 5,
        windowStartedAt: hours(0.1),
        lockedUntil: new Date(now.getTime() + 600_000),
      },
      { key: secondStepKey(32), failures: 5, windowStartedAt: hours(2), lockedUntil: hours(1) },
      { key: smsDayKeys('2026-11-29').budget, failures: 8_123, windowStartedAt: hours(10) },
      { key: smsDayKeys('2026-11-28').budget, failures: 9_999, windowStartedAt: hours(30) },
    ]);
    const snapshot = await readOperationsSnapshot(database.db, now);
    expect(snapshot.auth).toEqual({ softLockedMembers: 2, softLockedStaff: 1, staffSecondStepLocked: 1 });
    expect(snapshot.smsSentToday).toBe(8_123);
    const tomorrow = await readOperationsSnapshot(database.db, new Date('2026-11-30T00:30:00Z'));
    expect(tomorrow.smsSentToday).toBe(0);
  });
});
