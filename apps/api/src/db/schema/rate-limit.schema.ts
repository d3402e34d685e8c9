import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Requests per client address in its current one-minute rate-limit window, summed over every API process
 * (modules/rate-limit/rate-limit.store.ts merges each process's counts here every 250 ms). The migration creates it UNLOGGED:
 * counts that last a minute need no crash safety and no replica, and skip the write-ahead log. A row whose window
 * has ended is reset by the next merge and purged a minute later.
 */
export const rateLimitHit = pgTable('rate_limit_hit', {
  key: text('key').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});
