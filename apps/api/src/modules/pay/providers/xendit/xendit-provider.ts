/**
 * Xendit's Payment Requests as a payment provider, through the official SDK (`xendit-node`): the wallets of the
 * region that Stripe does not carry (GCash, Maya, MoMo, ZaloPay, DANA, TrueMoney, Touch 'n Go), QR codes (QRIS,
 * PromptPay) and virtual accounts (BCA; xendit-methods.ts).
 *
 * - `createPayment` creates a one-time Payment Request for the channel's one channel code, our order number as
 *   `reference_id` and in the metadata. A wallet's return URLs lead back to the pay host's order page; the player
 *   opens the link Xendit answers (the wallet's page), and on a phone the app link too. A QR code or a virtual
 *   account has no page: its payload or account number is what our order page shows (`instructions`). Created
 *   once per order (idempotency key).
 *   The request's id (`pr-...`) is the payment number (`pay_order_no`).
 * - `verifyNotification` checks the `x-callback-token` header against the account's callback verification token
 *   (Xendit signs nothing else; the token is a secret only Xendit and we hold) and reads `payment.succeeded`
 *   (paid) and `payment.failed` (declined). The `webhook-id` header is the event id: Xendit keeps it on its
 *   retries, so a retry is a duplicate.
 * - `afterPaymentNotification` reads `refund.succeeded` (the order is refunded). Xendit's wallets have no
 *   chargebacks: the payer cannot take the money back through a card issuer, so there is no dispute to read.
 * - `queryPayment` gets the Payment Request: SUCCEEDED paid, FAILED declined, EXPIRED / CANCELED / VOIDED
 *   expired, otherwise pending; one Xendit does not know is `unknown`.
 * - `refundPayment` creates a refund of the whole payment (idempotency key per order); Xendit completes wallet
 *   refunds later and says so with `refund.succeeded`, so a refund it took is `pending` until then.
 * - `listSettledPayments` lists the account's successful PAYMENT transactions created in the range, page by page
 *   (`has_more` / `after_id`), with the REFUND transactions since the range began for what was refunded.
 *
 * XENDIT_API_BASE points the SDK at the local test server (src/dev/xendit/xendit-test-server.ts) in development
 * and tests; production talks to Xendit.
 */
import { timingSafeEqual } from 'node:crypto';
import { Xendit, XenditSdkError } from 'xendit-node';
import type {
  EWalletChannelCode,
  PaymentMethodParameters,
  PaymentRequestCurrency,
  PaymentRequest as XenditPaymentRequest,
  QRCodeChannelCode,
  VirtualAccountChannelCode,
} from 'xendit-node/payment_request/models';
import { codes } from '@gp/errors';
import type { Clock } from '../../../../config/clock.ts';
import {
  NotificationRejected,
  PaymentRefused,
  RefundRefused,
  type AfterPaymentNotification,
  type CreatedPayment,
  type IncomingNotification,
  type PayInstructions,
  type PaymentNotification,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentStatus,
  type RefundRequest,
  type RefundResult,
  type SettledPayment,
} from '../payment-provider.ts';
import { fromXenditAmount, toXenditAmount } from './xendit-amount.ts';
import { xenditChannels, type XenditChannel } from './xendit-methods.ts';

export interface XenditProviderOptions {
  /** `xendit`, or one of its accounts (`xendit.ph`, XENDIT_ACCOUNTS): its callbacks arrive under it. */
  name?: string;
  secretKey: string;
  callbackToken: string;
  /** Development / tests: the local test server's base URL. */
  apiBase?: string | undefined;
  now: Clock;
}

/** The callback events this provider acts on: the account's webhook settings (apps/api/README.md lists them). */
export const xenditCallbackEvents = ['payment.succeeded', 'payment.failed', 'refund.succeeded'] as const;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** A callback's JSON as Xendit sends it (snake_case); only what is read here. */
interface Callback {
  event?: unknown;
  created?: unknown;
  data?: {
    id?: unknown;
    payment_request_id?: unknown;
    payment_id?: unknown;
    reference_id?: unknown;
    currency?: unknown;
    amount?: unknown;
    status?: unknown;
    updated?: unknown;
    created?: unknown;
    metadata?: { order_no?: unknown } | null;
  };
}

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);

function dateOf(value: unknown, fallback: Date): Date {
  const date = typeof value === 'string' ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : fallback;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export class XenditProvider implements PaymentProvider {
  readonly name: string;
  readonly xendit: Xendit;
  private readonly now: Clock;

  constructor(private readonly options: XenditProviderOptions) {
    this.name = options.name ?? 'xendit';
    this.xendit = new Xendit({ secretKey: options.secretKey, xenditURL: options.apiBase });
    this.now = options.now;
  }

  async createPayment(request: PaymentRequest): Promise<CreatedPayment> {
    const code = request.methods[0];
    const channel = code ? xenditChannels[code] : undefined;
    if (!code || !channel || channel.currency !== request.currency.toUpperCase())
      throw new PaymentRefused(
        codes.payPaymentMethodUnsupported,
        `no Xendit channel for ${request.paymentType} in ${request.currency}`,
      );
    const back = (outcome: string) =>
      `${request.returnUrl}${request.returnUrl.includes('?') ? '&' : '?'}checkout=${outcome}`;
    const paymentMethod = paymentMethodOf(code, channel, request, back);
    let created: XenditPaymentRequest;
    try {
      created = await this.xendit.PaymentRequest.createPaymentRequest({
        idempotencyKey: `gp-pr-${request.orderNo}`,
        data: {
          referenceId: request.orderNo,
          amount: toXenditAmount(request.amount, request.currency),
          currency: channel.currency as PaymentRequestCurrency,
          description: request.description,
          metadata: { order_no: request.orderNo },
          paymentMethod,
        },
      });
    } catch (error) {
      // A channel the account has not activated, or an amount outside the wallet's limits: another channel (13).
      if (error instanceof XenditSdkError && String(error.status).startsWith('4'))
        throw new PaymentRefused(
          codes.payPaymentMethodUnsupported,
          `${error.errorCode ?? error.status}: ${error.errorMessage ?? ''}`,
        );
      throw error;
    }
    const instructions = instructionsOf(created, code);
    if (instructions) return { payOrderNo: created.id, payUrl: null, instructions };
    const payUrl = payLinkOf(created);
    if (!payUrl) throw new Error(`payment request ${created.id} has no link for the player`);
    const appUrl = linkOf(created, 'DEEPLINK');
    return { payOrderNo: created.id, payUrl, ...(appUrl ? { appUrl } : {}) };
  }

  /** The callback's JSON when its token is the account's; throws NotificationRejected. */
  private verified(incoming: IncomingNotification): Callback {
    const token = single(incoming.headers['x-callback-token']);
    if (!token) throw new NotificationRejected('signature', 'no x-callback-token header');
    if (!sameSecret(token, this.options.callbackToken))
      throw new NotificationRejected('signature', 'x-callback-token is not the account token');
    try {
      const parsed: unknown = JSON.parse(incoming.rawBody);
      if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
      return parsed as Callback;
    } catch (error) {
      throw new NotificationRejected('malformed', String(error));
    }
  }

  private eventIdOf(incoming: IncomingNotification, callback: Callback): string {
    const id = single(incoming.headers['webhook-id']);
    return id ?? `${String(callback.event)}:${String(callback.data?.id)}`;
  }

  verifyNotification(incoming: IncomingNotification, now: Date): PaymentNotification | null {
    const callback = this.verified(incoming);
    const outcome =
      callback.event === 'payment.succeeded'
        ? 'paid'
        : callback.event === 'payment.failed'
          ? 'declined'
          : undefined;
    if (!outcome) return null;
    const data = callback.data ?? {};
    const payOrderNo = text(data.payment_request_id);
    const orderNo = text(data.reference_id) ?? text(data.metadata?.order_no);
    const currency = text(data.currency)?.toUpperCase();
    if (!payOrderNo || !orderNo || !currency || typeof data.amount !== 'number')
      throw new NotificationRejected(
        'malformed',
        `payment ${String(data.id)} lacks request, order or amount`,
      );
    return {
      eventId: this.eventIdOf(incoming, callback),
      payOrderNo,
      orderNo,
      outcome,
      amount: fromXenditAmount(data.amount, currency),
      currency,
      occurredAt: dateOf(data.updated ?? callback.created, now),
    };
  }

  afterPaymentNotification(incoming: IncomingNotification, now: Date): AfterPaymentNotification | null {
    const callback = this.verified(incoming);
    if (callback.event !== 'refund.succeeded') return null;
    const data = callback.data ?? {};
    const paymentRef = text(data.payment_request_id) ?? text(data.payment_id);
    if (!paymentRef)
      throw new NotificationRejected('malformed', `refund ${String(data.id)} names no payment`);
    return {
      kind: 'refunded',
      eventId: this.eventIdOf(incoming, callback),
      paymentRef,
      orderNo: text(data.metadata?.order_no) ?? text(data.reference_id),
      refundRef: text(data.id),
      occurredAt: dateOf(data.updated ?? callback.created, now),
    };
  }

  private async paymentRequest(id: string): Promise<XenditPaymentRequest | undefined> {
    try {
      return await this.xendit.PaymentRequest.getPaymentRequestByID({ paymentRequestId: id });
    } catch (error) {
      if (error instanceof XenditSdkError && String(error.status) === '404') return undefined;
      throw error;
    }
  }

  async queryPayment(payOrderNo: string): Promise<PaymentStatus> {
    const found = await this.paymentRequest(payOrderNo);
    if (!found) return { status: 'unknown' };
    const currency = String(found.currency).toUpperCase();
    switch (found.status) {
      case 'SUCCEEDED':
        return {
          status: 'paid',
          amount: fromXenditAmount(found.amount ?? 0, currency),
          currency,
          paidAt: dateOf(found.updated, this.now()),
        };
      case 'FAILED':
        return { status: 'declined', decidedAt: dateOf(found.updated, this.now()) };
      case 'EXPIRED':
      case 'CANCELED':
      case 'VOIDED':
        return { status: 'expired' };
      default:
        return { status: 'pending' };
    }
  }

  async orderOfPayment(paymentRef: string): Promise<string | undefined> {
    return (await this.paymentRequest(paymentRef))?.referenceId;
  }

  async refundPayment(request: RefundRequest): Promise<RefundResult> {
    try {
      const refund = await this.xendit.Refund.createRefund({
        idempotencyKey: `gp-refund-${request.orderNo}`,
        data: {
          paymentRequestId: request.payOrderNo,
          referenceId: request.orderNo,
          amount: toXenditAmount(request.amount, request.currency),
          currency: request.currency.toUpperCase(),
          reason: request.reason === 'duplicate' ? 'DUPLICATE' : 'REQUESTED_BY_CUSTOMER',
          metadata: { order_no: request.orderNo, reason: request.reason },
        },
      });
      if (refund.failureCode) throw new RefundRefused(refund.failureCode);
      if (!refund.id) throw new Error(`Xendit answered a refund of ${request.orderNo} without an id`);
      // The SDK's Refund keeps no status: a wallet refund Xendit took completes with `refund.succeeded`.
      return { refundRef: refund.id, status: 'pending' };
    } catch (error) {
      // Xendit's refusals (REFUND_NOT_SUPPORTED, INSUFFICIENT_BALANCE, a payment not succeeded, ...) are final.
      if (error instanceof XenditSdkError && String(error.status).startsWith('4'))
        throw new RefundRefused(error.errorCode ?? error.errorMessage ?? String(error.status));
      throw error;
    }
  }

  async *listSettledPayments(from: Date, to: Date): AsyncIterable<SettledPayment> {
    const refunded = new Map<string, number>();
    for await (const refund of this.transactions('REFUND', from, this.now())) {
      const minor = fromXenditAmount(Math.abs(refund.amount), refund.currency);
      refunded.set(refund.referenceId, (refunded.get(refund.referenceId) ?? 0) + minor);
    }
    for await (const payment of this.transactions('PAYMENT', from, to)) {
      if (payment.created.getTime() >= to.getTime()) continue;
      yield {
        payOrderNo: payment.productId,
        orderNo: payment.referenceId || null,
        amount: fromXenditAmount(payment.amount, payment.currency),
        currency: payment.currency.toUpperCase(),
        refunded: refunded.get(payment.referenceId) ?? 0,
        createdAt: payment.created,
      };
    }
  }

  /** The account's successful transactions of one type created in [from, to], every page. */
  private async *transactions(type: 'PAYMENT' | 'REFUND', from: Date, to: Date) {
    let afterId: string | undefined;
    for (;;) {
      const page = await this.xendit.Transaction.getAllTransactions({
        types: [type],
        statuses: ['SUCCESS'],
        created: { gte: from, lte: to },
        limit: 50,
        ...(afterId ? { afterId } : {}),
      });
      for (const row of page.data) yield { ...row, currency: String(row.currency) };
      const last = page.data.at(-1);
      if (!page.hasMore || !last) return;
      afterId = last.id;
    }
  }
}

/** The payment method of a Payment Request for the channel code: the wallet's, the QR code's or the account's. */
function paymentMethodOf(
  code: string,
  channel: XenditChannel,
  request: PaymentRequest,
  back: (outcome: string) => string,
): PaymentMethodParameters {
  const base = { type: channel.type, reusability: 'ONE_TIME_USE' } as const;
  if (channel.type === 'QR_CODE')
    return {
      ...base,
      qrCode: { channelCode: code as QRCodeChannelCode, channelProperties: { expiresAt: request.expiresAt } },
    };
  if (channel.type === 'VIRTUAL_ACCOUNT')
    return {
      ...base,
      virtualAccount: {
        channelCode: code as VirtualAccountChannelCode,
        // The bank shows the holder's name before the transfer: the character's, so the player knows it is theirs.
        channelProperties: { customerName: request.payerName, expiresAt: request.expiresAt },
      },
    };
  return {
    ...base,
    ewallet: {
      channelCode: code as EWalletChannelCode,
      channelProperties: {
        successReturnUrl: back('success'),
        failureReturnUrl: back('cancel'),
        cancelReturnUrl: back('cancel'),
      },
    },
  };
}

/** What our page shows for a QR code or a virtual account; undefined for a wallet (it has a page of its own). */
function instructionsOf(created: XenditPaymentRequest, code: string): PayInstructions | undefined {
  const method = created.paymentMethod;
  if (method.type === 'QR_CODE') {
    const qr = method.qrCode?.channelProperties?.qrString ?? created.actions?.find((a) => a.qrCode)?.qrCode;
    if (!qr) throw new Error(`payment request ${created.id} has no QR code`);
    return { kind: 'qr', qr };
  }
  if (method.type === 'VIRTUAL_ACCOUNT') {
    const accountNumber = method.virtualAccount?.channelProperties?.virtualAccountNumber;
    if (!accountNumber) throw new Error(`payment request ${created.id} has no account number`);
    return { kind: 'bank_transfer', bank: code, accountNumber };
  }
  return undefined;
}

const linkOf = (created: XenditPaymentRequest, type: string) =>
  (created.actions ?? []).find((a) => a.url && a.urlType === type)?.url ?? undefined;

/** The link the player opens: the wallet's page on a desktop, else its mobile page, else the app itself. */
function payLinkOf(created: XenditPaymentRequest): string | undefined {
  return linkOf(created, 'WEB') ?? linkOf(created, 'MOBILE') ?? linkOf(created, 'DEEPLINK');
}
