/**
 * What other modules do with the outbox (DESIGN section 6): write a message in the transaction that causes it
 * (a code, a reset link, a ticket answer's notice), take back one that has not left yet, and read the newest
 * (the dev mailbox and tests). The dispatcher sends what is written here through the channel's transport.
 */
import type { Db } from '../../db/database.ts';
import { OutboxRepository, type OutgoingMessage } from './outbox.repository.ts';

export const outbox = {
  /** Queues a message on `tx`, the transaction of what it tells; answers its id. */
  enqueue: (tx: Db, message: OutgoingMessage) => new OutboxRepository(tx).enqueue(message),
  /** Deletes a message nobody has sent (nor claimed for sending); answers whether it was. */
  withdraw: (tx: Db, id: number) => new OutboxRepository(tx).deletePending(id),
  /** Blanks the code or link of up to `limit` messages where it has expired; answers how many (the retention job). */
  scrubExpired: (db: Db, now: Date, limit: number) => new OutboxRepository(db).scrubExpired(now, limit),
  /** Newest first. */
  latest: (db: Db, options: { recipient?: string | undefined; limit: number }) =>
    new OutboxRepository(db).latest(options),
};
