/**
 * The id of a request, in every log line of it (`reqId`), in the `x-request-id` header of every answer and in
 * the body of every 5xx answer, so an operator can find the lines of a call a player or a proxy log quotes.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const requestIdHeader = 'x-request-id';

/**
 * The proxy's id when it is a plain token (at most 64 of `[A-Za-z0-9._-]`), so one id follows a call through
 * the proxy's log and ours; anything else (missing, too long, spaces, quotes, line breaks that could forge log
 * lines) gets a fresh UUID. A client can choose its own id this way, which only labels its own lines.
 */
export function requestIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && /^[A-Za-z0-9._-]{1,64}$/.test(value) ? value : randomUUID();
}

/** Fastify's `genReqId`. */
export const genReqId = (req: IncomingMessage): string => requestIdOf(req.headers[requestIdHeader]);
