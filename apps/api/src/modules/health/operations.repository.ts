/**
 * The operational state the metrics report (src/observability/metrics.ts): one query per table, read at scrape
 * time, counted by the indexes each table has for its workers and searches.
 */
import { and, eq, gt, gte, inArray, isNull, like, lte, or, sql, type SQL } from 'drizzle-orm';
import { lockoutPolicy } from '../sessions/index.ts';
import type { Db } from '../../db/database.ts';
import type { OperationsSnapshot } from '../../observability/operations-snapshot.ts';
import { csExportJob } from '../../db/schema/cs.schema.ts';
import { authLockout, outboxMessage } from '../../db/schema/passport.schema.ts';
import { payDeliveryJob, payOrder, payOrderStateValues } from '../../db/schema/pay-order.schema.ts';
import { paySettlementMismatch, settlementMismatchKinds } from '../../db/schema/pay-reconcile.schema.ts';
import { payOrderDispute, payOrderRefund } from '../../db/schema/pay-refund.schema.ts';

const count = sql<number>`count(*)`.mapWith(Number);
const countWhere = (condition: SQL | undefined) => sql`count(*) filter (where ${condition})`.mapWith(Number);
const undelivered = ['paid', 'delivering'] as const;
/** Reversals that need a person: the game server kept the credit of a refunded order. */
const reversalProblems = ['refused', 'failed', 'not_delivered'] as const;

export async function readOperationsSnapshot(db: Db, now: Date): Promise<OperationsSnapshot> {
  const dueJob = and(eq(payDeliveryJob.status, 'pending'), lte(payDeliveryJob.nextAttemptAt, now));
  // The counters' keys (sessions/lockout.service.ts `loginKey`, staff `staffLoginKey`, `secondStepKey`, accounts
  // `smsDayKeys`); operations.repository.test.ts writes them with those functions, so a renamed key fails it.
  const loginWindowStart = new Date(now.getTime() - lockoutPolicy.login.windowMs);
  const softLocked = (prefix: string) =>
    countWhere(
      and(
        like(authLockout.key, `${prefix}%`),
        gte(authLockout.failures, lockoutPolicy.login.softAfter),
        gt(authLockout.windowStartedAt, loginWindowStart),
      ),
    );
  const smsBudgetKey = `sms-budget:${now.toISOString().slice(0, 10)}`;
  const [orders, [delivery], [outbox], exports, [disputes], mismatches, reversals, [auth]] =
    await Promise.all([
      db
        .select({
          state: payOrder.state,
          count,
          oldestPaidAt: sql`min(coalesce(${payOrder.paidAt}, ${payOrder.updatedAt}))`.mapWith(
            payOrder.paidAt,
          ),
        })
        .from(payOrder)
        .groupBy(payOrder.state),
      db
        .select({
          pending: countWhere(eq(payDeliveryJob.status, 'pending')),
          due: countWhere(dueJob),
          dead: countWhere(eq(payDeliveryJob.status, 'dead')),
          oldestDueAt: sql`min(${payDeliveryJob.nextAttemptAt}) filter (where ${dueJob})`.mapWith(
            payDeliveryJob.nextAttemptAt,
          ),
        })
        .from(payDeliveryJob)
        .where(inArray(payDeliveryJob.status, ['pending', 'dead'])),
      db
        .select({
          pending: countWhere(eq(outboxMessage.status, 'pending')),
          failed: countWhere(eq(outboxMessage.status, 'failed')),
          oldestPendingAt:
            sql`min(${outboxMessage.createdAt}) filter (where ${eq(outboxMessage.status, 'pending')})`.mapWith(
              outboxMessage.createdAt,
            ),
        })
        .from(outboxMessage)
        .where(inArray(outboxMessage.status, ['pending', 'failed'])),
      db.select({ status: csExportJob.status, count }).from(csExportJob).groupBy(csExportJob.status),
      db.select({ total: count, open: countWhere(isNull(payOrderDispute.closedAt)) }).from(payOrderDispute),
      // Few rows (the open ones have their own unique index): counted whole.
      db
        .select({ kind: paySettlementMismatch.kind, count })
        .from(paySettlementMismatch)
        .where(isNull(paySettlementMismatch.resolvedAt))
        .groupBy(paySettlementMismatch.kind),
      db
        .select({ status: payOrderRefund.reversalStatus, count })
        .from(payOrderRefund)
        .where(inArray(payOrderRefund.reversalStatus, [...reversalProblems]))
        .groupBy(payOrderRefund.reversalStatus),
      db
        .select({
          softLockedMembers: softLocked('login:'),
          softLockedStaff: softLocked('staff-login:'),
          staffSecondStepLocked: countWhere(
            and(like(authLockout.key, 'staff-2fa:%'), gt(authLockout.lockedUntil, now)),
          ),
          smsSentToday:
            sql<number>`coalesce(max(${authLockout.failures}) filter (where ${eq(authLockout.key, smsBudgetKey)}), 0)`.mapWith(
              Number,
            ),
        })
        .from(authLockout)
        .where(
          or(
            like(authLockout.key, 'login:%'),
            like(authLockout.key, 'staff-login:%'),
            like(authLockout.key, 'staff-2fa:%'),
            eq(authLockout.key, smsBudgetKey),
          ),
        ),
    ]);

  const ordersByState = Object.fromEntries(payOrderStateValues.map((state) => [state, 0]));
  let paidUndelivered = { count: 0, oldestPaidAt: null as Date | null };
  for (const row of orders) {
    ordersByState[row.state] = row.count;
    if ((undelivered as readonly string[]).includes(row.state)) {
      const oldest = paidUndelivered.oldestPaidAt;
      paidUndelivered = {
        count: paidUndelivered.count + row.count,
        oldestPaidAt:
          oldest && row.oldestPaidAt && oldest < row.oldestPaidAt ? oldest : (row.oldestPaidAt ?? oldest),
      };
    }
  }
  const exportsByStatus: Record<string, number> = { pending: 0, done: 0, failed: 0 };
  for (const row of exports) exportsByStatus[row.status] = row.count;
  const settlementMismatchesOpen = Object.fromEntries(settlementMismatchKinds.map((kind) => [kind, 0]));
  for (const row of mismatches) settlementMismatchesOpen[row.kind] = row.count;
  const reversalsByStatus: Record<string, number> = Object.fromEntries(reversalProblems.map((s) => [s, 0]));
  for (const row of reversals) reversalsByStatus[row.status] = row.count;
  return {
    ordersByState,
    paidUndelivered,
    delivery: delivery ?? { pending: 0, due: 0, dead: 0, oldestDueAt: null },
    outbox: outbox ?? { pending: 0, failed: 0, oldestPendingAt: null },
    exportsByStatus,
    disputes: disputes ?? { total: 0, open: 0 },
    settlementMismatchesOpen,
    reversalsByStatus,
    auth: {
      softLockedMembers: auth?.softLockedMembers ?? 0,
      softLockedStaff: auth?.softLockedStaff ?? 0,
      staffSecondStepLocked: auth?.staffSecondStepLocked ?? 0,
    },
    smsSentToday: auth?.smsSentToday ?? 0,
  };
}
