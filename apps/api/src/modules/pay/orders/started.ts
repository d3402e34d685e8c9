/**
 * Independent steps of one request run at once (order creation's catalog reads and game server calls, which
 * each waited for the one before). The caller still awaits them in the order the checks were written, so a
 * request is refused with the same error as before; a step whose answer is never awaited (an earlier check
 * refused the request) must not become an unhandled rejection.
 */
export function started<T>(work: Promise<T>): Promise<T> {
  work.catch(() => undefined);
  return work;
}
