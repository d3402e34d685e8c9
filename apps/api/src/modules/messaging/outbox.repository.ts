import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { outboxMessage } from '../../db/schema/passport.schema.ts';

export type OutboxRow = typeof outboxMessage.$inferSelect;

/** `nextAttemptAt`: not sent before then (e.g. a ticket answer's notice waits out the recall window). */
export type OutgoingMessage = Pick<
  typeof outboxMessage.$inferInsert,
  'channel' | 'recipient' | 'lang' | 'subject' | 'body' | 'nextAttemptAt'
>;

export class OutboxRepository {
  constructor(private readonly db: Db) {}

  async enqueue(message: OutgoingMessage) {
    const [row] = await this.db.insert(outboxMessage).values(message).returning({ id: outboxMessage.id });
    return row?.id;
  }

  /** Deletes a message that has not been sent (nor claimed for sending); answers whether it was. */
  async deletePending(id: number): Promise<boolean> {
    const rows = await this.db
      .delete(outboxMessage)
      .where(
        and(eq(outboxMessage.id, id), eq(outboxMessage.status, 'pending'), eq(outboxMessage.attempts, 0)),
      )
      .returning({ id: outboxMessage.id });
    return rows.length > 0;
  }

  /** Newest first, for the dev mailbox and tests. */
  async latest(options: { recipient?: string | undefined; limit: number }) {
    return this.db
      .select()
      .from(outboxMessage)
      .where(options.recipient ? and(eq(outboxMessage.recipient, options.recipient)) : undefined)
      .orderBy(desc(outboxMessage.id))
      .limit(options.limit);
  }
}
