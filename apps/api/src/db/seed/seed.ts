/**
 * Demo data in named steps. Each step runs once, in one transaction with its marker, so a restart (or two
 * processes starting together) never seeds twice, and later capabilities append steps of their own.
 */
import { asc } from 'drizzle-orm';
import { inTransaction, type Db } from '../database.ts';
import { seedStep } from '../schema/site.schema.ts';
import { seedContent } from './content.seed.ts';
import { seedCs } from './cs.seed.ts';
import { seedPay } from './pay.seed.ts';
import { seedPlatform } from './platform.seed.ts';

export interface SeedStep {
  name: string;
  run: (db: Db) => Promise<void>;
}

export const seedSteps: SeedStep[] = [
  { name: 'platform-v1', run: seedPlatform },
  { name: 'content-v1', run: (db) => seedContent(db) },
  { name: 'pay-v1', run: seedPay },
  { name: 'cs-v1', run: seedCs },
];

/** Applies the steps not applied yet; returns the names it applied. */
export async function runSeed(db: Db, steps: readonly SeedStep[] = seedSteps): Promise<string[]> {
  const applied: string[] = [];
  for (const step of steps) {
    const ran = await inTransaction(db, async (tx) => {
      const inserted = await tx
        .insert(seedStep)
        .values({ name: step.name })
        .onConflictDoNothing()
        .returning({ name: seedStep.name });
      if (inserted.length === 0) return false;
      // The marker row is locked by this transaction: a concurrent seeder waits on it and then skips.
      await step.run(tx);
      return true;
    });
    if (ran) applied.push(step.name);
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
