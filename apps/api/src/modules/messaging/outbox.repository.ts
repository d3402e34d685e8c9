import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { outboxMessage } from '../../db/schema/passport.schema.ts';

export type OutboxRow = typeof outboxMessage.$inferSelect;

/** `nextAttemptAt`: not sent before then (e.g. a ticket answer's notice waits out the recall window). */
export type OutgoingMessage = Pick<
  typeof outboxMessage.$inferInsert,
  'channel' | 'recipient' | 'lang' | 'subject' | 'body' | 'nextAttemptAt'
>;

/** A message claimed for sending, with the attempt it is on. */
export type ClaimedMessage = Pick<
  typeof outboxMessage.$inferSelect,
  'id' | 'channel' | 'recipient' | 'lang' | 'subject' | 'body' | 'attempts'
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

  /**
   * Takes up to `limit` due pending messages of `channels` nobody else holds (`FOR UPDATE SKIP LOCKED`, so
   * several API processes never claim the same row), counts the attempt and leases them (`next_attempt_at`
   * moves to `leaseUntil`), oldest first. A message whose sender died is due again when its lease lapses.
   */
  async claimDue(options: {
    channels: readonly ClaimedMessage['channel'][];
    now: Date;
    leaseUntil: Date;
    limit: number;
  }): Promise<ClaimedMessage[]> {
    if (options.channels.length === 0) return [];
    const due = this.db.$with('due').as(
      this.db
        .select({ id: outboxMessage.id })
        .from(outboxMessage)
        .where(
          and(
            eq(outboxMessage.status, 'pending'),
            inArray(outboxMessage.channel, [...options.channels]),
            or(isNull(outboxMessage.nextAttemptAt), lte(outboxMessage.nextAttemptAt, options.now)),
          ),
        )
        .orderBy(asc(outboxMessage.id))
        .limit(options.limit)
        .for('update', { skipLocked: true }),
    );
    const rows = await this.db
      .with(due)
      .update(outboxMessage)
      .set({ attempts: sql`${outboxMessage.attempts} + 1`, nextAttemptAt: options.leaseUntil })
      .from(due)
      .where(eq(outboxMessage.id, due.id))
      .returning({
        id: outboxMessage.id,
        channel: outboxMessage.channel,
        recipient: outboxMessage.recipient,
        lang: outboxMessage.lang,
        subject: outboxMessage.subject,
        body: outboxMessage.body,
        attempts: outboxMessage.attempts,
      });
    return rows.sort((a, b) => a.id - b.id);
  }

  /** The message left: sent at `now`. */
  async markSent(id: number, now: Date): Promise<void> {
    await this.db
      .update(outboxMessage)
      .set({ status: 'sent', sentAt: now, nextAttemptAt: null, lastError: null })
      .where(pendingMessage(id));
  }

  /** A failed try: due again at `retryAt`, or failed for good when it is null. */
  async markFailedTry(id: number, failure: { lastError: string; retryAt: Date | null }): Promise<void> {
    await this.db
      .update(outboxMessage)
      .set(
        failure.retryAt
          ? { nextAttemptAt: failure.retryAt, lastError: failure.lastError }
          : { status: 'failed', nextAttemptAt: null, lastError: failure.lastError },
      )
      .where(pendingMessage(id));
  }
}

const pendingMessage = (id: number) => and(eq(outboxMessage.id, id), eq(outboxMessage.status, 'pending'));
