/**
 * Stripe Checkout as a payment provider, through the official SDK (`stripe`).
 *
 * - `createPayment` opens a Checkout Session (mode payment, one line item in the order's currency and Stripe's
 *   units, the channel's Stripe methods from the catalog as `allowed_payment_method_types`, our order number as `client_reference_id` and in the
 *   metadata, success / cancel back to the pay host's order page, closing with the order); the pay screens open
 *   its `url`. The session id is the payment number (`pay_order_no`). Created once per order (idempotency key).
 * - `verifyNotification` checks the `Stripe-Signature` header with `stripe.webhooks.constructEvent` over the raw
 *   body (5-minute tolerance) and reads `checkout.session.completed` (paid when its payment_status is paid),
 *   `.async_payment_succeeded` (paid), `.async_payment_failed` (declined) and `.expired` (expired).
 * - `afterPaymentNotification` checks the same way and reads `charge.refunded` (refunded in full) and
 *   `charge.dispute.created` / `.updated` / `.closed` (lost when closed with status `lost`).
 *   `stripeWebhookEvents` lists every type acted on: the webhook endpoint's subscription.
 * - `queryPayment` retrieves the session with its payment intent.
 * - `listSettledPayments` lists the completed sessions created in the range through the SDK's auto-pagination
 *   (`has_more` / `starting_after`), with each payment intent's latest charge for what was refunded.
 *
 * STRIPE_API_BASE points the SDK (host, port, protocol) at the local test server (stripe-test-server.ts) in
 * development and tests; production talks to Stripe.
 */
import Stripe from 'stripe';
import { codes } from '@gp/errors';
import type { Clock } from '../../../../config/clock.ts';
import {
  NotificationRejected,
  PaymentRefused,
  type CreatedPayment,
  type IncomingNotification,
  type PaymentNotification,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentStatus,
  type SettledPayment,
  type AfterPaymentNotification,
  type RefundRequest,
  type RefundResult,
  RefundRefused,
} from '../payment-provider.ts';
import { fromStripeAmount, toStripeAmount } from './stripe-amount.ts';
import { stripeChargeLimits } from './stripe-charge-limits.ts';

export interface StripeProviderOptions {
  /** `stripe`, or one of its accounts (`stripe.th`, STRIPE_ACCOUNTS): its notifications arrive under it. */
  name?: string;
  secretKey: string;
  webhookSecret: string;
  /** Development / tests: the local test server's base URL. */
  apiBase?: string | undefined;
  now: Clock;
}

/** Seconds a webhook's signature timestamp may be old (Stripe's default). */
export const stripeWebhookToleranceS = 300;
/** Stripe lets a Checkout Session close 30 minutes to 24 hours after it was created. */
const minSessionS = 30 * 60 + 60;
const maxSessionS = 24 * 3600 - 60;

const checkoutLocale: Record<string, Stripe.Checkout.SessionCreateParams.Locale> = {
  en: 'en',
  th: 'th',
  vi: 'vi',
  cn: 'zh',
  zh: 'zh-TW',
};

/** The SDK, pointed at Stripe or (development / tests) at `apiBase`. */
export function stripeClient(secretKey: string, apiBase?: string): Stripe {
  if (!apiBase) return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  const url = new URL(apiBase);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'https' ? 443 : 80),
    protocol,
    maxNetworkRetries: 0,
    timeout: 10_000,
  });
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export class StripeProvider implements PaymentProvider {
  readonly name: string;
  readonly stripe: Stripe;
  private readonly now: Clock;

  chargeLimits(currency: string) {
    return stripeChargeLimits(currency);
  }

  constructor(private readonly options: StripeProviderOptions) {
    this.name = options.name ?? 'stripe';
    this.stripe = stripeClient(options.secretKey, options.apiBase);
    this.now = options.now;
  }

  async createPayment(request: PaymentRequest): Promise<CreatedPayment> {
    if (request.methods.length === 0)
      throw new PaymentRefused(
        codes.payPaymentMethodUnsupported,
        `no Stripe method for ${request.paymentType}`,
      );
    const nowS = Math.floor(this.now().getTime() / 1000);
    // The order's deadline, within what Stripe accepts; a payment after the order expired still wins.
    const expiresAt = Math.min(
      nowS + maxSessionS,
      Math.max(nowS + minSessionS, Math.floor(request.expiresAt.getTime() / 1000)),
    );
    const back = (outcome: string) =>
      `${request.returnUrl}${request.returnUrl.includes('?') ? '&' : '?'}pay_order_no={CHECKOUT_SESSION_ID}&checkout=${outcome}`;
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: toStripeAmount(request.amount, request.currency),
                product_data: { name: request.description },
              },
            },
          ],
          // The SDK's API version takes the channel's methods as a filter (payment_method_types is gone).
          allowed_payment_method_types: [
            ...request.methods,
          ] as Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType[],
          client_reference_id: request.orderNo,
          metadata: { order_no: request.orderNo },
          payment_intent_data: { metadata: { order_no: request.orderNo } },
          success_url: back('success'),
          cancel_url: back('cancel'),
          expires_at: expiresAt,
          locale: checkoutLocale[request.lang] ?? 'auto',
        },
        { idempotencyKey: `gp-checkout-${request.orderNo}` },
      );
    } catch (error) {
      // A method Stripe does not offer for this currency or account: the player picks another channel (13).
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.param?.startsWith('allowed_payment_method_types')
      )
        throw new PaymentRefused(codes.payPaymentMethodUnsupported, error.message);
      throw error;
    }
    if (!session.url) throw new Error(`checkout session ${session.id} has no url`);
    return { payOrderNo: session.id, payUrl: session.url };
  }

  verifyNotification(incoming: IncomingNotification, now: Date): PaymentNotification | null {
    return notificationOf(this.verifiedEvent(incoming, now));
  }

  /** The event of a notification whose Stripe-Signature is right and recent; throws NotificationRejected. */
  private verifiedEvent(incoming: IncomingNotification, now: Date): Stripe.Event {
    const header = single(incoming.headers['stripe-signature']);
    if (!header) throw new NotificationRejected('signature', 'no Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        incoming.rawBody,
        header,
        this.options.webhookSecret,
        stripeWebhookToleranceS,
        undefined,
        now.getTime(),
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError)
        throw new NotificationRejected(
          /tolerance/i.test(error.message) ? 'stale' : 'signature',
          error.message.split('\n')[0] ?? '',
        );
      throw new NotificationRejected('malformed', String(error));
    }
    return event;
  }

  // ---- Refunds and disputes ----

  /**
   * A full refund of the session's payment intent, created once per order (idempotency key): a repeat (staff
   * clicking twice, a retry after a lost answer) answers the same refund. Our reason code and order number go in
   * the refund's metadata; Stripe's own `reason` says the customer asked for it.
   */
  async refundPayment(request: RefundRequest): Promise<RefundResult> {
    let refund: Stripe.Refund;
    try {
      const session = await this.stripe.checkout.sessions.retrieve(request.payOrderNo);
      const intent =
        typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!intent || session.payment_status !== 'paid')
        throw new RefundRefused(`session ${request.payOrderNo} has no paid payment`);
      refund = await this.stripe.refunds.create(
        {
          payment_intent: intent,
          amount: toStripeAmount(request.amount, request.currency),
          reason: request.reason === 'duplicate' ? 'duplicate' : 'requested_by_customer',
          metadata: { order_no: request.orderNo, reason: request.reason },
        },
        { idempotencyKey: `gp-refund-${request.orderNo}` },
      );
    } catch (error) {
      // Stripe's refusals (charge_already_refunded, charge_disputed, ...) are final: staff are told why.
      if (error instanceof Stripe.errors.StripeInvalidRequestError)
        throw new RefundRefused(error.code ?? error.message);
      throw error;
    }
    if (refund.status === 'failed' || refund.status === 'canceled')
      throw new RefundRefused(refund.failure_reason ?? refund.status);
    return { refundRef: refund.id, status: refund.status === 'succeeded' ? 'succeeded' : 'pending' };
  }

  afterPaymentNotification(incoming: IncomingNotification, now: Date): AfterPaymentNotification | null {
    return afterPaymentOf(this.verifiedEvent(incoming, now));
  }

  /** Our order number, from the payment intent's metadata (the checkout session puts it there). */
  async orderOfPayment(paymentRef: string): Promise<string | undefined> {
    try {
      const intent = await this.stripe.paymentIntents.retrieve(paymentRef);
      return intent.metadata?.order_no;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
        return undefined;
      throw error;
    }
  }

  async queryPayment(payOrderNo: string): Promise<PaymentStatus> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(payOrderNo, { expand: ['payment_intent'] });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
        return { status: 'unknown' };
      throw error;
    }
    if (session.payment_status === 'paid' && session.amount_total !== null && session.currency) {
      const currency = session.currency.toUpperCase();
      return {
        status: 'paid',
        amount: fromStripeAmount(session.amount_total, currency),
        currency,
        paidAt: this.now(),
      };
    }
    if (session.status === 'expired') return { status: 'expired' };
    const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
    if (
      session.status === 'complete' &&
      intent &&
      (intent.status === 'canceled' || intent.status === 'requires_payment_method')
    )
      return { status: 'declined', decidedAt: new Date(intent.created * 1000) };
    return { status: 'pending' };
  }

  async *listSettledPayments(from: Date, to: Date): AsyncIterable<SettledPayment> {
    const sessions = this.stripe.checkout.sessions.list({
      created: { gte: Math.floor(from.getTime() / 1000), lt: Math.floor(to.getTime() / 1000) },
      status: 'complete',
      limit: 100,
      expand: ['data.payment_intent.latest_charge'],
    });
    for await (const session of sessions) {
      // Completed but unpaid: a delayed method still deciding, or one that failed; no money was taken.
      if (session.payment_status !== 'paid' || session.amount_total === null || !session.currency) continue;
      const currency = session.currency.toUpperCase();
      const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
      const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const refunded = charge?.amount_refunded ?? 0;
      yield {
        payOrderNo: session.id,
        orderNo: session.client_reference_id ?? session.metadata?.order_no ?? null,
        amount: fromStripeAmount(session.amount_total, currency),
        currency,
        refunded: refunded > 0 ? fromStripeAmount(refunded, currency) : 0,
        createdAt: new Date(session.created * 1000),
      };
    }
  }
}

/** The Checkout events that decide an order's payment, and what each decides. */
const paymentOutcomes = {
  'checkout.session.completed': 'paid',
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.async_payment_failed': 'declined',
  'checkout.session.expired': 'expired',
} as const satisfies Partial<Record<Stripe.Event.Type, PaymentNotification['outcome']>>;

/** The events about a paid payment after the fact (afterPaymentOf). */
const afterPaymentEvents = [
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
] as const satisfies readonly Stripe.Event.Type[];

/**
 * Every event type the provider acts on: the webhook endpoint's subscription (deploy/README.md lists them, and a
 * test keeps that list equal to this one). Stripe sends other types only when subscribed; they change nothing.
 */
export const stripeWebhookEvents: readonly Stripe.Event.Type[] = [
  ...(Object.keys(paymentOutcomes) as (keyof typeof paymentOutcomes)[]),
  ...afterPaymentEvents,
];

/** What a verified Stripe event says about an order's payment; null for events that decide nothing. */
export function notificationOf(event: Stripe.Event): PaymentNotification | null {
  const outcome = (paymentOutcomes as Partial<Record<string, PaymentNotification['outcome']>>)[event.type];
  if (!outcome) return null;
  const session = event.data.object as Stripe.Checkout.Session;
  // A completed session whose delayed method has not paid yet: async_payment_succeeded / _failed follows.
  if (event.type === 'checkout.session.completed' && session.payment_status !== 'paid') return null;
  const orderNo = session.client_reference_id ?? session.metadata?.order_no;
  const currency = session.currency?.toUpperCase();
  if (!orderNo || !currency || session.amount_total === null)
    throw new NotificationRejected('malformed', `session ${session.id} lacks order number or amount`);
  return {
    eventId: event.id,
    payOrderNo: session.id,
    orderNo,
    outcome,
    amount: fromStripeAmount(session.amount_total, currency),
    currency,
    occurredAt: new Date(event.created * 1000),
  };
}

const refOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : value?.id;

/**
 * What a verified Stripe event says about a paid payment after the fact: `charge.refunded` when the charge is
 * refunded in full, `charge.dispute.created` / `.updated` / `.closed`; null for anything else. A dispute is lost
 * when `charge.dispute.closed` says `lost`: Stripe withdraws the money with the dispute and sends no
 * `charge.refunded` for it. Every other closing status (`won`, `warning_closed`: an inquiry that never became a
 * chargeback, `prevented`) leaves the money with us.
 */
export function afterPaymentOf(event: Stripe.Event): AfterPaymentNotification | null {
  const occurredAt = new Date(event.created * 1000);
  if (event.type === 'charge.refunded') {
    const charge = event.data.object;
    const paymentRef = refOf(charge.payment_intent);
    // A partial refund leaves the order paid (staff refund in full only); the order is refunded once it is whole.
    if (!charge.refunded) return null;
    if (!paymentRef) throw new NotificationRejected('malformed', `charge ${charge.id} has no payment intent`);
    const refunds = charge.refunds?.data ?? [];
    return {
      kind: 'refunded',
      eventId: event.id,
      paymentRef,
      orderNo: charge.metadata?.order_no,
      refundRef: refunds[0]?.id,
      occurredAt,
    };
  }
  if (
    event.type === 'charge.dispute.created' ||
    event.type === 'charge.dispute.updated' ||
    event.type === 'charge.dispute.closed'
  ) {
    const closed = event.type === 'charge.dispute.closed';
    const dispute = event.data.object;
    const paymentRef = refOf(dispute.payment_intent);
    if (!paymentRef)
      throw new NotificationRejected('malformed', `dispute ${dispute.id} has no payment intent`);
    return {
      kind: 'dispute',
      eventId: event.id,
      paymentRef,
      orderNo: dispute.metadata?.order_no,
      disputeRef: dispute.id,
      status: dispute.status,
      reason: dispute.reason,
      closed,
      lost: closed && dispute.status === 'lost',
      openedAt: new Date(dispute.created * 1000),
      occurredAt,
    };
  }
  return null;
}
