/** Members' contact info for customer service. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { csContact } from '../../db/schema/cs.schema.ts';

export type ContactValues = Omit<typeof csContact.$inferInsert, 'mid' | 'updatedAt'>;

export class ContactRepository {
  constructor(private readonly db: Db) {}

  async find(mid: number) {
    const [row] = await this.db.select().from(csContact).where(eq(csContact.mid, mid));
    return row;
  }

  async save(mid: number, values: ContactValues, now: Date): Promise<void> {
    await this.db
      .insert(csContact)
      .values({ mid, ...values, updatedAt: now })
      .onConflictDoUpdate({ target: csContact.mid, set: { ...values, updatedAt: now } });
  }
}
