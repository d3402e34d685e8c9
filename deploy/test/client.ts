/**
 * Requests as the smoke test makes them: over HTTPS to nginx, naming the host by SNI and the Host header (the
 * names resolve nowhere; the connection goes to loopback) and trusting the test's own certificate; or over plain
 * HTTP straight to one API process. `from` picks the loopback address the request leaves from (127.0.0.0/8 is
 * all loopback on Linux), so the proxy sees distinct clients.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: () => string;
  json: () => { code: number; message: string; data: unknown };
}

export interface RequestOptions {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  from?: string;
}

function answer(status: number, headers: IncomingHttpHeaders, body: Buffer): Answer {
  return {
    status,
    headers,
    body,
    text: () => body.toString('utf8'),
    json: () => JSON.parse(body.toString('utf8')) as ReturnType<Answer['json']>,
  };
}

function send(
  make: typeof httpRequest,
  target: Record<string, unknown>,
  options: RequestOptions,
  extraHeaders: Record<string, string>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = make(
      {
        ...target,
        method: options.method ?? 'GET',
        path: options.path,
        agent: false,
        ...(options.from ? { localAddress: options.from } : {}),
        headers: {
          ...extraHeaders,
          ...(options.body !== undefined
            ? {
                'content-type': 'application/json',
                'content-length': String(Buffer.byteLength(options.body)),
              }
            : {}),
          ...options.headers,
        },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(answer(res.statusCode ?? 0, res.headers, Buffer.concat(chunks))));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout: ${options.method ?? 'GET'} ${options.path}`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Through nginx: `https://<host>:<port><path>`. */
export function viaProxy(
  proxy: { port: number; ca: string },
  host: string,
  options: RequestOptions,
): Promise<Answer> {
  return send(
    httpsRequest as typeof httpRequest,
    { host: '127.0.0.1', port: proxy.port, servername: host, ca: proxy.ca },
    options,
    { host: `${host}:${proxy.port}` },
  );
}

/** Straight to one process: `http://127.0.0.1:<port><path>`. */
export function direct(port: number, options: RequestOptions): Promise<Answer> {
  return send(httpRequest, { host: '127.0.0.1', port }, options, {});
}

/** The cookies an answer sets, by name. */
export function cookiesOf(res: Answer): Record<string, string> {
  const set = res.headers['set-cookie'] ?? [];
  return Object.fromEntries(
    set.map((line) => {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      return [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
    }),
  );
}

export const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
