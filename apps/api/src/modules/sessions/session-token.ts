/**
 * The primitives of a signed-in session, members' and staff's alike: ids and tokens of 128 bits and more, stored
 * only as their hash, and the host-only cookie production's `__Host-` prefix demands.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Env } from '../../config/env.ts';

export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/** 128 bits and more of randomness, URL-safe. */
export function newToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

/** What the `__Host-` prefix demands of a session cookie in production: no Domain (host-only). */
export function hostOnlyInProduction(env: Pick<Env, 'NODE_ENV'>): { domain?: undefined } {
  return env.NODE_ENV === 'production' ? { domain: undefined } : {};
}
