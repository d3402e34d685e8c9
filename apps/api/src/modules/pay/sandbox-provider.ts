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
import type { FastifyBaseLogger } from 'fastify';
import type {
  CreatedPayment,
  IncomingNotification,
  PaymentNotification,
  PaymentProvider,
  PaymentRequest,
  PaymentStatus,
} from './payment-provider.ts';
import {
  signedHeaders,
  verifySandboxNotification,
  type SandboxNotificationBody,
} from './sandbox-signature.ts';
import { compactDate, randomCode } from './random-code.ts';
import type { SandboxPaymentRow, SandboxRepository } from './sandbox.repository.ts';

export interface SandboxOptions {
  secret: string;
  /** Public base URL of the sandbox pages (PAY_SANDBOX_URL), e.g. http://localhost:8090/pay/sandbox. */
  baseUrl: string;
  now?: () => Date;
}

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  private readonly now: () => Date;

  constructor(
    private readonly repo: SandboxRepository,
    private readonly options: SandboxOptions,
  ) {
    this.now = options.now ?? (() => new Date());
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
  batchSize: 10,
  /** A send holds its claim this long; a sender that died lets another try after it. */
  leaseMs: 30_000,
  maxAttempts: 10,
  /** 5 s, 10 s, 20 s, ... up to 10 minutes between tries. */
  backoffMs: (attempts: number) => Math.min(600_000, 5_000 * 2 ** Math.max(0, attempts - 1)),
} as const;

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 300);

/** The sandbox's outgoing side: sends decided payments' notifications when they are due. */
export class SandboxNotifier {
  private readonly now: () => Date;

  constructor(
    private readonly repo: SandboxRepository,
    private readonly options: {
      secret: string;
      send: NotificationSender;
      log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
      now?: () => Date;
    },
  ) {
    this.now = options.now ?? (() => new Date());
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

  /** Sends one decided payment's notification now (the "pay now" and "decline" actions). */
  async sendNow(payOrderNo: string): Promise<boolean> {
    const row = await this.repo.claimOne(
      payOrderNo,
      new Date(this.now().getTime() + sandboxNotifyPolicy.leaseMs),
    );
    return row ? this.send(row) : false;
  }

  /** Sends every due notification; answers how many were tried. */
  async runOnce(): Promise<number> {
    let tried = 0;
    for (;;) {
      const now = this.now();
      const batch = await this.repo.claimDue(
        now,
        new Date(now.getTime() + sandboxNotifyPolicy.leaseMs),
        sandboxNotifyPolicy.batchSize,
      );
      for (const row of batch) await this.send(row);
      tried += batch.length;
      if (batch.length < sandboxNotifyPolicy.batchSize) return tried;
    }
  }

  private async send(row: SandboxPaymentRow): Promise<boolean> {
    const body = SandboxNotifier.bodyOf(row);
    const context = { payOrderNo: row.payOrderNo, eventId: row.eventId, attempts: row.notifyAttempts };
    let problem: string;
    try {
      const status = await this.options.send(body, signedHeaders(this.options.secret, body, this.now()));
      if (status >= 200 && status < 300) {
        await this.repo.markNotified(row.payOrderNo, this.now());
        return true;
      }
      problem = `HTTP ${status}`;
    } catch (error) {
      problem = errorText(error);
    }
    const givenUp = row.notifyAttempts >= sandboxNotifyPolicy.maxAttempts;
    const next = givenUp
      ? null
      : new Date(this.now().getTime() + sandboxNotifyPolicy.backoffMs(row.notifyAttempts));
    await this.repo.markNotifyFailed(row.payOrderNo, next, problem);
    this.options.log.warn(
      { ...context, err: problem },
      givenUp ? 'sandbox notification refused; giving up' : 'sandbox notification refused; will retry',
    );
    return false;
  }
}
