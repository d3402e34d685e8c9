/**
 * The client side of the contracts (DESIGN sections 3-4): one function call per contract, every answer parsed
 * by the contract's schema, `lang` and the region on every call, -101 handed to a hook, and up to three base URLs
 * per API group with fail-over: GETs move on after a network error or a 5xx; POSTs only when the connection was
 * never made, because a POST that reached a server may have done its work already.
 */
import { fullPath, type ApiGroup, type CallContract, type RequestOf, type ResponseOf } from '@gp/contracts';
import { codes, domainOfGroup, type ErrorDomain } from '@gp/errors';
import { site } from '@gp/config';

/** The value of a cookie readable by scripts (the CSRF token cookie), or undefined. */
export function readCookie(
  name: string,
  cookieHeader: string = globalThis.document?.cookie ?? '',
): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** A non-zero code from the server: match on `code` (with `domain`), never on the message. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly domain: ErrorDomain,
    readonly status: number,
    readonly data: unknown = null,
    serverMessage = '',
    /** A 5xx answer's `request_id`: the screens show it, so a player can quote it to support. */
    readonly requestId?: string,
  ) {
    super(serverMessage || `code ${code}`);
    this.name = 'ApiError';
  }

  /** The failing fields of a -400 answer. */
  get fields(): { field: string; code: string }[] {
    const fields = (this.data as { fields?: unknown } | null)?.fields;
    return Array.isArray(fields) ? (fields as { field: string; code: string }[]) : [];
  }
}

/** No usable answer at all: offline, refused, timed out, or a body that is not our envelope. */
export class NetworkError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

export interface ApiClientOptions {
  /** Up to three base URLs per group, e.g. `{ web: ['https://api1.example.com/web', ...] }`. */
  baseUrls: Partial<Record<ApiGroup, readonly string[]>>;
  /** The page language, read at call time. */
  lang: () => string;
  /**
   * The region sent with a call; `undefined` sends none. Default: the site's default region on every call
   * except payment, whose calls name their distribution region themselves (spec 9).
   */
  region?: (call: CallContract) => number | undefined;
  /** The CSRF token sent as `ct` on member calls: the readable `joy_jct` cookie in browsers. */
  csrfToken?: () => string | undefined;
  /** Called on -101 before the error is thrown (the apps redirect to login there). */
  onNotLoggedIn?: (call: CallContract) => void;
  /** Per attempt, in ms. */
  timeout?: number;
  /** Milliseconds a multipart upload may take (default 180 s: 5 MB over a congested mobile network). */
  uploadTimeout?: number;
  fetch?: typeof fetch;
}

const connectFailureCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * True only when we know no connection was made. Node's fetch says so in the error's cause; a browser's
 * "Failed to fetch" does not, and is treated as possibly delivered.
 */
export function neverConnected(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && connectFailureCodes.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const defaultRegion = (call: CallContract) => (call.group === 'pay' ? undefined : site.defaultRegion);

function toText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function searchParamsOf(input: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, toText(v));
    else params.append(key, toText(value));
  }
  return params;
}

/**
 * `code` and `message` of an envelope (DESIGN section 4), checked as `envelope()` of the contracts checks them but
 * without zod, which player builds keep off the first screen (answer-shape.ts).
 */
export function envelopeHead(body: unknown): { code: number; message: string } | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { code, message } = body as { code?: unknown; message?: unknown };
  return Number.isSafeInteger(code) && typeof message === 'string'
    ? { code: code as number, message }
    : undefined;
}

function requestIdOf(body: unknown): string | undefined {
  const id = (body as { request_id?: unknown }).request_id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

export interface ApiClient {
  call<C extends CallContract>(call: C, input: RequestOf<C>): Promise<ResponseOf<C>>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchOnce = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));
  /**
   * One attempt: plain fetch (a wrapper library would cost 5 KB gzip on every first screen for what is this
   * function), never retried here (fail-over is `send`'s), a time limit per attempt, the session cookie sent
   * cross-host, and the status left for `send` to judge.
   */
  function http(
    url: string,
    init: {
      method: string;
      searchParams: URLSearchParams;
      body?: BodyInit;
      json?: unknown;
      timeout?: number;
    },
  ): Promise<Response> {
    const query = init.searchParams.toString();
    const json = init.json !== undefined;
    return fetchOnce(query ? `${url}?${query}` : url, {
      method: init.method,
      credentials: 'include',
      ...(json ? { headers: { 'content-type': 'application/json' } } : {}),
      ...(json ? { body: JSON.stringify(init.json) } : init.body ? { body: init.body } : {}),
      signal: AbortSignal.timeout(init.timeout ?? options.timeout ?? 15_000),
    });
  }
  const regionOf = options.region ?? defaultRegion;
  /** Index of the base URL that answered last, per group: the next call starts there. */
  const preferred = new Map<ApiGroup, number>();

  function withDefaults(input: Record<string, unknown>, common: Record<string, unknown>) {
    const merged = { ...common };
    for (const [key, value] of Object.entries(input)) if (value !== undefined) merged[key] = value;
    return merged;
  }

  async function attempt(call: CallContract, base: string, input: Record<string, unknown>) {
    const common: Record<string, unknown> = { lang: options.lang(), region: regionOf(call) };
    // Member and staff calls both carry their session's CSRF token (each app reads its own cookie).
    if (call.auth !== 'public') common.ct = options.csrfToken?.();
    const url = `${base.replace(/\/$/, '')}${call.path}`;
    switch (call.encoding) {
      case 'query':
        // A region the call names itself wins over the default one.
        return http(url, { method: call.method, searchParams: searchParamsOf(withDefaults(input, common)) });
      case 'form':
        return http(url, {
          method: call.method,
          searchParams: searchParamsOf(common),
          body: searchParamsOf(input),
        });
      case 'json':
        return http(url, { method: call.method, searchParams: searchParamsOf(common), json: input });
      case 'multipart': {
        const form = new FormData();
        for (const [key, value] of Object.entries(input)) {
          if (value === undefined || value === null) continue;
          form.append(key, value instanceof Blob ? value : toText(value));
        }
        // A 5 MB attachment over a slow mobile link takes far longer than an ordinary call.
        return http(url, {
          method: call.method,
          searchParams: searchParamsOf(common),
          body: form,
          timeout: options.uploadTimeout ?? 180_000,
        });
      }
    }
  }

  async function send(
    call: CallContract,
    input: Record<string, unknown>,
  ): Promise<{ status: number; body: unknown }> {
    const bases = options.baseUrls[call.group] ?? [];
    if (bases.length === 0) throw new Error(`no base URL configured for the ${call.group} group`);
    const start = preferred.get(call.group) ?? 0;
    const order = bases.map((_, i) => (start + i) % bases.length);
    let lastError: unknown;
    for (const [n, index] of order.entries()) {
      const isLast = n === order.length - 1;
      let response: Response;
      try {
        response = await attempt(call, bases[index]!, input);
      } catch (error) {
        lastError = error;
        if (!isLast && (call.method === 'GET' || neverConnected(error))) continue;
        throw new NetworkError(`${fullPath(call)}: no answer`, error);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        body = undefined;
        lastError = error;
      }
      const serverFault = response.status >= 500 || body === undefined;
      if (serverFault && call.method === 'GET' && !isLast) continue;
      if (!serverFault || response.status < 500) preferred.set(call.group, index);
      if (body === undefined)
        throw new NetworkError(`${fullPath(call)}: answer is not JSON (${response.status})`, lastError);
      return { status: response.status, body };
    }
    throw new NetworkError(`${fullPath(call)}: no answer`, lastError);
  }

  return {
    async call(call, input) {
      const { status, body } = await send(call, (input ?? {}) as Record<string, unknown>);
      const domain = domainOfGroup(call.group);
      const head = envelopeHead(body);
      if (!head) throw new NetworkError(`${fullPath(call)}: answer is not an envelope`);
      if (head.code !== codes.ok) {
        if (head.code === codes.notLoggedIn) options.onNotLoggedIn?.(call);
        throw new ApiError(
          head.code,
          domain,
          status,
          (body as { data?: unknown }).data ?? null,
          head.message,
          requestIdOf(body),
        );
      }
      const parsed = call.response.safeParse((body as { data?: unknown }).data);
      if (!parsed.success) {
        throw new ApiError(
          codes.serverError,
          domain,
          status,
          null,
          `${fullPath(call)}: answer does not match its contract`,
        );
      }
      return parsed.data as ResponseOf<typeof call>;
    },
  };
}

/**
 * Binds contracts to a client under the names a feature calls them by, so a feature binds its calls once (its
 * `api/<feature>.calls.ts`) instead of a file per call: `const web = bindCalls(client, { games: gameList });
 * await web.games({})`. Each function passes its input on unchanged; a call that shapes its input or its
 * answer is a function of its own beside the bindings. Annotate the binding `#__PURE__` so a bundle that uses
 * none of a feature's calls drops it.
 */
export function bindCalls<M extends Record<string, CallContract>>(
  client: ApiClient,
  calls: M,
): { [K in keyof M]: (input: RequestOf<M[K]>) => Promise<ResponseOf<M[K]>> } {
  return Object.fromEntries(
    Object.entries(calls).map(([name, call]) => [
      name,
      (input: RequestOf<typeof call>) => client.call(call, input),
    ]),
  ) as { [K in keyof M]: (input: RequestOf<M[K]>) => Promise<ResponseOf<M[K]>> };
}
