/**
 * Sends what the outbox holds for the channels whose transport delivers (DESIGN section 6), as a polling worker
 * (jobs/polling-worker.ts; its SQL is in outbox.repository.ts). Every poll it claims a small batch of due pending
 * messages in one statement (`FOR UPDATE SKIP LOCKED`, so several API processes never claim the same row) and
 * leases them (`next_attempt_at` moves past the longest send), so a message whose sender died is tried again
 * later instead of being lost. A message is then marked sent, or tried again with backoff, and marked failed
 * after `maxAttempts`. Delivery is at least once: a process killed between the far
 * side's acceptance and the `sent` mark sends that message again after the lease.
 *
 * Logs carry the message id, channel and the transport's error, never the recipient's text (codes are secrets).
 */
import type { Clock } from '../../config/clock.ts';
import type { Db } from '../../db/database.ts';
import { backoff, PollingWorker, type WorkerLog } from '../../jobs/polling-worker.ts';
import type { MessageChannel, MessageTransport } from './message-transport.ts';
import { OutboxRepository, type ClaimedMessage } from './outbox.repository.ts';

export const dispatchPolicy = {
  pollMs: 2_000,
  batchSize: 10,
  maxAttempts: 5,
  /** Longer than the slowest send (SMTP 30 s, SMS 10 s), so a live sender never loses its claim. */
  leaseMs: 2 * 60_000,
  /** 10 s, 30 s, 90 s, 270 s: the retries fit in a code's 10 minutes of life. */
  backoffMs: backoff({ firstMs: 10_000, factor: 3, capMs: 270_000 }),
} as const;

export interface DispatcherOptions {
  db: Db;
  transports: Partial<Record<MessageChannel, MessageTransport>>;
  log: WorkerLog;
  now: Clock;
  pollMs?: number;
  batchSize?: number;
  maxAttempts?: number;
  leaseMs?: number;
}

export class MessageDispatcher {
  /** Channels this dispatcher sends; those on the `outbox` transport stay in the table. */
  readonly channels: MessageChannel[];
  private readonly outbox: OutboxRepository;
  private readonly loop: PollingWorker<ClaimedMessage>;

  constructor(private readonly options: DispatcherOptions) {
    this.channels = (Object.keys(options.transports) as MessageChannel[]).filter(
      (c) => options.transports[c] && !options.transports[c].keepsLocally,
    );
    this.outbox = new OutboxRepository(options.db);
    const { log } = options;
    this.loop = new PollingWorker({
      name: 'outbox dispatch',
      log,
      now: options.now,
      pollMs: options.pollMs ?? dispatchPolicy.pollMs,
      queue: {
        batchSize: options.batchSize ?? dispatchPolicy.batchSize,
        leaseMs: options.leaseMs ?? dispatchPolicy.leaseMs,
        maxAttempts: options.maxAttempts ?? dispatchPolicy.maxAttempts,
        backoffMs: dispatchPolicy.backoffMs,
        claim: ({ now, leaseUntil, limit }) =>
          this.outbox.claimDue({ channels: this.channels, now, leaseUntil, limit }),
        attemptsOf: (message) => message.attempts,
        handle: (message) => this.send(message),
        failed: async (message, failure) => {
          await this.outbox.markFailedTry(message.id, {
            lastError: failure.message,
            retryAt: failure.retryAt,
          });
          const context = {
            messageId: message.id,
            channel: message.channel,
            transport: options.transports[message.channel]?.name,
            attempts: message.attempts,
            err: failure.message,
          };
          if (failure.retryAt) log.warn(context, 'message not sent; will try again');
          else log.error(context, 'message not sent; giving up');
        },
      },
    });
  }

  /** Starts polling; does nothing when every channel keeps its messages locally. */
  start(): void {
    if (this.channels.length === 0) return;
    this.loop.start();
  }

  /** Stops polling, waits for the batch in flight, and closes the transports. */
  async stop(): Promise<void> {
    await this.loop.stop();
    await Promise.allSettled(Object.values(this.options.transports).map((t) => t?.close()));
  }

  /** Sends every due message, batch by batch; answers how many were tried. */
  async runOnce(): Promise<number> {
    return (await this.loop.drain()).tried;
  }

  private async send(message: ClaimedMessage): Promise<void> {
    const transport = this.options.transports[message.channel];
    if (!transport) throw new Error(`no transport for ${message.channel}`);
    await transport.send(message);
    await this.outbox.markSent(message.id, this.options.now());
  }
}
