import { and, eq, gt, isNull, or } from 'drizzle-orm';
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

  /**
   * Spends every live ticket of `purpose` sent to `email`, or (with `mid`) held by that member whatever address
   * it went to; answers how many.
   */
  async voidLive(of: { email: string; mid?: number | null | undefined; purpose: string }, now: Date) {
    const whose =
      of.mid == null
        ? eq(emailTicket.email, of.email)
        : or(eq(emailTicket.email, of.email), eq(emailTicket.mid, of.mid));
    const voided = await this.db
      .update(emailTicket)
      .set({ usedAt: now })
      .where(
        and(
          whose,
          eq(emailTicket.purpose, of.purpose),
          isNull(emailTicket.usedAt),
          gt(emailTicket.expiresAt, now),
        ),
      )
      .returning({ ticketHash: emailTicket.ticketHash });
    return voided.length;
  }
}
