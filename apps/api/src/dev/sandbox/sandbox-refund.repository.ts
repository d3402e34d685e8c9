/** The sandbox provider's refunds (pay_sandbox_refund): what a real provider keeps on its side. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { paySandboxRefund } from '../../db/schema/pay-refund.schema.ts';

export type SandboxRefundRow = typeof paySandboxRefund.$inferSelect;

export class SandboxRefundRepository {
  constructor(private readonly db: Db) {}

  /** Records the refund of a merchant order, or answers the one recorded before (one per order). */
  async create(values: typeof paySandboxRefund.$inferInsert): Promise<SandboxRefundRow> {
    const [row] = await this.db.insert(paySandboxRefund).values(values).onConflictDoNothing().returning();
    if (row) return row;
    const [earlier] = await this.db
      .select()
      .from(paySandboxRefund)
      .where(eq(paySandboxRefund.merchantOrderNo, values.merchantOrderNo));
    if (!earlier) throw new Error('sandbox refund vanished');
    return earlier;
  }
}
