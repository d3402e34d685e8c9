/**
 * What the logs never show: tokens, signatures, codes and passwords. Fastify logs each request's URL, whose
 * query can carry the CSRF token (`ct`), a download signature (`sig`), a preview token, an e-mail ticket;
 * bodies are never logged, but a parse error's message quotes the body, and a failed query's error carries
 * its parameters (password hashes, codes, e-mail tickets). The serializers here cut those out; the header
 * redaction of app.ts keeps cookies and Authorization out.
 */
import type { FastifyRequest } from 'fastify';

export const redacted = '[redacted]';

/**
 * Query parameters whose value is a secret, by name: the exact short names the calls use and anything that looks
 * like a credential. A harmless parameter caught by the pattern loses only its value in the log.
 */
const secretParam = /^(ct|sig|signature|exp_sig)$|token|ticket|secret|passw|pwd|code|captcha|nonce|key|auth/i;

/** The URL with the value of every secret-looking query parameter replaced (the path and the rest kept as sent). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judge the name as sent
      }
      return eq >= 0 && secretParam.test(name) ? `${rawName}=${redacted}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Fastify's request serializer (the same fields as its own) with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url ?? ''),
    version: Array.isArray(version) ? version[0] : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * Drizzle's failed-query error says `Failed query: <sql>\nparams: <values>` in its message and keeps `params`
 * as a field: the values (a password hash, a code, a recipient's address) are dropped, the SQL kept.
 */
function paramTexts(error: unknown): string[] {
  const out: string[] = [];
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const params = (e as { params?: unknown }).params;
    if (Array.isArray(params) && typeof (e as { query?: unknown }).query === 'string') {
      out.push(`\nparams: ${String(params)}`);
    }
    e = (e as { cause?: unknown }).cause;
  }
  return out;
}

/** V8 quotes the start of the text it could not parse: `Unexpected token 'x', "{"password":"...` is not valid JSON */
const quotedJson = (text: string) =>
  text.replace(/(Unexpected [^,\n]*, )[\s\S]*? is not valid JSON/g, `$1${redacted} is not valid JSON`);

/**
 * Wraps pino's error serializer: parse errors lose the quoted body, failed queries their parameter values. Pino
 * applies it to whatever a line puts under `err`: several workers log the error's text (`err: String(error)`),
 * which gets the same treatment (a failed query's text ends with its parameters).
 */
export function errorSerializer(base: (error: Error) => SerializedError) {
  return (error: Error): SerializedError => {
    const value: unknown = error;
    if (typeof value === 'string')
      return quotedJson(
        value.replace(/\nparams: [\s\S]*$/, `\nparams: ${redacted}`),
      ) as unknown as SerializedError;
    if (typeof value !== 'object' || value === null) return base(error);
    const out = { ...base(error) };
    delete out.params;
    const cut = (text: unknown) => {
      if (typeof text !== 'string') return text as string;
      let result = text;
      for (const params of paramTexts(error)) result = result.split(params).join(`\nparams: ${redacted}`);
      return quotedJson(result);
    };
    out.message = cut(out.message);
    out.stack = cut(out.stack);
    return out;
  };
}
