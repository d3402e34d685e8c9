/** A public read's answer as the public cache keeps it and registerCall sends it again. */
export interface CachedAnswer {
  body: Buffer;
  /** The strong ETag every stored answer gets (http/etag.ts), so a 304 works as before. */
  etag: string;
}
