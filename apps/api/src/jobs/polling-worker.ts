/**
 * The one polling worker behind the API's background loops (pay delivery, desk exports, the outbox dispatcher,
 * customer-service housekeeping, the sandbox's notifications). A worker runs rounds: each round does the worker's
 * `task` (a sweep, housekeeping) and then drains its `queue`, batch by batch, until a batch comes back short.
 *
 * - Claim: the queue's `claim` takes up to a batch of due items nobody holds and leases them until `leaseUntil`
 *   (in SQL: `FOR UPDATE SKIP LOCKED`, the attempt counted, a `lease_until` / `next_attempt_at` moved ahead), so
 *   several processes share the work and never take the same item.
 * - Lease expiry: an item whose worker died keeps its lease until it lapses; `claim` then finds it due again and
 *   another worker takes it (work is done at least once; the item's own key keeps a repeat harmless).
 * - Backoff: an item whose `handle` throws is tried again after `backoff(attempts)` (exponential, capped, with
 *   optional jitter) until `maxAttempts`, or at once given up when its error is not retryable (`GiveUp`), and the
 *   queue's `failed` records which; one failing item never stops the others. A round that finds nothing to do
 *   waits longer next time (`idleBackoff`, up to its cap); a round with work, or `wake()`, brings the wait back.
 * - Stop: `stop()` starts no new round and no new batch, and resolves when the round in flight has finished
 *   (the items already claimed are worked off rather than left leased).
 */
import type { Clock } from '../config/clock.ts';

/** What the worker logs through (the app's logger fits). */
export interface WorkerLog {
  info(context: object, message: string): void;
  warn(context: object, message: string): void;
  error(context: object, message: string): void;
}

/** Thrown by `handle` for an item that can never succeed: it is given up at once, without retries. */
export class GiveUp extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GiveUp';
  }
}

/** An error's message on one line, short enough for a column and a log line. */
export const errorText = (error: unknown, max = 500) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, max);

export interface BackoffPolicy {
  /** The wait after the first failed try. */
  firstMs: number;
  /** Each further try waits this many times longer (1: always `firstMs`). Default 2. */
  factor?: number;
  /** No wait is longer. Default: no cap. */
  capMs?: number;
  /** Spread each wait by up to this share either way (0.1: ±10 %), so failed items do not return in step. */
  jitter?: number;
}

/** The wait before the next try of an item that has failed `attempts` times. */
export function backoff(
  policy: BackoffPolicy,
  random: () => number = Math.random,
): (attempts: number) => number {
  const { firstMs, factor = 2, capMs = Number.POSITIVE_INFINITY, jitter = 0 } = policy;
  return (attempts) => {
    const wait = Math.min(capMs, firstMs * factor ** Math.max(0, attempts - 1));
    return jitter > 0 ? Math.round(Math.min(capMs, wait * (1 + jitter * (2 * random() - 1)))) : wait;
  };
}

export interface ClaimRequest {
  now: Date;
  /** Until when the claimed items are the claimer's; after it they are due again for anyone. */
  leaseUntil: Date;
  limit: number;
}

export interface ItemFailure {
  error: unknown;
  /** `errorText(error)`: what to store and log. */
  message: string;
  attempts: number;
  /** When the item is due again; null: given up (dead-lettered). */
  retryAt: Date | null;
  now: Date;
}

export interface WorkQueue<Item> {
  batchSize: number;
  /**
   * How many items of a batch are worked at once (default 1: one after the other). Work that mostly waits on
   * another server (a game server's answer) goes through a batch in the time of its slowest item instead of the
   * sum of all of them.
   */
  concurrency?: number;
  /** Longer than one item's work may take, so a live worker never loses its claim. */
  leaseMs: number;
  /** Claims up to `limit` due items nobody holds (lapsed leases included), counting the attempt. */
  claim(request: ClaimRequest): Promise<Item[]>;
  /** Does one item's work; throwing fails this try. */
  handle(item: Item): Promise<void>;
  /** The tries this item has had, the current one included. */
  attemptsOf(item: Item): number;
  maxAttempts: number;
  /** The wait before the next try after `attempts` failed tries (see `backoff`). */
  backoffMs(attempts: number): number;
  /** Whether trying again may help; `GiveUp` never. Default: any other error may. */
  retryable?(error: unknown): boolean;
  /** Records a failed try: due again at `retryAt`, or given up when it is null. */
  failed(item: Item, failure: ItemFailure): Promise<void>;
}

export interface PollingWorkerOptions<Item> {
  /** Names the worker in its log lines. */
  name: string;
  /** Round failures and failures that could not be recorded. */
  log: Pick<WorkerLog, 'error'>;
  now: Clock;
  /** The wait after a round with work (and the first wait after an idle one). */
  pollMs: number;
  /** After idle rounds the wait grows by `factor` (default 2) up to `maxMs`. Default: it stays `pollMs`. */
  idleBackoff?: { maxMs: number; factor?: number };
  /** The wait before the first round after `start()`. Default 0. */
  firstRoundAfterMs?: number;
  /**
   * Whether the wait between rounds keeps the process running. Off inside the API (the server keeps it alive, and
   * a test's app must be able to end); on in a process that exists for this worker alone, which
   * would otherwise exit as soon as its database pool went idle.
   */
  keepProcessAlive?: boolean;
  /** Work every round does before the queue; answers how many things it did (0: nothing to do). */
  task?: () => Promise<number>;
  queue?: WorkQueue<Item>;
}

export interface DrainResult {
  /** Items claimed. */
  tried: number;
  done: number;
  /** Failed, due again later. */
  retried: number;
  /** Failed for good. */
  givenUp: number;
}

export interface RoundResult extends DrainResult {
  /** What the task answered. */
  task: number;
}

export class PollingWorker<Item = never> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  /** Not polling: never started, or stopped. */
  private stopped = true;
  /** stop() was called: no further batch is claimed. */
  private stopping = false;
  /** A wake() came during a round: the next round starts right after it. */
  private again = false;
  private waitMs: number;

  constructor(private readonly options: PollingWorkerOptions<Item>) {
    this.waitMs = options.pollMs;
  }

  /** Whether rounds are being scheduled. */
  get started(): boolean {
    return !this.stopped;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    this.waitMs = this.options.pollMs;
    this.schedule(this.options.firstRoundAfterMs ?? 0);
  }

  /** Starts no new round and resolves when the round in flight (if any) has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Runs a round soon (work was just added) instead of at the next poll. */
  wake(): void {
    if (this.stopped) return;
    this.waitMs = this.options.pollMs;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.schedule(0);
  }

  /** One round: the task, then the queue until it runs dry. What the worker does each time; tests call it. */
  async round(): Promise<RoundResult> {
    const task = this.options.task ? await this.options.task() : 0;
    return { task, ...(await this.drain()) };
  }

  /** Claims and works off batches until one comes back short (or stop() was called). */
  async drain(): Promise<DrainResult> {
    const result: DrainResult = { tried: 0, done: 0, retried: 0, givenUp: 0 };
    const queue = this.options.queue;
    if (!queue) return result;
    for (;;) {
      const now = this.options.now();
      const batch = await queue.claim({
        now,
        leaseUntil: new Date(now.getTime() + queue.leaseMs),
        limit: queue.batchSize,
      });
      for (const outcome of await eachAtMost(queue.concurrency ?? 1, batch, (item) => this.work(item)))
        result[outcome] += 1;
      result.tried += batch.length;
      if (batch.length < queue.batchSize || this.stopping) return result;
    }
  }

  /**
   * Works one claimed item: `handle`, and when it throws, the retry decision and `failed`. The rounds call it
   * for every claimed item; call it for an item claimed outside a round (one sent at once, say).
   */
  async work(item: Item): Promise<'done' | 'retried' | 'givenUp'> {
    const queue = this.options.queue;
    if (!queue) throw new Error(`${this.options.name} has no queue`);
    try {
      await queue.handle(item);
      return 'done';
    } catch (error) {
      const now = this.options.now();
      const attempts = queue.attemptsOf(item);
      const retryable = !(error instanceof GiveUp) && (queue.retryable?.(error) ?? true);
      const retryAt =
        retryable && attempts < queue.maxAttempts
          ? new Date(now.getTime() + queue.backoffMs(attempts))
          : null;
      try {
        await queue.failed(item, { error, message: errorText(error), attempts, retryAt, now });
      } catch (recordError) {
        // The item keeps its lease and comes back when it lapses; the rest of the batch goes on.
        this.options.log.error(
          { worker: this.options.name, err: errorText(recordError), attempts },
          `${this.options.name}: a failed item could not be recorded; it returns after its lease`,
        );
      }
      return retryAt ? 'retried' : 'givenUp';
    }
  }

  private schedule(delay: number) {
    this.timer = setTimeout(() => {
      let busy = false;
      this.running = this.round()
        .then((result) => {
          busy = result.task > 0 || result.tried > 0;
        })
        .catch((error: unknown) =>
          this.options.log.error(
            { worker: this.options.name, err: errorText(error) },
            `${this.options.name} round failed; trying again later`,
          ),
        )
        .finally(() => {
          this.running = undefined;
          const soon = this.again;
          this.again = false;
          if (this.stopped) return;
          this.schedule(soon ? 0 : this.nextWait(busy));
        });
    }, delay);
    if (!this.options.keepProcessAlive) this.timer.unref();
  }

  private nextWait(busy: boolean): number {
    const { pollMs, idleBackoff } = this.options;
    if (busy || !idleBackoff) {
      this.waitMs = pollMs;
      return pollMs;
    }
    const wait = this.waitMs;
    this.waitMs = Math.min(idleBackoff.maxMs, Math.max(pollMs, wait * (idleBackoff.factor ?? 2)));
    return wait;
  }
}

/** A worker whose life is its polling loop's: starting, stopping and waking it go straight to the loop. */
export abstract class LoopWorker<Item> {
  protected abstract readonly loop: PollingWorker<Item>;

  start(): void {
    this.loop.start();
  }

  /** Stops polling; resolves when the round in flight has finished. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Runs a round soon (work was just written) instead of at the next poll. */
  wake(): void {
    this.loop.wake();
  }
}

/** `work` of every item, at most `limit` at a time, the answers in the items' order. */
async function eachAtMost<T, R>(
  limit: number,
  items: readonly T[],
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const answers: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const at = next++;
      answers[at] = await work(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return answers;
}
