/**
 * Demo data in named steps. Each step runs once, in one transaction with its marker, so a restart (or two
 * processes starting together) never seeds twice, and later capabilities append steps of their own.
 */
import { asc } from 'drizzle-orm';
import { systemClock } from '../../config/clock.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import { seedStep } from '../../db/schema/site.schema.ts';
import { seedContent } from './content.seed.ts';
import { seedCs } from './cs.seed.ts';
import { seedPay } from './pay.seed.ts';
import { seedPlatform } from './platform.seed.ts';
import { seedStaffAdmin } from './staff.seed.ts';
import type { SeedNotes } from './seed-notes.ts';

export type { SeedNotes };

/** What steps hand to whoever runs the seed, once: the staff admin's one-time password (server.ts prints it). */
export interface SeedStep {
  name: string;
  run: (db: Db, notes: SeedNotes) => Promise<void>;
}

export const seedSteps: SeedStep[] = [
  { name: 'platform-v1', run: seedPlatform },
  // Demo news and banners are dated around the day the database is seeded.
  { name: 'content-v1', run: (db) => seedContent(db, systemClock()) },
  { name: 'pay-v1', run: seedPay },
  { name: 'cs-v1', run: seedCs },
  // Production has no demo data: its first administrator comes from the operator's command (first-admin.ts).
  { name: 'staff-admin-v1', run: seedStaffAdmin },
];

/**
 * Applies the steps not applied yet; returns the names it applied. What they note is added to `notes` once their
 * transaction has committed.
 */
export async function runSeed(
  db: Db,
  steps: readonly SeedStep[] = seedSteps,
  notes?: SeedNotes,
): Promise<string[]> {
  const applied: string[] = [];
  for (const step of steps) {
    const stepNotes: SeedNotes = { oneTimePasswords: [] };
    const ran = await inTransaction(db, async (tx) => {
      const inserted = await tx
        .insert(seedStep)
        .values({ name: step.name })
        .onConflictDoNothing()
        .returning({ name: seedStep.name });
      if (inserted.length === 0) return false;
      // The marker row is locked by this transaction: a concurrent seeder waits on it and then skips.
      await step.run(tx, stepNotes);
      return true;
    });
    if (ran) {
      applied.push(step.name);
      notes?.oneTimePasswords.push(...stepNotes.oneTimePasswords);
    }
  }
  return applied;
}

export async function appliedSeedSteps(db: Db): Promise<string[]> {
  const rows = await db
    .select({ name: seedStep.name })
    .from(seedStep)
    .orderBy(asc(seedStep.appliedAt), asc(seedStep.name));
  return rows.map((r) => r.name);
}
