/**
 * What the process's operational gauges report (observability/metrics.ts), read at scrape time. The health module
 * reads it from the database (modules/health/operations.repository.ts); app.ts hands the reader to the metrics.
 */
export interface OperationsSnapshot {
  /** Every state, 0 included. */
  ordersByState: Record<string, number>;
  /** Orders the provider says are paid whose credit has not reached the game yet (paid or delivering). */
  paidUndelivered: { count: number; oldestPaidAt: Date | null };
  /** `due`: pending and past its next attempt, nobody holding it (a held job's lease is its next attempt). */
  delivery: { pending: number; due: number; dead: number; oldestDueAt: Date | null };
  outbox: { pending: number; failed: number; oldestPendingAt: Date | null };
  /** pending, done, failed; 0 included. */
  exportsByStatus: Record<string, number>;
  /** Every dispute (chargeback) ever reported, and those not closed yet. */
  disputes: { total: number; open: number };
  /** Settlement mismatches no staff member has resolved, by kind. */
  settlementMismatchesOpen: Record<string, number>;
  /** Refunds whose credit the game server did not take back: refused, failed (worker gave up), not_delivered. */
  reversalsByStatus: Record<string, number>;
  /**
   * Accounts whose password login wrong passwords soft-locked in its window (members, staff), and staff accounts
   * whose second step is locked now (someone with the password is failing the factor).
   */
  auth: { softLockedMembers: number; softLockedStaff: number; staffSecondStepLocked: number };
  /** SMS counted against today's budget (UTC day), the guard's own counter. */
  smsSentToday: number;
}
