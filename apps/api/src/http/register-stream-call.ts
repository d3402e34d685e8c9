/**
 * Registers a Server-Sent Events route from its contract: the same caller and request checks as
 * `registerCall`, whose refusals (-101, -110, -400, and whatever the handler throws before the stream opens)
 * answer as the usual JSON envelope; then `text/event-stream`, where each event's data is the contract's
 * response. The handler answers an `EventSource` that starts once the headers are out and stops when the
 * client goes away. Comment lines every `heartbeatMs` keep proxies and the browser from closing an idle
 * connection.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { fullPath, type CallContract } from '@gp/contracts';
import { domainOfGroup } from '@gp/errors';
import type { AuthenticatedMember } from './callers.ts';
import { readCall, type CallContext } from './register-call.ts';
import { commonOf } from './request-context.ts';

/** What a stream's source says: its events (data matching the contract's response) and its end. */
export interface EventSink<T> {
  event(id: string, data: T): void;
  /** Ends the stream for good with an `end` event, after which the client does not come back (a final state). */
  end(): void;
  /**
   * Closes the connection without the `end` event: the browser's EventSource connects again by itself after
   * `retry`, with Last-Event-ID, to whichever process answers then (the stream's longest lifetime, the server
   * closing).
   */
  hangUp(): void;
}

export interface EventSource<T> {
  /** `lastEventId`: the client's Last-Event-ID header when it reconnects. */
  start(sink: EventSink<T>, lastEventId: string | undefined): void;
  /** The client went away (or the stream ended): release what the source holds. Called once. */
  close(): void;
}

export type StreamHandler<C extends CallContract> = (
  input: z.output<C['request']>,
  ctx: CallContext,
) => Promise<EventSource<z.input<C['response']>>>;

/** One SSE frame; `data` is JSON, so it has no line breaks. */
export function eventFrame(type: string, id: string | undefined, data: unknown): string {
  return `${id !== undefined ? `id: ${id}\n` : ''}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function registerStreamCall<C extends CallContract>(
  app: FastifyInstance,
  call: C,
  handler: StreamHandler<C>,
  options: { event: string; heartbeatMs: number; retryMs: number },
): void {
  if (call.method !== 'GET' || call.auth !== 'member') {
    // EventSource only GETs; the member authenticator is the only one a stream is checked with so far.
    throw new Error(`${fullPath(call)}: a stream call is a member GET`);
  }
  const authenticate = app.authenticators?.member;
  if (!authenticate) throw new Error(`${fullPath(call)}: no authenticator for 'member' calls is registered`);
  app.route({
    method: 'GET',
    url: fullPath(call),
    config: { domain: domainOfGroup(call.group) },
    handler: async (request, reply) => {
      const { caller, parsed } = await readCall(call, authenticate, request);
      const source = await handler(parsed as z.output<C['request']>, {
        ...commonOf(request),
        request,
        reply,
        member: caller as AuthenticatedMember,
      });
      const body = new PassThrough();
      let closed = false;
      const heartbeat = setInterval(() => body.write(': keep-alive\n\n'), options.heartbeatMs);
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        source.close();
        body.end();
      };
      // The answer is over: the client went away (tab closed, network gone) or the stream ended.
      reply.raw.once('close', close);
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        // Never stored, never transformed (compressing proxies would hold events back).
        .header('cache-control', 'no-store, no-transform')
        // nginx passes each event on at once instead of filling its buffer first (deploy/nginx).
        .header('x-accel-buffering', 'no');
      body.write(`retry: ${options.retryMs}\n\n`);
      const lastEventId = request.headers['last-event-id'];
      source.start(
        {
          event: (id, data) => {
            if (!closed) body.write(eventFrame(options.event, id, call.response.parse(data)));
          },
          end: () => {
            if (closed) return;
            body.write(eventFrame('end', undefined, {}));
            close();
          },
          hangUp: close,
        },
        typeof lastEventId === 'string' && lastEventId !== '' ? lastEventId : undefined,
      );
      return reply.send(body);
    },
  });
}
