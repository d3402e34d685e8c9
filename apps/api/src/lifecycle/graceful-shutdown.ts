/**
 * Stopping a process without losing anything: the API (server.ts) and the worker (worker.ts) both stop this
 * way on SIGTERM / SIGINT.
 *
 * 1. `draining`: the API's `lifecycle.draining` is set, so `/readyz` answers 503 while everything else is still
 *    answered; for `graceMs` (SHUTDOWN_GRACE_MS) the process keeps serving, so a proxy that polls readiness (or
 *    an orchestrator that removes the endpoint) stops sending before the listener goes away.
 * 2. `close`: the apps close together. Fastify stops accepting connections, closes idle keep-alive ones, answers
 *    the requests in flight and waits for them; the background jobs stop after their round in flight (their
 *    onClose hooks), so a claimed item is finished rather than left leased.
 * 3. The database closes last, once nothing can use it.
 *
 * From `draining` on, every answer says `Connection: close` (`closeConnectionsWhileDraining`): a keep-alive
 * connection whose request was in flight when closing began would otherwise stay open after its answer, and the
 * listener's close would wait for it until the keep-alive timeout (72 s in Fastify).
 *
 * Nothing is lost either way: queued work lives in tables and is claimed again when a lease lapses.
 */
import type { FastifyInstance } from 'fastify';

/** Answers `Connection: close` while the app drains, so the client (or proxy) opens its next request elsewhere. */
export function closeConnectionsWhileDraining(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
    return payload;
  });
}

export interface ShutdownSteps {
  log: { info(obj: object, msg: string): void };
  /** Whose `draining` is set first. */
  draining: { lifecycle: { draining: boolean } }[];
  graceMs: number;
  /** Closed together after the grace: apps (requests and jobs in flight finish), other servers. */
  close: (() => Promise<unknown>)[];
  database: { close(): Promise<void> };
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function gracefulShutdown(steps: ShutdownSteps): Promise<void> {
  for (const app of steps.draining) app.lifecycle.draining = true;
  if (steps.graceMs > 0) {
    steps.log.info({ graceMs: steps.graceMs }, 'draining: still answering while the proxy stops sending');
    await (steps.sleep ?? wait)(steps.graceMs);
  }
  await Promise.allSettled(steps.close.map((close) => close()));
  await steps.database.close();
}

/**
 * Runs `shutdown` once on the first SIGTERM or SIGINT and exits 0 when it is done, or 1 when it takes longer
 * than `timeoutMs` (a request or job that never ends must not keep a stopped process alive).
 */
export function onStopSignal(
  log: { info(obj: object, msg: string): void; error(msg: string): void },
  timeoutMs: number,
  shutdown: () => Promise<void>,
): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      log.error(`shutdown took longer than ${timeoutMs} ms; exiting`);
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    shutdown().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}
