import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { openTestDatabase } from '../../../test/test-app.ts';
import type { Database } from '../../db/database.ts';
import { game } from '../../db/schema/game.schema.ts';
import { appliedSeedSteps, runSeed } from './seed.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('runSeed', () => {
  it('is idempotent: a second start seeds nothing', async () => {
    expect(await appliedSeedSteps(database.db)).toEqual([
      'platform-v1',
      'content-v1',
      'pay-v1',
      'cs-v1',
      'staff-admin-v1',
    ]);
    const [before] = await database.db.select({ n: count() }).from(game);
    expect(await runSeed(database.db)).toEqual([]);
    const [after] = await database.db.select({ n: count() }).from(game);
    expect(after?.n).toBe(before?.n);
    expect(before?.n).toBe(4);
  });

  it('runs a new step once and rolls a failing step back entirely', async () => {
    let runs = 0;
    const step = { name: 'test-step', run: async () => void runs++ };
    expect(await runSeed(database.db, [step])).toEqual(['test-step']);
    expect(await runSeed(database.db, [step])).toEqual([]);
    expect(runs).toBe(1);
    const broken = {
      name: 'broken-step',
      run: async (db: Database['db']) => {
        await db.update(game).set({ sort: 999 });
        throw new Error('half way');
      },
    };
    await expect(runSeed(database.db, [broken])).rejects.toThrow('half way');
    expect(await appliedSeedSteps(database.db)).not.toContain('broken-step');
    const rows = await database.db.select({ sort: game.sort }).from(game);
    expect(rows.every((r) => r.sort !== 999)).toBe(true);
  });
});
