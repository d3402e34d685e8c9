/**
 * The settlement check's rows (pay-reconcile.schema.ts): its runs and the mismatches it found, and the orders it
 * compares with the provider's list. Nothing here moves an order.
 */
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { payOrder } from '../../../db/schema/pay-order.schema.ts';
import {
  paySettlementMismatch,
  paySettlementRun,
  type SettlementMismatchKind,
} from '../../../db/schema/pay-reconcile.schema.ts';
import { staffAccount } from '../../../db/schema/staff.schema.ts';
import { paidStates } from '../orders/order-state.ts';
import type { PayOrderRow } from '../orders/pay-order.repository.ts';

export type MismatchRow = typeof paySettlementMismatch.$inferSelect;
export type NewMismatch = typeof paySettlementMismatch.$inferInsert;
export type SettlementRunRow = typeof paySettlementRun.$inferSelect;
/** A mismatch with the name of whoever resolved it. */
export type MismatchWithStaff = MismatchRow & { resolvedByName: string | null };

export class PaySettlementRepository {
  constructor(private readonly db: Db) {}

  /** The provider's orders among these payment numbers. */
  async ordersByPayOrderNo(provider: string, payOrderNos: readonly string[]): Promise<PayOrderRow[]> {
    if (payOrderNos.length === 0) return [];
    return this.db
      .select()
      .from(payOrder)
      .where(and(eq(payOrder.provider, provider), inArray(payOrder.payOrderNo, [...payOrderNos])));
  }

  async orderByNo(orderNo: string): Promise<PayOrderRow | undefined> {
    const [row] = await this.db.select().from(payOrder).where(eq(payOrder.orderNo, orderNo));
    return row;
  }

  /** The provider's orders made in [from, to) that we count as paid (the credit is owed or was refunded). */
  async paidOrders(provider: string, from: Date, to: Date): Promise<PayOrderRow[]> {
    return this.db
      .select()
      .from(payOrder)
      .where(
        and(
          eq(payOrder.provider, provider),
          inArray(payOrder.state, [...paidStates]),
          isNotNull(payOrder.payOrderNo),
          gte(payOrder.createdAt, from),
          lt(payOrder.createdAt, to),
        ),
      )
      .orderBy(asc(payOrder.id));
  }

  /** Stores a mismatch unless the same one (provider, payment, kind) is open already; answers whether it did. */
  async addMismatch(values: NewMismatch): Promise<boolean> {
    const rows = await this.db
      .insert(paySettlementMismatch)
      .values(values)
      .onConflictDoNothing({
        target: [
          paySettlementMismatch.provider,
          paySettlementMismatch.providerRef,
          paySettlementMismatch.kind,
        ],
        where: sql`${paySettlementMismatch.resolvedAt} is null`,
      })
      .returning({ id: paySettlementMismatch.id });
    return rows.length > 0;
  }

  async recordRun(run: SettlementRunRow): Promise<void> {
    await this.db
      .insert(paySettlementRun)
      .values(run)
      .onConflictDoUpdate({
        target: [paySettlementRun.provider, paySettlementRun.day],
        set: { ranAt: run.ranAt, payments: run.payments, mismatches: run.mismatches },
      });
  }

  async ran(provider: string, day: string): Promise<boolean> {
    const [row] = await this.db
      .select({ day: paySettlementRun.day })
      .from(paySettlementRun)
      .where(and(eq(paySettlementRun.provider, provider), eq(paySettlementRun.day, day)));
    return row !== undefined;
  }

  /** The latest run of each provider. */
  async latestRuns(): Promise<SettlementRunRow[]> {
    return this.db
      .selectDistinctOn([paySettlementRun.provider])
      .from(paySettlementRun)
      .orderBy(asc(paySettlementRun.provider), desc(paySettlementRun.day), desc(paySettlementRun.ranAt));
  }

  private withStaff() {
    return this.db
      .select({ mismatch: paySettlementMismatch, resolvedByName: staffAccount.accountName })
      .from(paySettlementMismatch)
      .leftJoin(staffAccount, eq(staffAccount.id, paySettlementMismatch.resolvedBy));
  }

  async page(query: { resolved: boolean; offset: number; limit: number }) {
    const where = query.resolved
      ? isNotNull(paySettlementMismatch.resolvedAt)
      : isNull(paySettlementMismatch.resolvedAt);
    const rows = await this.withStaff()
      .where(where)
      .orderBy(desc(paySettlementMismatch.foundAt), desc(paySettlementMismatch.id))
      .offset(query.offset)
      .limit(query.limit);
    const [total] = await this.db.select({ n: count() }).from(paySettlementMismatch).where(where);
    return {
      rows: rows.map((r): MismatchWithStaff => ({ ...r.mismatch, resolvedByName: r.resolvedByName })),
      total: total?.n ?? 0,
    };
  }

  async byId(id: number): Promise<MismatchWithStaff | undefined> {
    const [row] = await this.withStaff().where(eq(paySettlementMismatch.id, id));
    return row && { ...row.mismatch, resolvedByName: row.resolvedByName };
  }

  /** Resolves an open mismatch; answers false when it was resolved already. */
  async resolve(id: number, by: { staffId: number; note: string; now: Date }): Promise<boolean> {
    const rows = await this.db
      .update(paySettlementMismatch)
      .set({ resolvedBy: by.staffId, resolvedAt: by.now, resolutionNote: by.note })
      .where(and(eq(paySettlementMismatch.id, id), isNull(paySettlementMismatch.resolvedAt)))
      .returning({ id: paySettlementMismatch.id });
    return rows.length > 0;
  }
}

export type { SettlementMismatchKind };
