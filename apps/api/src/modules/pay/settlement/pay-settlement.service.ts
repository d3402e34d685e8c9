/**
 * The daily settlement check: each configured provider's paid payments of a UTC day
 * (`PaymentProvider.listSettledPayments`, the provider's own list, page by page) compared with our orders.
 *
 * - Every payment the provider took: no order of ours, or one not paid here, is `paid_not_here` (unless the
 *   provider has refunded it in full: nothing is owed); another amount or currency than the order's price is
 *   `amount_differs`; money refunded there on an order paid here and not refunded is `refunded_not_here`.
 * - Every order of that provider made that day that we count as paid and the list did not have: the provider is
 *   asked about it directly first (its payment may have been created just past midnight, so listed on the next
 *   day), and only if it does not say paid is it `paid_not_there`.
 *
 * Mismatches are stored once per provider payment and kind while open (a run again adds nothing), for staff in the
 * console's payment operations (pay-admin-settlement.service.ts). Runs are recorded per provider and day.
 *
 * As a background job (src/composition/background-jobs.ts) it checks, once, the latest UTC day that ended at least
 * `settlementPolicy.lagMs` ago (payments opened late in the day are decided by then), under `exclusive`.
 */
import type { Clock } from '../../../config/clock.ts';
import type { Exclusive } from '../../../db/database.ts';
import { PollingWorker, type WorkerLog } from '../../../jobs/polling-worker.ts';
import type { Db } from '../../../db/database.ts';
import { paidStates } from '../orders/order-state.ts';
import type { PayOrderRow } from '../orders/pay-order.repository.ts';
import {
  PaySettlementRepository,
  type NewMismatch,
  type SettlementMismatchKind,
  type SettlementRunRow,
} from './pay-settlement.repository.ts';
import type { PaymentProvider, SettledPayment } from '../providers/payment-provider.ts';

export const settlementPolicy = {
  /** How often the job looks whether a day is due. */
  pollMs: 30 * 60_000,
  /** A day is checked once it ended this long ago. */
  lagMs: 3 * 3600_000,
  /** Orders looked up per statement. */
  chunk: 200,
} as const;

const dayMs = 86_400_000;

/** The UTC day of a time, `YYYY-MM-DD`. */
export const utcDayOf = (time: Date) => time.toISOString().slice(0, 10);

/** [from, to) of a UTC day. */
export function dayRange(day: string): { from: Date; to: Date } {
  const from = new Date(`${day}T00:00:00.000Z`);
  return { from, to: new Date(from.getTime() + dayMs) };
}

/** The latest day the daily job may check at `now`. */
export function dueDay(now: Date): string {
  const start = dayRange(utcDayOf(new Date(now.getTime() - settlementPolicy.lagMs))).from;
  return utcDayOf(new Date(start.getTime() - dayMs));
}

export interface SettlementDeps {
  db: Db;
  /** Every configured provider by name. */
  providers: Readonly<Record<string, PaymentProvider>>;
  log: WorkerLog;
  now: Clock;
  exclusive?: Exclusive;
  pollMs?: number;
}

export class PaySettlementService {
  private readonly repo: PaySettlementRepository;
  private readonly loop: PollingWorker;

  constructor(private readonly deps: SettlementDeps) {
    this.repo = new PaySettlementRepository(deps.db);
    this.loop = new PollingWorker({
      name: 'pay settlement check',
      log: deps.log,
      now: deps.now,
      pollMs: deps.pollMs ?? settlementPolicy.pollMs,
      task: async () => (await this.runDue()).length,
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** The job's round: the due day, for each provider that has not had it checked. Nothing while another runs. */
  async runDue(): Promise<SettlementRunRow[]> {
    const day = dueDay(this.deps.now());
    const exclusive = this.deps.exclusive ?? ((_name, work) => work());
    return (
      (await exclusive('pay.settlement', async () => {
        const runs: SettlementRunRow[] = [];
        for (const provider of Object.values(this.deps.providers))
          if (!(await this.repo.ran(provider.name, day))) runs.push(await this.checkProvider(provider, day));
        return runs;
      })) ?? []
    );
  }

  /** The check of a day for every configured provider (staff's "run now" too). */
  async check(day: string): Promise<SettlementRunRow[]> {
    const runs: SettlementRunRow[] = [];
    for (const provider of Object.values(this.deps.providers))
      runs.push(await this.checkProvider(provider, day));
    return runs;
  }

  private async checkProvider(provider: PaymentProvider, day: string): Promise<SettlementRunRow> {
    const { from, to } = dayRange(day);
    const now = this.deps.now();
    const found: NewMismatch[] = [];
    const listed = new Set<string>();
    let batch: SettledPayment[] = [];
    let payments = 0;
    const compare = async () => {
      const orders = await this.repo.ordersByPayOrderNo(
        provider.name,
        batch.map((p) => p.payOrderNo),
      );
      const byPayment = new Map(orders.map((o) => [o.payOrderNo, o]));
      for (const payment of batch) {
        let order = byPayment.get(payment.payOrderNo);
        // A payment whose number never reached the order (the process stopped between the two).
        if (!order && payment.orderNo) {
          const byNumber = await this.repo.orderByNo(payment.orderNo);
          if (byNumber?.provider === provider.name && byNumber.payOrderNo === null) order = byNumber;
        }
        found.push(...mismatchesOf(provider.name, day, payment, order, now));
      }
      batch = [];
    };
    for await (const payment of provider.listSettledPayments(from, to)) {
      payments += 1;
      listed.add(payment.payOrderNo);
      batch.push(payment);
      if (batch.length >= settlementPolicy.chunk) await compare();
    }
    await compare();

    for (const order of await this.repo.paidOrders(provider.name, from, to)) {
      if (listed.has(order.payOrderNo!)) continue;
      const answer = await provider.queryPayment(order.payOrderNo!);
      if (answer.status === 'paid') continue;
      found.push({
        ...base(provider.name, day, order.payOrderNo!, order, now),
        kind: 'paid_not_there',
      });
    }

    let added = 0;
    for (const mismatch of found) if (await this.repo.addMismatch(mismatch)) added += 1;
    const run = { provider: provider.name, day, ranAt: now, payments, mismatches: added };
    await this.repo.recordRun(run);
    const log = added > 0 ? this.deps.log.warn : this.deps.log.info;
    log.call(
      this.deps.log,
      { provider: provider.name, day, payments, mismatches: added },
      'settlement check',
    );
    return run;
  }
}

function base(
  provider: string,
  day: string,
  providerRef: string,
  order: PayOrderRow | undefined,
  now: Date,
): Omit<NewMismatch, 'kind'> {
  return {
    provider,
    providerRef,
    day,
    orderNo: order?.orderNo ?? null,
    orderState: order?.state ?? null,
    orderAmount: order?.price ?? null,
    orderCurrency: order?.currency ?? null,
    foundAt: now,
  };
}

/** What differs between one payment the provider took and our order for it. */
export function mismatchesOf(
  provider: string,
  day: string,
  payment: SettledPayment,
  order: PayOrderRow | undefined,
  now: Date,
): NewMismatch[] {
  const row = (kind: SettlementMismatchKind): NewMismatch => ({
    ...base(provider, day, payment.payOrderNo, order, now),
    kind,
    providerAmount: payment.amount,
    providerCurrency: payment.currency,
    providerRefunded: payment.refunded,
  });
  const paidHere = order !== undefined && paidStates.includes(order.state);
  const out: NewMismatch[] = [];
  if (order && (payment.amount !== order.price || payment.currency !== order.currency))
    out.push(row('amount_differs'));
  else if (!paidHere && payment.refunded < payment.amount) out.push(row('paid_not_here'));
  if (payment.refunded > 0 && paidHere && order.state !== 'refunded') out.push(row('refunded_not_here'));
  return out;
}
