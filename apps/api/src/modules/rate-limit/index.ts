/**
 * The rate-limit module's public file: the shared store app.ts gives @fastify/rate-limit (apps/api/README.md
 * "Several processes, one truth"), the key every per-address limit counts under, and the per-address numbers.
 */
import type { FastifyRequest } from 'fastify';
import { clientAddress } from '../../http/client-address.ts';
import { addressLimitKey } from './address-key.ts';

export { sharedRateCounter, sharedRateLimitStore } from './rate-limit.store.ts';
export { addressLimitKey } from './address-key.ts';
export { addressCeilingFactor, addressLimits, ceilingOf, freshCaptchaMs } from './address-limits.ts';

/** The rate limit's key of a request: its client address, IPv6 by its /64. */
export const rateLimitKeyOf = (request: FastifyRequest): string => addressLimitKey(clientAddress(request));
