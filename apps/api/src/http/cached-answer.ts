/** A public read's answer as the public cache keeps it and registerCall sends it again. */
export interface CachedAnswer {
  body: Buffer;
  /** The strong ETag every stored answer gets (http/etag.ts), so a 304 works as before. */
  etag: string;
}

/**
 * What registerCall asks of a cache of public answers. The kernel declares it and reads it as `app.answerCache`;
 * the public-cache module's cache is the one the app is decorated with (absent: nothing is cached).
 */
export interface AnswerCache {
  readonly enabled: boolean;
  /** The live answer a request URL was last given, if any. */
  byUrl(url: string): CachedAnswer | undefined;
  /** The cached answer for `key`, or `compute`'s, kept; `url` is remembered for `byUrl`. */
  answer(key: string, compute: () => Promise<unknown>, url?: string): Promise<CachedAnswer>;
}

declare module 'fastify' {
  interface FastifyInstance {
    answerCache?: AnswerCache;
  }
}
