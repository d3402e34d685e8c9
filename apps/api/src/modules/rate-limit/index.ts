/**
 * The rate-limit module's public file: the shared store app.ts gives @fastify/rate-limit (apps/api/README.md
 * "Several processes, one truth").
 */
export { sharedRateCounter, sharedRateLimitStore } from './rate-limit.store.ts';
