/** The sandbox provider's own records (pay_sandbox_payment): what a real provider keeps on its side. */
import { and, asc, eq, gt, gte, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { paySandboxPayment } from '../../db/schema/pay-order.schema.ts';
import { paySandboxRefund } from '../../db/schema/pay-refund.schema.ts';

export type SandboxPaymentRow = typeof paySandboxPayment.$inferSelect;

export class SandboxRepository {
  constructor(private readonly db: Db) {}

  /** Records a payment, or answers the one already made for the same merchant order. */
  async create(values: typeof paySandboxPayment.$inferInsert): Promise<SandboxPaymentRow> {
    const [row] = await this.db.insert(paySandboxPayment).values(values).onConflictDoNothing().returning();
    if (row) return row;
    const [earlier] = await this.db
      .select()
      .from(paySandboxPayment)
      .where(eq(paySandboxPayment.merchantOrderNo, values.merchantOrderNo));
    if (!earlier) throw new Error('sandbox payment vanished');
    return earlier;
  }

  async byPayOrderNo(payOrderNo: string): Promise<SandboxPaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(paySandboxPayment)
      .where(eq(paySandboxPayment.payOrderNo, payOrderNo));
    return row;
  }

  /**
   * Decides a pending, unexpired payment once: answers the decided row, or undefined when it was decided
   * already or has expired. `notifyDueAt` is when its notification goes out.
   */
  async decide(
    payOrderNo: string,
    decision: { status: 'paid' | 'declined'; eventId: string; notifyDueAt: Date; now: Date },
  ): Promise<SandboxPaymentRow | undefined> {
    const [row] = await this.db
      .update(paySandboxPayment)
      .set({
        status: decision.status,
        decidedAt: decision.now,
        eventId: decision.eventId,
        notifyDueAt: decision.notifyDueAt,
      })
      .where(
        and(
          eq(paySandboxPayment.payOrderNo, payOrderNo),
          eq(paySandboxPayment.status, 'pending'),
          gt(paySandboxPayment.expiresAt, decision.now),
        ),
      )
      .returning();
    return row;
  }

  /**
   * Takes up to `limit` notifications that are due and not sent, and leases them until `leaseUntil` so no other
   * sender takes them meanwhile (FOR UPDATE SKIP LOCKED).
   */
  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<SandboxPaymentRow[]> {
    const due = this.db.$with('due').as(
      this.db
        .select({ payOrderNo: paySandboxPayment.payOrderNo })
        .from(paySandboxPayment)
        .where(
          and(
            isNull(paySandboxPayment.notifiedAt),
            isNotNull(paySandboxPayment.notifyDueAt),
            lte(paySandboxPayment.notifyDueAt, now),
          ),
        )
        .orderBy(asc(paySandboxPayment.notifyDueAt))
        .limit(limit)
        .for('update', { skipLocked: true }),
    );
    return this.db
      .with(due)
      .update(paySandboxPayment)
      .set({
        notifyDueAt: leaseUntil,
        notifyAttempts: sql`${paySandboxPayment.notifyAttempts} + 1`,
      })
      .from(due)
      .where(eq(paySandboxPayment.payOrderNo, due.payOrderNo))
      .returning();
  }

  /** Leases one decided payment's notification for an immediate send; answers it with the attempt counted. */
  async claimOne(payOrderNo: string, leaseUntil: Date): Promise<SandboxPaymentRow | undefined> {
    const [row] = await this.db
      .update(paySandboxPayment)
      .set({
        notifyDueAt: leaseUntil,
        notifyAttempts: sql`${paySandboxPayment.notifyAttempts} + 1`,
      })
      .where(
        and(
          eq(paySandboxPayment.payOrderNo, payOrderNo),
          isNull(paySandboxPayment.notifiedAt),
          isNotNull(paySandboxPayment.eventId),
        ),
      )
      .returning();
    return row;
  }

  async markNotified(payOrderNo: string, now: Date): Promise<void> {
    await this.db
      .update(paySandboxPayment)
      .set({ notifiedAt: now, notifyDueAt: null, lastNotifyError: null })
      .where(eq(paySandboxPayment.payOrderNo, payOrderNo));
  }

  /** A failed send: try again at `next`, or never (null) once the sender gives up. */
  async markNotifyFailed(payOrderNo: string, next: Date | null, error: string): Promise<void> {
    await this.db
      .update(paySandboxPayment)
      .set({ notifyDueAt: next, lastNotifyError: error })
      .where(and(eq(paySandboxPayment.payOrderNo, payOrderNo), isNull(paySandboxPayment.notifiedAt)));
  }

  /** Paid payments created in [from, to), a page after `afterPayOrderNo`, with what the sandbox refunded of each. */
  async paidPage(
    from: Date,
    to: Date,
    afterPayOrderNo: string,
    limit: number,
  ): Promise<(SandboxPaymentRow & { refunded: number })[]> {
    const rows = await this.db
      .select({ payment: paySandboxPayment, refunded: paySandboxRefund.amount })
      .from(paySandboxPayment)
      .leftJoin(paySandboxRefund, eq(paySandboxRefund.payOrderNo, paySandboxPayment.payOrderNo))
      .where(
        and(
          eq(paySandboxPayment.status, 'paid'),
          gte(paySandboxPayment.createdAt, from),
          lt(paySandboxPayment.createdAt, to),
          gt(paySandboxPayment.payOrderNo, afterPayOrderNo),
        ),
      )
      .orderBy(asc(paySandboxPayment.payOrderNo))
      .limit(limit);
    return rows.map((row) => ({ ...row.payment, refunded: row.refunded ?? 0 }));
  }
}
