/**
 * Signatures of the game-server protocol (openapi.yaml, "Signatures"). Both directions are signed with
 * HMAC-SHA256 under a shared secret named by a key id:
 *
 *   request   "<timestamp>\n<METHOD>\n<path>\n<body>"            path = the request target as sent (path + query)
 *   answer    "<timestamp>\n<status>\n<METHOD>\n<path>\n<body>"  the request's method and target, so an answer
 *                                                                 cannot be replayed onto another request
 *
 * in headers X-GP-Key-Id, X-GP-Timestamp (Unix seconds) and X-GP-Signature (`v1=<lowercase hex>`). A verifier
 * holds several keys at once (rotation without downtime) and refuses a timestamp more than 5 minutes away.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const protocolHeaders = {
  keyId: 'x-gp-key-id',
  timestamp: 'x-gp-timestamp',
  signature: 'x-gp-signature',
} as const;

/** How far a timestamp may be from the verifier's clock, either way. */
export const signatureWindowS = 300;

/** Key id -> secret. */
export type ProtocolKeys = Readonly<Record<string, string>>;

export const requestCanonical = (timestamp: string, method: string, path: string, body: string) =>
  `${timestamp}\n${method.toUpperCase()}\n${path}\n${body}`;

export const answerCanonical = (
  timestamp: string,
  status: number,
  method: string,
  path: string,
  body: string,
) => `${timestamp}\n${status}\n${method.toUpperCase()}\n${path}\n${body}`;

export const signatureOf = (secret: string, canonical: string) =>
  `v1=${createHmac('sha256', secret).update(canonical, 'utf8').digest('hex')}`;

/** The three headers of a signed message. */
export function signedHeaders(
  key: { keyId: string; secret: string },
  nowMs: number,
  canonical: (timestamp: string) => string,
): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    [protocolHeaders.keyId]: key.keyId,
    [protocolHeaders.timestamp]: timestamp,
    [protocolHeaders.signature]: signatureOf(key.secret, canonical(timestamp)),
  };
}

export type SignatureRefusal = 'unknown_key' | 'stale_timestamp' | 'bad_signature';

type HeaderValue = string | string[] | null | undefined;
const one = (v: HeaderValue) => (Array.isArray(v) ? v[0] : (v ?? undefined));

/**
 * Checks a signed message: the key id is one of `keys`, the timestamp within the window of `nowMs`, the
 * signature that key's over `canonical(timestamp)`. Answers the key id it was signed with, or why not.
 */
export function verifySignature(
  keys: ProtocolKeys,
  headers: { keyId: HeaderValue; timestamp: HeaderValue; signature: HeaderValue },
  nowMs: number,
  canonical: (timestamp: string) => string,
): { ok: true; keyId: string } | { ok: false; reason: SignatureRefusal } {
  const keyId = one(headers.keyId);
  const timestamp = one(headers.timestamp);
  const signature = one(headers.signature);
  if (!keyId || !Object.hasOwn(keys, keyId)) return { ok: false, reason: 'unknown_key' };
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'stale_timestamp' };
  if (Math.abs(Number(timestamp) - nowMs / 1000) > signatureWindowS)
    return { ok: false, reason: 'stale_timestamp' };
  const expected = Buffer.from(signatureOf(keys[keyId]!, canonical(timestamp)));
  const given = Buffer.from(signature ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'bad_signature' };
  return { ok: true, keyId };
}
