import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { outboxMessage } from '../../db/schema/passport.schema.ts';

export type OutboxRow = typeof outboxMessage.$inferSelect;

/**
 * `nextAttemptAt`: not sent before then (e.g. a ticket answer's notice waits out the recall window). `secret`: the
 * code or link the body carries and until when it works; the outbox keeps it in clear only while it is needed
 * (see `scrubbedBody` in the schema).
 */
export type OutgoingMessage = Pick<
  typeof outboxMessage.$inferInsert,
  'channel' | 'recipient' | 'lang' | 'subject' | 'body' | 'nextAttemptAt'
> & { secret?: { values: readonly string[]; expiresAt: Date } };

/** What stands in a scrubbed message where its code or link was: no language's word, so none is needed. */
export const scrubbedMark = '•••';

/** The body with every secret value blanked out. */
export function scrub(body: string, values: readonly string[]): string {
  return values.filter((v) => v !== '').reduce((text, value) => text.split(value).join(scrubbedMark), body);
}

/** A message claimed for sending, with the attempt it is on. */
export type ClaimedMessage = Pick<
  typeof outboxMessage.$inferSelect,
  'id' | 'channel' | 'recipient' | 'lang' | 'subject' | 'body' | 'attempts'
>;

export class OutboxRepository {
  constructor(private readonly db: Db) {}

  async enqueue({ secret, ...message }: OutgoingMessage) {
    const [row] = await this.db
      .insert(outboxMessage)
      .values({
        ...message,
        ...(secret
          ? { scrubbedBody: scrub(message.body, secret.values), secretExpiresAt: secret.expiresAt }
          : {}),
      })
      .returning({ id: outboxMessage.id });
    return row?.id;
  }

  /**
   * Blanks the secrets of up to `limit` messages whose code or link no longer works (sent or not: the dev
   * mailbox shows a code while it is good, and nothing after), oldest first; answers how many. Rows another
   * process holds are skipped, not waited for.
   */
  async scrubExpired(now: Date, limit: number): Promise<number> {
    const due = this.db
      .select({ id: outboxMessage.id })
      .from(outboxMessage)
      .where(and(isNotNull(outboxMessage.scrubbedBody), lte(outboxMessage.secretExpiresAt, now)))
      .orderBy(asc(outboxMessage.secretExpiresAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await this.db
      .update(outboxMessage)
      .set(scrubbed)
      .where(inArray(outboxMessage.id, due))
      .returning({ id: outboxMessage.id });
    return rows.length;
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

  /** The message left: sent at `now`. Its code or link has reached the recipient and is not kept here. */
  async markSent(id: number, now: Date): Promise<void> {
    await this.db
      .update(outboxMessage)
      .set({ status: 'sent', sentAt: now, nextAttemptAt: null, lastError: null, ...scrubbed })
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

/** The body without its secrets (unchanged for a message that has none). */
const scrubbed = {
  body: sql`coalesce(${outboxMessage.scrubbedBody}, ${outboxMessage.body})`,
  scrubbedBody: null,
  secretExpiresAt: null,
};

const pendingMessage = (id: number) => and(eq(outboxMessage.id, id), eq(outboxMessage.status, 'pending'));
