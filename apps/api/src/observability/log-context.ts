/**
 * The request a log line was written for, on lines written outside the request's own logger (services and
 * repositories log through the app's logger): with the order number those lines carry, an operator follows one
 * order across the API processes and the worker by grepping its number, then its requests' ids.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<{ reqId: string }>();

/** Runs `next` (the rest of a request's handling) as the request `reqId`. */
export function inRequest<T>(reqId: string, next: () => T): T {
  return current.run({ reqId }, next);
}

/** pino's `mixin`: the request id, unless the line's logger already binds one (a request's own logger). */
export function requestIdMixin(
  _line: object,
  _level: number,
  logger: { bindings(): Record<string, unknown> },
): { reqId?: string } {
  const store = current.getStore();
  if (!store || 'reqId' in logger.bindings()) return {};
  return { reqId: store.reqId };
}
