import { and, count, desc, eq, gte, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { emailTicket } from '../../db/schema/passport.schema.ts';

export class EmailTicketRepository {
  constructor(private readonly db: Db) {}

  async insert(values: typeof emailTicket.$inferInsert) {
    await this.db.insert(emailTicket).values(values);
  }

  async find(ticketHash: string) {
    const [row] = await this.db.select().from(emailTicket).where(eq(emailTicket.ticketHash, ticketHash));
    return row;
  }

  async lastSentAt(email: string): Promise<Date | undefined> {
    const [row] = await this.db
      .select({ at: emailTicket.createdAt })
      .from(emailTicket)
      .where(eq(emailTicket.email, email))
      .orderBy(desc(emailTicket.createdAt))
      .limit(1);
    return row?.at;
  }

  async countSince(email: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(emailTicket)
      .where(and(eq(emailTicket.email, email), gte(emailTicket.createdAt, since)));
    return row?.n ?? 0;
  }

  async confirm(ticketHash: string, now: Date) {
    await this.db
      .update(emailTicket)
      .set({ confirmedAt: now })
      .where(and(eq(emailTicket.ticketHash, ticketHash), isNull(emailTicket.confirmedAt)));
  }

  /** Spends the ticket; false when it was spent already. */
  async use(ticketHash: string, now: Date): Promise<boolean> {
    const used = await this.db
      .update(emailTicket)
      .set({ usedAt: now })
      .where(and(eq(emailTicket.ticketHash, ticketHash), isNull(emailTicket.usedAt)))
      .returning({ ticketHash: emailTicket.ticketHash });
    return used.length === 1;
  }
}
