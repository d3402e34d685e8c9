/**
 * An in-process cache of public, member-independent read answers: the serialized envelope as bytes with its
 * ETag, keyed by route + parsed input + language/region. Why and the correctness rules: README.md here.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../config/clock.ts';
import type { Database, Db } from '../../db/database.ts';
import { etagOf } from '../../http/etag.ts';
import type { AnswerCache, CachedAnswer } from '../../http/cached-answer.ts';

export type { CachedAnswer };
import { nextScheduledChange } from './schedule.repository.ts';

interface Entry extends CachedAnswer {
  /** App-clock time the answer was computed at; a clock moved back before it makes the entry unusable. */
  at: number;
  /** App-clock time the entry stops being served: the TTL or the next scheduled change, whichever is first. */
  until: number;
}

export interface PublicCacheOptions {
  /** 0 turns the cache off. */
  ttlMs: number;
  /** The app clock (`app.now`): scheduled publishing is decided by it, so expiry is too. */
  now: Clock;
  db: Db;
  maxEntries?: number;
}

/** Where a staff write tells every process on the database to empty its cache (PostgreSQL LISTEN/NOTIFY). */
export const clearChannel = 'gp_public_cache';

/**
 * What staff write calls live under; every successful non-GET call there empties the cache, except those whose
 * contract says they keep public data as it is (`keepsPublicData`: the desk, the order search, accounts).
 */
export const staffWritePrefix = '/csmng/';

export class PublicCache implements AnswerCache {
  private readonly entries = new Map<string, Entry>();
  /** `remember`'s values: the app clock time each was read at, the read itself (shared while it runs). */
  private readonly values = new Map<string, { at: number; value: Promise<unknown>; generation: number }>();
  private readonly pending = new Map<string, Promise<CachedAnswer>>();
  /**
   * Request URL (path and raw query string) -> key. Parsing a query string is deterministic, so a URL seen once
   * with a valid input always parses to the same key: a repeat skips the input check and the key's JSON.
   */
  private readonly aliases = new Map<string, string>();
  /** Bumped by every clear: an answer computed across a staff write must not be stored. */
  private generation = 0;
  /** The earliest time after `horizonAt` when scheduled content flips; Infinity when nothing is scheduled. */
  private horizon: { at: number; next: number; generation: number } | undefined;
  private readonly maxEntries: number;
  private readonly clearListeners: (() => void)[] = [];

  constructor(private readonly options: PublicCacheOptions) {
    this.maxEntries = options.maxEntries ?? 2_000;
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  /** Forgets every answer (a staff write happened); answers being computed right now are not stored. */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.values.clear();
    this.pending.clear();
    this.aliases.clear();
    this.horizon = undefined;
    for (const listener of this.clearListeners) listener();
  }

  /**
   * Calls `listener` at every clear: for public data kept in memory elsewhere (the FAQ search's texts), so that
   * a staff write shows there at once too, in every process.
   */
  onClear(listener: () => void): void {
    this.clearListeners.push(listener);
  }

  /**
   * A value read from the database (not an answer), kept in memory under the cache's rules: for the TTL at most,
   * forgotten by every clear (a staff write here or in any other process), never kept when the cache is off.
   * Concurrent reads of one key share one. Only for reads whose use is checked again by the database where it
   * matters (pay orders: their insert re-checks the catalog they were priced from); a value may be up to the TTL
   * old when something changed behind the app's back.
   */
  async remember<T>(key: string, read: () => Promise<T>): Promise<T> {
    if (!this.enabled) return read();
    const now = this.options.now().getTime();
    const kept = this.values.get(key);
    if (kept && kept.generation === this.generation && now >= kept.at && now < kept.at + this.options.ttlMs)
      return kept.value as Promise<T>;
    if (this.values.size >= this.maxEntries) this.values.delete(this.values.keys().next().value!);
    const generation = this.generation;
    const value = read();
    const entry = { at: now, value, generation };
    this.values.set(key, entry);
    // A failed read is not kept: the next caller reads again.
    value.catch(() => {
      if (this.values.get(key) === entry) this.values.delete(key);
    });
    return value;
  }

  /** Forgets `remember`'s values only (their reader found them stale). */
  forgetValues(): void {
    this.values.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The live answer a request URL was last given, if any (no input check needed: see `aliases`). */
  byUrl(url: string): CachedAnswer | undefined {
    const key = this.aliases.get(url);
    if (key === undefined) return undefined;
    return this.live(this.entries.get(key), this.options.now().getTime());
  }

  private live(entry: Entry | undefined, now: number): Entry | undefined {
    return entry && now >= entry.at && now < entry.until ? entry : undefined;
  }

  /**
   * The cached answer, or `compute`'s, shared by concurrent requests for the same key. `url` is the request's,
   * remembered for `byUrl`.
   */
  async answer(key: string, compute: () => Promise<unknown>, url?: string): Promise<CachedAnswer> {
    if (url !== undefined && this.aliases.get(url) !== key) {
      // Bounded like the entries; dropping them all only costs the next requests their input check.
      if (this.aliases.size >= this.maxEntries * 4) this.aliases.clear();
      this.aliases.set(url, key);
    }
    const now = this.options.now().getTime();
    const hit = this.entries.get(key);
    if (this.live(hit, now)) return hit!;
    if (hit) this.entries.delete(key);
    const running = this.pending.get(key);
    if (running) return running;
    const generation = this.generation;
    const work = this.fill(key, now, generation, compute);
    this.pending.set(key, work);
    try {
      return await work;
    } finally {
      if (this.pending.get(key) === work) this.pending.delete(key);
    }
  }

  private async fill(
    key: string,
    at: number,
    generation: number,
    compute: () => Promise<unknown>,
  ): Promise<CachedAnswer> {
    const data = await compute();
    const body = Buffer.from(JSON.stringify({ code: 0, message: 'success', data }));
    const answer: CachedAnswer = { body, etag: etagOf(body) };
    const next = await this.nextChange(at, generation);
    if (generation !== this.generation) return answer;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the oldest entry goes first.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { ...answer, at, until: Math.min(at + this.options.ttlMs, next) });
    return answer;
  }

  /** The next scheduled change after `at`, asked of the database once per change (or clear), not per entry. */
  private async nextChange(at: number, generation: number): Promise<number> {
    const known = this.horizon;
    if (known && known.generation === generation && at >= known.at && at < known.next) return known.next;
    const next = (await nextScheduledChange(this.options.db, new Date(at)))?.getTime() ?? Infinity;
    if (generation === this.generation) this.horizon = { at, next, generation };
    return next;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: PublicCache;
  }
}

/**
 * Decorates the app with its cache and empties it after every successful staff write, in this process at once and
 * in every other process on the database through `clearChannel` (README.md here, "Several processes"). The hook
 * sits at the root (not in an encapsulated plugin) so it sees every route, including those of modules this one
 * does not know; it runs in onSend, before the staff member's answer leaves, so a read that follows it sees the
 * new state here, and the other processes have been told.
 */
export async function installPublicCache(
  app: FastifyInstance,
  options: PublicCacheOptions & { database: Pick<Database, 'listen' | 'notify'> },
): Promise<PublicCache> {
  const cache = new PublicCache(options);
  app.decorate('publicCache', cache);
  // The same cache as the kernel knows it: registerCall answers cached public reads through it.
  app.decorate('answerCache', cache);
  if (!cache.enabled) return cache;
  const { database } = options;
  // This process's own notifications come back too; it has cleared already.
  const self = randomUUID();
  const unlisten = await database.listen(
    clearChannel,
    (payload) => {
      if (payload !== self) cache.clear();
    },
    // Reconnected: a clear sent meanwhile was missed, so start afresh.
    () => cache.clear(),
  );
  app.addHook('onClose', () => unlisten());
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      request.url.startsWith(staffWritePrefix) &&
      !request.routeOptions.config.keepsPublicData &&
      reply.statusCode === 200 &&
      succeeded(payload)
    ) {
      cache.clear();
      try {
        await database.notify(clearChannel, self);
      } catch (error) {
        // The write stands; the other processes show it after their TTL instead of at once.
        request.log.error({ err: error }, 'public cache: could not tell the other processes to clear');
      }
    }
    return payload;
  });
  return cache;
}

/** A code-0 envelope; anything else (a refusal, an error, a file) changed nothing worth clearing for. */
function succeeded(payload: unknown): boolean {
  if (typeof payload === 'string') return payload.startsWith('{"code":0');
  if (Buffer.isBuffer(payload)) return payload.subarray(0, 9).toString() === '{"code":0';
  return false;
}
