import { and, gte, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { countCapped, matching, totalFields } from './capped-count.ts';
import type { Database } from './database.ts';
import { staffAuditLog } from './schema/staff.schema.ts';

describe('countCapped', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insert(staffAuditLog).values(
      Array.from({ length: 5 }, (_, i) => ({
        actorAccountId: `capped-agent${i}`,
        action: 'login',
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    );
  });
  afterAll(async () => {
    await database.close();
  });

  it('counts exactly up to the cap and says when more match', async () => {
    const { db } = database;
    // Only this test's rows (the test database may hold others).
    const ours = like(staffAuditLog.actorAccountId, 'capped-agent%');
    const all = () => matching(db, staffAuditLog, ours);
    expect(await countCapped(db, all(), 5)).toEqual({ total: 5, capped: false });
    expect(await countCapped(db, all(), 10)).toEqual({ total: 5, capped: false });
    expect(await countCapped(db, all(), 4)).toEqual({ total: 4, capped: true });
    const recent = matching(
      db,
      staffAuditLog,
      and(ours, gte(staffAuditLog.createdAt, new Date(Date.UTC(2026, 0, 4)))),
    );
    expect(await countCapped(db, recent, 1)).toEqual({ total: 1, capped: true });
  });

  it('puts total_capped in the answer only when the total is the cap', () => {
    expect(totalFields({ total: 7, capped: false })).toEqual({ total: 7 });
    expect(totalFields({ total: 1000, capped: true })).toEqual({ total: 1000, total_capped: true });
  });
});
