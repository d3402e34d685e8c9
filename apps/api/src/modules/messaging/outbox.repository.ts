import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { outboxMessage } from '../../db/schema/passport.schema.ts';

export type OutgoingMessage = Pick<
  typeof outboxMessage.$inferInsert,
  'channel' | 'recipient' | 'lang' | 'subject' | 'body'
>;

export class OutboxRepository {
  constructor(private readonly db: Db) {}

  async enqueue(message: OutgoingMessage) {
    const [row] = await this.db.insert(outboxMessage).values(message).returning({ id: outboxMessage.id });
    return row?.id;
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
