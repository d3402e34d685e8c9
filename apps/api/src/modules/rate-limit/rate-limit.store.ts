/**
 * Rate limits counted across every API process, as a store for @fastify/rate-limit: RATE_LIMIT_MAX requests
 * per client address in a one-minute window, as before.
 *
 * A request never waits for the database: each process counts in memory and answers from its own view (the
 * shared total it last heard plus its own hits since). Every `syncMs` (250 ms) it merges the hits it took into
 * `rate_limit_hit` in one statement (rate-limit.repository.ts), which answers each merged key's total across all
 * processes and the end of its shared window. So the cached public reads, answered from memory with no database
 * round trip, keep that; the cost is one statement per process per 250 ms while requests come, none when idle.
 *
 * Bound: a process learns of other processes' hits within one sync (plus the statement's round trip). A client
 * spreading requests over N processes can therefore get past RATE_LIMIT_MAX by at most what the other N-1
 * processes let through in about 250 ms before their next merge; once the shared total is past the limit, every
 * process refuses. In one process the count is exact, as with the in-memory store.
 *
 * Windows: a key's window starts with its first counted request and lasts `timeWindow`; the shared row keeps the
 * first process's window end, and each process adopts it at its next merge. When the database cannot be reached,
 * each process goes on counting alone (the limit per process instead of shared) and merges when it is back.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { RateLimitRepository, type HitCount } from './rate-limit.repository.ts';

interface Entry {
  /** Epoch ms when this key's window ends. */
  expiresAt: number;
  /** The total across processes at the last merge, this process's merged hits included. */
  shared: number;
  /** This process's hits not merged yet. */
  pending: number;
}

export interface SharedRateCounterOptions {
  repo: Pick<RateLimitRepository, 'merge' | 'purge'>;
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
  syncMs?: number;
  /** Wall-clock ms; the window is measured as @fastify/rate-limit measures it (not the app clock). */
  now?: () => number;
  /** Keys kept in memory; the oldest idle ones go first past it. */
  maxEntries?: number;
}

export interface RateCount {
  current: number;
  ttl: number;
}

export class SharedRateCounter {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private readonly maxEntries: number;
  private timer: NodeJS.Timeout | undefined;
  private syncing: Promise<void> | undefined;
  private failing = false;
  private lastPurge = 0;

  constructor(private readonly options: SharedRateCounterOptions) {
    this.now = options.now ?? Date.now;
    this.maxEntries = options.maxEntries ?? 50_000;
  }

  /** Counts a request of `key` and answers the total this process knows of and the time left in the window. */
  incr(key: string, windowMs: number): RateCount {
    const now = this.now();
    let entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= now) {
      // A new window here; the next merge adopts the shared one when another process started it first.
      entry = { expiresAt: now + windowMs, shared: 0, pending: 0 };
      this.entries.delete(key);
      this.entries.set(key, entry);
      if (this.entries.size > this.maxEntries) this.evictIdle(now);
    }
    entry.pending += 1;
    return { current: entry.shared + entry.pending, ttl: entry.expiresAt - now };
  }

  /** The same answer without counting. */
  read(key: string): RateCount {
    const now = this.now();
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= now) return { current: 0, ttl: 0 };
    return { current: entry.shared + entry.pending, ttl: entry.expiresAt - now };
  }

  /**
   * Merges every count not merged yet in one statement (and purges ended windows about once a minute). Waits for
   * a merge in flight first, so what was counted before the call is merged when it resolves.
   */
  async sync(): Promise<void> {
    while (this.syncing) await this.syncing;
    this.syncing = this.merge().finally(() => {
      this.syncing = undefined;
    });
    return this.syncing;
  }

  private async merge(): Promise<void> {
    const now = this.now();
    const sent: { key: string; entry: Entry; hits: number }[] = [];
    for (const [key, entry] of this.entries) {
      if (entry.pending > 0) sent.push({ key, entry, hits: entry.pending });
      else if (entry.expiresAt <= now) this.entries.delete(key);
    }
    try {
      if (sent.length > 0) {
        const counts: HitCount[] = sent.map(({ key, entry, hits }) => ({
          key,
          expiresAt: entry.expiresAt,
          hits,
        }));
        const totals = new Map((await this.options.repo.merge(counts, now)).map((row) => [row.key, row]));
        for (const { key, entry, hits } of sent) {
          const total = totals.get(key);
          // A key whose window ended here meanwhile has a new entry: its hits merge at the next sync.
          if (!total || this.entries.get(key) !== entry) continue;
          entry.pending -= hits;
          entry.shared = total.hits;
          entry.expiresAt = total.expiresAt;
        }
      }
      if (now - this.lastPurge >= 60_000) {
        this.lastPurge = now;
        // Ended a minute ago at least: no process still counts in that window.
        await this.options.repo.purge(now - 60_000);
      }
      if (this.failing) this.options.log.info({}, 'rate limits: shared counts merged again');
      this.failing = false;
    } catch (error) {
      // The hits stay pending and go with the next merge; meanwhile this process limits on its own counts.
      if (!this.failing) {
        this.options.log.error(
          { err: error },
          'rate limits: could not merge counts; counting in this process',
        );
      }
      this.failing = true;
    }
  }

  private evictIdle(now: number) {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries) return;
      if (entry.pending === 0 || entry.expiresAt <= now) this.entries.delete(key);
    }
  }

  start(): void {
    if (this.timer) return;
    // A merge slower than the interval is not queued behind: the next tick after it takes what came meanwhile.
    this.timer = setInterval(() => {
      if (!this.syncing) void this.sync();
    }, this.options.syncMs ?? 250);
    this.timer.unref();
  }

  /** Stops merging after one last merge, so the hits of the last moments still count for the other processes. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.syncing;
    await this.sync();
  }
}

type StoreCallback = (error: Error | null, result?: RateCount) => void;
type RouteParams = {
  routeInfo?: { method?: string | string[]; url?: string };
  timeWindow?: unknown;
  max?: unknown;
};

/**
 * The `store` option of @fastify/rate-limit over a shared counter. A route with a limit of its own counts under
 * its method and URL (as the in-memory store keeps a separate map per route), the same name in every process.
 */
export function sharedRateLimitStore(counter: SharedRateCounter): FastifyRateLimitStoreCtor {
  class SharedStore {
    constructor(
      _params?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      callback(null, counter.incr(this.prefix + key, timeWindow));
    }

    read(key: string, callback: StoreCallback): void {
      callback(null, counter.read(this.prefix + key));
    }

    child(params: RouteParams) {
      const { method, url } = params.routeInfo ?? {};
      const scope = url
        ? `${String(method)} ${url}`
        : `limiter ${String(params.timeWindow)}/${String(params.max)}`;
      return new SharedStore(undefined, `${this.prefix}${scope}|`);
    }
  }
  // The plugin hands `child` its merged route parameters (with `routeInfo`), not what its types say.
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's rate-limit counts (tests merge them at a moment of their choosing). */
    rateLimitCounter: SharedRateCounter;
  }
}

/** The app's counter, merging while the app runs; the last merge happens when it closes (before the database). */
export function sharedRateCounter(app: FastifyInstance): SharedRateCounter {
  const counter = new SharedRateCounter({ repo: new RateLimitRepository(app.db), log: app.log });
  app.decorate('rateLimitCounter', counter);
  counter.start();
  app.addHook('onClose', () => counter.stop());
  return counter;
}
