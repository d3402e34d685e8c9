/** Protocol signatures: the canonical strings, the 5-minute window both ways, tampering, and key rotation. */
import { describe, expect, it } from 'vitest';
import {
  answerCanonical,
  protocolHeaders,
  requestCanonical,
  signatureOf,
  signedHeaders,
  verifySignature,
} from './protocol-signature.ts';

const secretA = 'a'.repeat(32);
const secretB = 'b'.repeat(32);
const now = Date.UTC(2026, 10, 25, 12, 0, 0);
const canonical = (ts: string) => requestCanonical(ts, 'put', '/v1/games/1/deliveries/GP1', '{"x":1}');

const headersOf = (key: { keyId: string; secret: string }, atMs: number, c = canonical) => {
  const h = signedHeaders(key, atMs, c);
  return {
    keyId: h[protocolHeaders.keyId],
    timestamp: h[protocolHeaders.timestamp],
    signature: h[protocolHeaders.signature],
  };
};

describe('protocol signatures', () => {
  it('signs "<timestamp>\\n<METHOD>\\n<path>\\n<body>" with HMAC-SHA256 as v1=<hex>', () => {
    expect(canonical('1764072000')).toBe('1764072000\nPUT\n/v1/games/1/deliveries/GP1\n{"x":1}');
    expect(answerCanonical('1', 201, 'get', '/p', 'b')).toBe('1\n201\nGET\n/p\nb');
    // A known vector, so a studio can test its own code against ours.
    expect(signatureOf('key', 'message')).toBe(
      'v1=6e9ef29b75fffc5b7abae527d58fdadb2fe42e7219011976917343065f58ed4a',
    );
  });

  it('accepts a signature within 5 minutes either way and refuses one outside', () => {
    const keys = { k1: secretA };
    for (const skewS of [-300, -1, 0, 1, 299]) {
      expect(
        verifySignature(
          keys,
          headersOf({ keyId: 'k1', secret: secretA }, now + skewS * 1000),
          now,
          canonical,
        ),
      ).toEqual({
        ok: true,
        keyId: 'k1',
      });
    }
    for (const skewS of [-302, 302, -86_400]) {
      expect(
        verifySignature(
          keys,
          headersOf({ keyId: 'k1', secret: secretA }, now + skewS * 1000),
          now,
          canonical,
        ),
      ).toEqual({
        ok: false,
        reason: 'stale_timestamp',
      });
    }
  });

  it('refuses a wrong secret, another body, another path, a missing or malformed header', () => {
    const keys = { k1: secretA };
    const good = headersOf({ keyId: 'k1', secret: secretA }, now);
    expect(
      verifySignature(keys, headersOf({ keyId: 'k1', secret: secretB }, now), now, canonical),
    ).toMatchObject({
      reason: 'bad_signature',
    });
    const otherBody = (ts: string) => requestCanonical(ts, 'PUT', '/v1/games/1/deliveries/GP1', '{"x":2}');
    expect(verifySignature(keys, good, now, otherBody)).toMatchObject({ reason: 'bad_signature' });
    const otherPath = (ts: string) => requestCanonical(ts, 'PUT', '/v1/games/1/deliveries/GP2', '{"x":1}');
    expect(verifySignature(keys, good, now, otherPath)).toMatchObject({ reason: 'bad_signature' });
    expect(verifySignature(keys, { ...good, signature: undefined }, now, canonical)).toMatchObject({
      reason: 'bad_signature',
    });
    expect(verifySignature(keys, { ...good, timestamp: '1e9' }, now, canonical)).toMatchObject({
      reason: 'stale_timestamp',
    });
    expect(verifySignature(keys, { ...good, keyId: undefined }, now, canonical)).toMatchObject({
      reason: 'unknown_key',
    });
    // An inherited property is no key.
    expect(verifySignature(keys, { ...good, keyId: 'toString' }, now, canonical)).toMatchObject({
      reason: 'unknown_key',
    });
  });

  it('rotates without downtime: a verifier holding the old and the new key accepts both, then only the new', () => {
    const old = { keyId: 'gp-2026a', secret: secretA };
    const next = { keyId: 'gp-2026b', secret: secretB };
    const during = { [old.keyId]: old.secret, [next.keyId]: next.secret };
    expect(verifySignature(during, headersOf(old, now), now, canonical)).toEqual({
      ok: true,
      keyId: old.keyId,
    });
    expect(verifySignature(during, headersOf(next, now), now, canonical)).toEqual({
      ok: true,
      keyId: next.keyId,
    });
    const after = { [next.keyId]: next.secret };
    expect(verifySignature(after, headersOf(old, now), now, canonical)).toMatchObject({
      reason: 'unknown_key',
    });
    // The new key's id with the old secret is still refused.
    expect(
      verifySignature(during, headersOf({ keyId: next.keyId, secret: old.secret }, now), now, canonical),
    ).toMatchObject({ reason: 'bad_signature' });
  });
});
