/**
 * Sends what the outbox holds for the channels whose transport delivers (DESIGN section 6). Every poll it claims
 * a small batch of due pending messages in one statement (`FOR UPDATE SKIP LOCKED`, so several API processes
 * never claim the same row) and leases them (`next_attempt_at` moves past the longest send), so a message whose
 * sender died is tried again later instead of being lost. A message is then marked sent, or tried again with
 * backoff, and marked failed after `maxAttempts`. Delivery is at least once: a process killed between the far
 * side's acceptance and the `sent` mark sends that message again after the lease.
 *
 * Logs carry the message id, channel and the transport's error, never the recipient's text (codes are secrets).
 */
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { outboxMessage } from '../../db/schema/passport.schema.ts';
import type { MessageChannel, MessageTransport, TransportMessage } from './message-transport.ts';

export const dispatchPolicy = {
  pollMs: 2_000,
  batchSize: 10,
  maxAttempts: 5,
  /** Longer than the slowest send (SMTP 30 s, SMS 10 s), so a live sender never loses its claim. */
  leaseMs: 2 * 60_000,
  /** 10 s, 30 s, 90 s, 270 s: the retries fit in a code's 10 minutes of life. */
  backoffMs: (attempts: number) => 10_000 * 3 ** Math.max(0, attempts - 1),
} as const;

export interface DispatcherOptions {
  db: Db;
  transports: Partial<Record<MessageChannel, MessageTransport>>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  pollMs?: number;
  batchSize?: number;
  maxAttempts?: number;
  leaseMs?: number;
  now?: () => Date;
}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 500);

export class MessageDispatcher {
  /** Channels this dispatcher sends; those on the `outbox` transport stay in the table. */
  readonly channels: MessageChannel[];
  private readonly now: () => Date;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly leaseMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;

  constructor(private readonly options: DispatcherOptions) {
    this.channels = (Object.keys(options.transports) as MessageChannel[]).filter(
      (c) => options.transports[c] && !options.transports[c].keepsLocally,
    );
    this.now = options.now ?? (() => new Date());
    this.pollMs = options.pollMs ?? dispatchPolicy.pollMs;
    this.batchSize = options.batchSize ?? dispatchPolicy.batchSize;
    this.maxAttempts = options.maxAttempts ?? dispatchPolicy.maxAttempts;
    this.leaseMs = options.leaseMs ?? dispatchPolicy.leaseMs;
  }

  /** Starts polling; does nothing when every channel keeps its messages locally. */
  start(): void {
    if (this.channels.length === 0 || !this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling, waits for the batch in flight, and closes the transports. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await Promise.allSettled(Object.values(this.options.transports).map((t) => t?.close()));
  }

  private schedule(delay: number) {
    this.timer = setTimeout(() => {
      this.running = this.runOnce()
        .catch((error: unknown) =>
          this.options.log.error({ err: errorText(error) }, 'outbox dispatch failed; trying again later'),
        )
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.schedule(this.pollMs);
        });
    }, delay);
    this.timer.unref();
  }

  /** Sends every due message, batch by batch; answers how many were tried. */
  async runOnce(): Promise<number> {
    let tried = 0;
    for (;;) {
      const batch = await this.claim();
      for (const message of batch) await this.deliver(message);
      tried += batch.length;
      if (batch.length < this.batchSize || this.stopped) return tried;
    }
  }

  /** Takes up to a batch of due pending rows nobody else holds and leases them, counting the attempt. */
  private async claim() {
    if (this.channels.length === 0) return [];
    const now = this.now();
    const due = this.options.db.$with('due').as(
      this.options.db
        .select({ id: outboxMessage.id })
        .from(outboxMessage)
        .where(
          and(
            eq(outboxMessage.status, 'pending'),
            inArray(outboxMessage.channel, this.channels),
            or(isNull(outboxMessage.nextAttemptAt), lte(outboxMessage.nextAttemptAt, now)),
          ),
        )
        .orderBy(asc(outboxMessage.id))
        .limit(this.batchSize)
        .for('update', { skipLocked: true }),
    );
    const rows = await this.options.db
      .with(due)
      .update(outboxMessage)
      .set({
        attempts: sql`${outboxMessage.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + this.leaseMs),
      })
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

  private async deliver(message: TransportMessage & { attempts: number }) {
    const transport = this.options.transports[message.channel];
    const { db, log } = this.options;
    const mine = and(eq(outboxMessage.id, message.id), eq(outboxMessage.status, 'pending'));
    try {
      if (!transport) throw new Error(`no transport for ${message.channel}`);
      await transport.send(message);
    } catch (error) {
      const lastError = errorText(error);
      const givenUp = message.attempts >= this.maxAttempts;
      const context = {
        messageId: message.id,
        channel: message.channel,
        transport: transport?.name,
        attempts: message.attempts,
        err: lastError,
      };
      if (givenUp) {
        await db.update(outboxMessage).set({ status: 'failed', nextAttemptAt: null, lastError }).where(mine);
        log.error(context, 'message not sent; giving up');
      } else {
        const next = new Date(this.now().getTime() + dispatchPolicy.backoffMs(message.attempts));
        await db.update(outboxMessage).set({ nextAttemptAt: next, lastError }).where(mine);
        log.warn(context, 'message not sent; will try again');
      }
      return;
    }
    await db
      .update(outboxMessage)
      .set({ status: 'sent', sentAt: this.now(), nextAttemptAt: null, lastError: null })
      .where(mine);
  }
}
