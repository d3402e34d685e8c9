/**
 * Strong ETags (sha1, base64, as @fastify/etag makes them and the public cache stores them) on the answers a
 * browser may keep: GET and HEAD without `no-store`, answered 304 when the browser's copy matches. A POST's
 * answer or a personal `no-store` one is never sent back in If-None-Match, so hashing it (as @fastify/etag does
 * for every answer) was pure cost on the desk's and the players' busiest calls.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64')}"`;
}

export function installEtags(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (String(reply.getHeader('cache-control') ?? '').includes('no-store')) return payload;
    let etag = reply.getHeader('etag');
    if (!etag) {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      etag = etagOf(payload);
      reply.header('etag', etag);
    }
    const match = request.headers['if-none-match'];
    if (match && (match === etag || match === `W/${String(etag)}` || `W/${match}` === etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
