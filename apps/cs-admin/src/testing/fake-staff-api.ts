/**
 * Test double for the API host: stubs `fetch` and answers contract calls from handlers, wrapped in the real
 * envelope, so the screens go through the real client (encoding, parsing by the contract, ApiError). Every call
 * is recorded with its decoded input.
 */
import { vi } from 'vitest';
import type { CallContract, RequestOf, ResponseOf } from '@gp/contracts';

/** Thrown by a handler: the call answers this code (and data, e.g. the lock holder of -40001). */
export class Refusal {
  constructor(
    readonly code: number,
    readonly data: unknown = null,
  ) {}
}

export interface RecordedCall {
  contract: CallContract;
  input: Record<string, unknown>;
}

type Handler<C extends CallContract> = (input: RequestOf<C>) => ResponseOf<C> | Promise<ResponseOf<C>>;

export function fakeStaffApi() {
  const handlers = new Map<string, { contract: CallContract; handle: (input: never) => unknown }>();
  const calls: RecordedCall[] = [];
  const keyOf = (group: string, method: string, path: string) => `${method} /${group}${path}`;

  async function inputOf(request: Request): Promise<Record<string, unknown>> {
    const url = new URL(request.url);
    const input: Record<string, unknown> = {};
    for (const [k, v] of url.searchParams) if (!['lang', 'region', 'ct'].includes(k)) input[k] = v;
    if (request.method === 'POST') {
      const text = await request.text();
      if ((request.headers.get('content-type') ?? '').includes('json'))
        Object.assign(input, JSON.parse(text));
      else for (const [k, v] of new URLSearchParams(text)) input[k] = v;
    }
    return input;
  }

  const fetch = vi.fn(async (resource: Request | string, init?: RequestInit) => {
    const request = typeof resource === 'string' ? new Request(resource, init) : resource;
    const url = new URL(request.url);
    const route = handlers.get(`${request.method} ${url.pathname}`);
    if (!route) return Response.json({ code: -404, message: `no fake for ${url.pathname}`, data: null });
    const input = await inputOf(request);
    calls.push({ contract: route.contract, input });
    try {
      const data = await route.handle(input as never);
      return Response.json({ code: 0, message: 'ok', data: data ?? null });
    } catch (error) {
      if (error instanceof Refusal)
        return Response.json({ code: error.code, message: 'refused', data: error.data });
      throw error;
    }
  });
  vi.stubGlobal('fetch', fetch);

  return {
    fetch,
    calls,
    /** Answers `contract` with `handle` from now on. */
    on<C extends CallContract>(contract: C, handle: Handler<C>) {
      handlers.set(keyOf(contract.group, contract.method, contract.path), {
        contract,
        handle: handle as never,
      });
    },
    /** The inputs `contract` was called with, oldest first. */
    inputs<C extends CallContract>(contract: C): Record<string, unknown>[] {
      return calls.filter((c) => c.contract === contract).map((c) => c.input);
    },
  };
}
