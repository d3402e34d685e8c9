/** An order's refund and dispute as staff read them (pay-refund.schema.ts; the pay module writes them). */
import { eq } from 'drizzle-orm';
import type { PayDisputeItem, PayRefundItem } from '@gp/contracts/pay-admin';
import type { Db } from '../../../db/database.ts';
import { payOrderDispute, payOrderRefund } from '../../../db/schema/pay-refund.schema.ts';

export class PayAdminRefundRepository {
  constructor(private readonly db: Db) {}

  async refund(orderId: number): Promise<PayRefundItem | null> {
    const [r] = await this.db.select().from(payOrderRefund).where(eq(payOrderRefund.orderId, orderId));
    if (!r) return null;
    return {
      reason: r.reason,
      note: r.note,
      staff_account_id: r.staffAccountId,
      refund_ref: r.refundRef,
      refunded_at: r.refundedAt.toISOString(),
      reversal_status: r.reversalStatus,
      reversal_reason: r.reversalReason,
      reversal_attempts: r.reversalAttempts,
      reversed_at: r.reversedAt?.toISOString() ?? null,
    };
  }

  async dispute(orderId: number): Promise<PayDisputeItem | null> {
    const [d] = await this.db.select().from(payOrderDispute).where(eq(payOrderDispute.orderId, orderId));
    if (!d) return null;
    return {
      dispute_ref: d.disputeRef,
      status: d.status,
      reason: d.reason,
      opened_at: d.openedAt.toISOString(),
      closed_at: d.closedAt?.toISOString() ?? null,
      updated_at: d.updatedAt.toISOString(),
    };
  }
}
