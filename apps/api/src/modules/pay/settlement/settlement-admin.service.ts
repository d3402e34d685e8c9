/**
 * The settlement check for staff (@gp/contracts/pay-settlement): the mismatches it found, "run now" for a
 * day, "ask the provider again" for a mismatch's order, and "mark resolved" with a note. Every write is
 * audited (`pay.settlement.*`) in its transaction; the check itself and applying a provider's answer are the
 * pay module's (PaySettlementService, PayOrderService.askProvider), so an order paid this way is credited
 * once, by the delivery worker, exactly as after a notification.
 */
import { currencyExponent, orderStates, type OrderState } from '@gp/contracts/pay';
import type { SettlementItem, SettlementPage, SettlementRun } from '@gp/contracts/pay-settlement';
import { codes } from '@gp/errors';
import type { Clock } from '../../../config/clock.ts';
import { inTransaction, type Db } from '../../../db/database.ts';
import { AppError, RequestValidationError } from '../../../http/app-error.ts';
import { PaySettlementRepository, type MismatchWithStaff } from './pay-settlement.repository.ts';
import { utcDayOf } from './pay-settlement.service.ts';
import { audit, type AuthenticatedStaff } from '../../staff/index.ts';

type OrderRow = NonNullable<Awaited<ReturnType<PaySettlementRepository['orderByNo']>>>;
type Asked = { answer: 'paid' | 'declined' | 'expired' | 'pending' | 'unknown' | null; result: string };

export interface PayAdminSettlementDeps {
  db: Db;
  now: Clock;
  settlement: {
    check(
      day: string,
    ): Promise<{ provider: string; day: string; ranAt: Date; payments: number; mismatches: number }[]>;
  };
  orders: { askProvider(order: OrderRow, cause: string): Promise<Asked> };
}

const fieldIssue = (field: string, code: string) => new RequestValidationError([{ field, code }]);

const isOrderState = (value: string | null): value is OrderState =>
  value !== null && (orderStates as readonly string[]).includes(value);

export function settlementItem(row: MismatchWithStaff): SettlementItem {
  const currency = row.orderCurrency ?? row.providerCurrency;
  return {
    id: row.id,
    provider: row.provider,
    provider_ref: row.providerRef,
    kind: row.kind,
    day: row.day,
    order_no: row.orderNo,
    order_state: isOrderState(row.orderState) ? row.orderState : null,
    order_amount: row.orderAmount,
    order_currency: row.orderCurrency,
    provider_amount: row.providerAmount,
    provider_currency: row.providerCurrency,
    provider_refunded: row.providerRefunded,
    exponent: currency ? currencyExponent(currency) : 2,
    found_at: row.foundAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    resolved_by: row.resolvedByName,
    resolution_note: row.resolutionNote,
  };
}

const runItem = (run: { provider: string; day: string; ranAt: Date; payments: number; mismatches: number }) =>
  ({
    provider: run.provider,
    day: run.day,
    ran_at: run.ranAt.toISOString(),
    payments: run.payments,
    mismatches: run.mismatches,
  }) satisfies SettlementRun;

export class PayAdminSettlementService {
  private readonly repo: PaySettlementRepository;

  constructor(private readonly d: PayAdminSettlementDeps) {
    this.repo = new PaySettlementRepository(d.db);
  }

  async page(input: {
    status: 'open' | 'resolved';
    page_num: number;
    page_size: number;
  }): Promise<SettlementPage> {
    const [{ rows, total }, runs] = await Promise.all([
      this.repo.page({
        resolved: input.status === 'resolved',
        offset: (input.page_num - 1) * input.page_size,
        limit: input.page_size,
      }),
      this.repo.latestRuns(),
    ]);
    return {
      list: rows.map(settlementItem),
      total,
      page_num: input.page_num,
      page_size: input.page_size,
      runs: runs.map(runItem),
    };
  }

  /** "Run now" for a UTC day that has begun. */
  async run(staff: AuthenticatedStaff, day: string): Promise<SettlementRun[]> {
    if (day > utcDayOf(this.d.now())) throw fieldIssue('day', 'future');
    const runs = (await this.d.settlement.check(day)).map(runItem);
    await inTransaction(this.d.db, (tx) =>
      audit.record(tx, {
        actor: staff,
        action: 'pay.settlement.run',
        target: { type: 'pay_settlement', id: day },
        after: {
          runs: runs.map((r) => ({ provider: r.provider, payments: r.payments, mismatches: r.mismatches })),
        },
      }),
    );
    return runs;
  }

  private async find(id: number): Promise<MismatchWithStaff> {
    const row = await this.repo.byId(id);
    if (!row) throw new AppError(codes.notFound);
    return row;
  }

  /** "Ask the provider again": a `paid_not_here` it credited is resolved with it. */
  async recheck(staff: AuthenticatedStaff, id: number) {
    const mismatch = await this.find(id);
    const order = mismatch.orderNo ? await this.repo.orderByNo(mismatch.orderNo) : undefined;
    if (!order) throw fieldIssue('id', 'no_order');
    const asked = await this.d.orders.askProvider(order, `staff:${staff.staffId}`);
    const result = asked.result as 'applied' | 'ignored' | 'mismatch' | 'not_asked';
    const credited = asked.answer === 'paid' && result === 'applied';
    await inTransaction(this.d.db, async (tx) => {
      const repo = new PaySettlementRepository(tx);
      if (credited && mismatch.kind === 'paid_not_here' && mismatch.resolvedAt === null)
        await repo.resolve(id, {
          staffId: staff.staffId,
          note: 'asked the provider again: paid, credited',
          now: this.d.now(),
        });
      await audit.record(tx, {
        actor: staff,
        action: 'pay.settlement.recheck',
        target: { type: 'pay_order', id: order.orderNo },
        before: { state: order.state, mismatch: mismatch.id, kind: mismatch.kind },
        after: { answer: asked.answer, result },
      });
    });
    return { item: settlementItem(await this.find(id)), answer: asked.answer, result };
  }

  async resolve(staff: AuthenticatedStaff, id: number, note: string): Promise<SettlementItem> {
    const mismatch = await this.find(id);
    await inTransaction(this.d.db, async (tx) => {
      const resolved = await new PaySettlementRepository(tx).resolve(id, {
        staffId: staff.staffId,
        note,
        now: this.d.now(),
      });
      if (!resolved) throw fieldIssue('id', 'not_open');
      await audit.record(tx, {
        actor: staff,
        action: 'pay.settlement.resolve',
        target: { type: 'pay_settlement_mismatch', id: String(id) },
        before: { kind: mismatch.kind, provider_ref: mismatch.providerRef, order_no: mismatch.orderNo },
        after: { note },
      });
    });
    return settlementItem(await this.find(id));
  }
}
