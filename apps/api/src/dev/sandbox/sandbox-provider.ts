/**
 * The built-in sandbox payment provider (DESIGN section 6 "Pay"), never in production (env.ts refuses it).
 *
 * It plays both sides a real provider has:
 * - towards the shop, the PaymentProvider adapter: `createPayment` records a payment and answers its hosted
 *   checkout page, `verifyNotification` checks the HMAC signature and age, `queryPayment` reads the record;
 * - its own service: the checkout page's actions (sandbox.routes.ts) decide a payment once - paid, declined, or
 *   paid with the notification held back for PAY_SANDBOX_LATE_MS - and `SandboxNotifier` sends each decision to
 *   the shop's notify endpoint, signed, retried with backoff until the shop accepts it, always under the same
 *   event id.
 */
import type { Clock } from '../../config/clock.ts';
import { backoff, PollingWorker, type WorkerLog } from '../../jobs/polling-worker.ts';
import type {
  CreatedPayment,
  IncomingNotification,
  PaymentNotification,
  PaymentProvider,
  PaymentRequest,
  PaymentStatus,
  SettledPayment,
  RefundRequest,
  RefundResult,
} from '../../modules/pay/index.ts';
import { RefundRefused } from '../../modules/pay/index.ts';
import type { SandboxRefundRepository } from './sandbox-refund.repository.ts';
import {
  signedHeaders,
  verifySandboxNotification,
  type SandboxNotificationBody,
} from './sandbox-signature.ts';
import { compactDate, randomCode } from '../../modules/pay/index.ts';
import type { SandboxPaymentRow, SandboxRepository } from './sandbox.repository.ts';

export interface SandboxOptions {
  secret: string;
  /** Public base URL of the sandbox pages (PAY_SANDBOX_URL), e.g. http://localhost:8090/pay/sandbox. */
  baseUrl: string;
  now: Clock;
}

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  private readonly now: Clock;

  /** Wide limits: the sandbox takes any price a catalog could hold (a test may still try the edges). */
  chargeLimits() {
    return { min: 1, max: 1_000_000_000_000 };
  }

  constructor(
    private readonly repo: SandboxRepository,
    private readonly options: SandboxOptions,
    private readonly refunds?: SandboxRefundRepository,
  ) {
    this.now = options.now;
  }

  checkoutUrl(payOrderNo: string, lang: string): string {
    const base = this.options.baseUrl.replace(/\/$/, '');
    return `${base}/checkout/${encodeURIComponent(payOrderNo)}?lang=${encodeURIComponent(lang)}`;
  }

  async createPayment(request: PaymentRequest): Promise<CreatedPayment> {
    const row = await this.repo.create({
      payOrderNo: `SBX${compactDate(this.now())}${randomCode(16)}`,
      merchantOrderNo: request.orderNo,
      amount: request.amount,
      currency: request.currency,
      description: request.description,
      lang: request.lang,
      expiresAt: request.expiresAt,
    });
    return { payOrderNo: row.payOrderNo, payUrl: this.checkoutUrl(row.payOrderNo, row.lang) };
  }

  verifyNotification(incoming: IncomingNotification, now: Date): PaymentNotification {
    return verifySandboxNotification(this.options.secret, incoming.headers, incoming.rawBody, now);
  }

  async queryPayment(payOrderNo: string): Promise<PaymentStatus> {
    const row = await this.repo.byPayOrderNo(payOrderNo);
    if (!row) return { status: 'unknown' };
    if (row.status === 'paid')
      return {
        status: 'paid',
        amount: row.amount,
        currency: row.currency,
        paidAt: row.decidedAt ?? row.createdAt,
      };
    if (row.status === 'declined') return { status: 'declined', decidedAt: row.decidedAt ?? row.createdAt };
    return { status: 'pending' };
  }

  /** The settlement check's list, from the sandbox's own tables (its payments and refunds). */
  async *listSettledPayments(from: Date, to: Date): AsyncIterable<SettledPayment> {
    const pageSize = 100;
    let after = '';
    for (;;) {
      const rows = await this.repo.paidPage(from, to, after, pageSize);
      for (const row of rows)
        yield {
          payOrderNo: row.payOrderNo,
          orderNo: row.merchantOrderNo,
          amount: row.amount,
          currency: row.currency,
          refunded: row.refunded,
          createdAt: row.createdAt,
        };
      if (rows.length < pageSize) return;
      after = rows[rows.length - 1]!.payOrderNo;
    }
  }

  /**
   * Refunds a paid payment in full, once per merchant order (a repeat answers the same refund). The sandbox
   * sends no refund notification: a staff refund applies itself, and the Stripe adapter exercises the webhooks.
   */
  async refundPayment(request: RefundRequest): Promise<RefundResult> {
    if (!this.refunds) throw new RefundRefused('refunds are not set up');
    const row = await this.repo.byPayOrderNo(request.payOrderNo);
    if (!row || row.merchantOrderNo !== request.orderNo || row.status !== 'paid')
      throw new RefundRefused('payment_not_paid');
    if (row.amount !== request.amount || row.currency !== request.currency)
      throw new RefundRefused('amount_differs');
    const refund = await this.refunds.create({
      merchantOrderNo: row.merchantOrderNo,
      refundId: `SBXR${compactDate(this.now())}${randomCode(16)}`,
      payOrderNo: row.payOrderNo,
      amount: row.amount,
      currency: row.currency,
      reason: request.reason,
    });
    return { refundRef: refund.refundId, status: 'succeeded' };
  }
}

/** Delivers a signed notification to the shop; answers the HTTP status it got. */
export type NotificationSender = (body: string, headers: Record<string, string>) => Promise<number>;

/** Over HTTP to PAY_SANDBOX_NOTIFY_URL, as a provider on another machine does. */
export function httpSender(url: string, timeoutMs = 10_000): NotificationSender {
  return async (body, headers) => {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    return response.status;
  };
}

export const sandboxNotifyPolicy = {
  /** How often the sender looks for due notifications (a late one, a retry). */
  pollMs: 1_000,
  batchSize: 10,
  /** A send holds its claim this long; a sender that died lets another try after it. */
  leaseMs: 30_000,
  maxAttempts: 10,
  /** 5 s, 10 s, 20 s, ... up to 10 minutes between tries. */
  backoffMs: backoff({ firstMs: 5_000, factor: 2, capMs: 600_000 }),
} as const;

/**
 * The sandbox's outgoing side: sends decided payments' notifications when they are due, as a polling worker
 * (jobs/polling-worker.ts), one of the background jobs (src/composition/background-jobs.ts).
 */
export class SandboxNotifier {
  private readonly loop: PollingWorker<SandboxPaymentRow>;

  constructor(
    private readonly repo: SandboxRepository,
    private readonly options: {
      secret: string;
      send: NotificationSender;
      log: WorkerLog;
      now: Clock;
    },
  ) {
    const { log } = options;
    this.loop = new PollingWorker({
      name: 'sandbox notifications',
      log,
      now: options.now,
      pollMs: sandboxNotifyPolicy.pollMs,
      firstRoundAfterMs: sandboxNotifyPolicy.pollMs,
      queue: {
        batchSize: sandboxNotifyPolicy.batchSize,
        leaseMs: sandboxNotifyPolicy.leaseMs,
        maxAttempts: sandboxNotifyPolicy.maxAttempts,
        backoffMs: sandboxNotifyPolicy.backoffMs,
        claim: ({ now, leaseUntil, limit }) => repo.claimDue(now, leaseUntil, limit),
        attemptsOf: (row) => row.notifyAttempts,
        handle: (row) => this.send(row),
        failed: async (row, failure) => {
          const problem = failure.message.slice(0, 300);
          await repo.markNotifyFailed(row.payOrderNo, failure.retryAt, problem);
          log.warn(
            { payOrderNo: row.payOrderNo, eventId: row.eventId, attempts: row.notifyAttempts, err: problem },
            failure.retryAt
              ? 'sandbox notification refused; will retry'
              : 'sandbox notification refused; giving up',
          );
        },
      },
    });
  }

  /** The notification of a decided payment, as the sandbox sends it. */
  static bodyOf(row: SandboxPaymentRow): string {
    if (!row.eventId || row.status === 'pending') throw new Error('payment not decided');
    const body: SandboxNotificationBody = {
      event_id: row.eventId,
      type: row.status === 'paid' ? 'payment.paid' : 'payment.declined',
      pay_order_no: row.payOrderNo,
      order_no: row.merchantOrderNo,
      amount: row.amount,
      currency: row.currency,
      occurred_at: (row.decidedAt ?? row.createdAt).toISOString(),
    };
    return JSON.stringify(body);
  }

  start(): void {
    this.loop.start();
  }

  /** Stops sending; resolves when the round in flight has finished. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Sends one decided payment's notification now (the "pay now" and "decline" actions). */
  async sendNow(payOrderNo: string): Promise<boolean> {
    const row = await this.repo.claimOne(
      payOrderNo,
      new Date(this.options.now().getTime() + sandboxNotifyPolicy.leaseMs),
    );
    return row ? (await this.loop.work(row)) === 'done' : false;
  }

  /** Sends every due notification; answers how many were tried. */
  async runOnce(): Promise<number> {
    return (await this.loop.drain()).tried;
  }

  /** One try: resolves when the shop took the notification. */
  private async send(row: SandboxPaymentRow): Promise<void> {
    const body = SandboxNotifier.bodyOf(row);
    const { now, secret, send } = this.options;
    const status = await send(body, signedHeaders(secret, body, now()));
    if (status < 200 || status >= 300) throw new Error(`HTTP ${status}`);
    await this.repo.markNotified(row.payOrderNo, now());
  }
}
