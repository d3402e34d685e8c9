/**
 * What the order engine needs from a payment provider (DESIGN section 6 "Pay"): create a payment the player
 * completes on the provider's page (opened in a new window), verify the provider's server-to-server
 * notifications, and ask the provider about a payment ("query payment result"). The built-in sandbox
 * (sandbox-provider.ts) implements it; Stripe Checkout (stripe-provider.ts) does the same over Stripe's API.
 */

export interface PaymentRequest {
  /** Our order number; creating a payment again for the same order answers the same payment. */
  orderNo: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** What the player buys, in `lang`, for the provider's page. */
  description: string;
  /** The page language the order was made in. */
  lang: string;
  /** The provider must not take the payment after this. */
  expiresAt: Date;
  payMode: number;
  paymentType: string;
  /** The provider's payment methods the channel is configured with (pay_channel.provider_methods). */
  methods: readonly string[];
  /** The pay host's page of the order, where the provider's page sends the player back. */
  returnUrl: string;
  /** Who pays, as the order names them (a virtual account's holder name): the character's name. */
  payerName: string;
}

export interface CreatedPayment {
  /** The provider's number for the payment (`pay_order_no`). */
  payOrderNo: string;
  /** The provider's checkout page for it; null when the player pays from our page (`instructions`). */
  payUrl: string | null;
  /** What our pay page shows the player to pay with, where the provider has no page of its own. */
  instructions?: PayInstructions | undefined;
  /** A link that opens the wallet's app with the payment (a phone's "open the app" button). */
  appUrl?: string | undefined;
}

/**
 * A payment the player makes from our page: a QR code to scan with a banking or wallet app (PromptPay, QRIS,
 * VietQR: `qr` is the payload the code encodes, amount included), or a transfer to a virtual account number.
 */
export type PayInstructions =
  { kind: 'qr'; qr: string } | { kind: 'bank_transfer'; bank: string; accountNumber: string };

/** What the provider says about a payment. */
export type PaymentStatus =
  | { status: 'paid'; amount: number; currency: string; paidAt: Date }
  | { status: 'declined'; decidedAt: Date }
  /** The provider's page closed unpaid: it takes no payment any more. */
  | { status: 'expired' }
  /** Created, not paid (yet). */
  | { status: 'pending' }
  /** The provider has no such payment. */
  | { status: 'unknown' };

/** A verified notification: the provider decided a payment. */
export interface PaymentNotification {
  /** The provider's id of this event; the same event sent again has the same id. */
  eventId: string;
  payOrderNo: string;
  /** Our order number as the provider echoes it (finds an order whose payment link was not saved). */
  orderNo: string;
  outcome: 'paid' | 'declined' | 'expired';
  amount: number;
  currency: string;
  occurredAt: Date;
}

/**
 * A notification request as it arrived: its headers and exact body (JSON, a form post, text), or for a provider
 * that notifies with a GET, its query string.
 */
export interface IncomingNotification {
  /** POST when left out. */
  method?: 'POST' | 'GET';
  headers: Record<string, string | string[] | undefined>;
  /** The exact body, byte for byte as signed ('' for a GET). */
  rawBody: string;
  /** The raw query string, without its `?` ('' or left out when none). */
  query?: string;
}

/** What a provider expects back when its notification was taken (its retries stop on it). */
export interface NotificationAcknowledgement {
  contentType: string;
  body: string;
}

/** A notification that is not the provider's, is stale, or cannot be read: refused (HTTP 401 / 400). */
export class NotificationRejected extends Error {
  constructor(
    readonly reason: 'signature' | 'stale' | 'malformed',
    detail: string,
  ) {
    super(`notification rejected (${reason}): ${detail}`);
    this.name = 'NotificationRejected';
  }

  get status(): number {
    return this.reason === 'malformed' ? 400 : 401;
  }
}

/** The provider refused to open a payment for a reason the player is told (a pay code, e.g. 13). */
export class PaymentRefused extends Error {
  constructor(
    readonly code: number,
    detail: string,
  ) {
    super(`payment refused (${code}): ${detail}`);
    this.name = 'PaymentRefused';
  }
}

/** The smallest and largest amount of one payment, in our minor units of the currency. */
export interface ChargeLimits {
  min: number;
  max: number;
}

export interface PaymentProvider {
  /** The provider's key (`sandbox`); also the path of its notifications: POST /pay/notify/<name>. */
  readonly name: string;
  /**
   * What one payment in the currency may be (the catalog checks prices against it); left out: no limit of its
   * own beyond a positive amount.
   */
  chargeLimits?(currency: string): ChargeLimits;
  createPayment(request: PaymentRequest): Promise<CreatedPayment>;
  /**
   * Checks who sent it and when, then reads it; throws NotificationRejected. Null: a genuine notification that
   * decides nothing (an event the shop does not act on).
   */
  verifyNotification(
    incoming: IncomingNotification,
    now: Date,
  ): PaymentNotification | null | Promise<PaymentNotification | null>;
  /**
   * The answer to a notification that was taken, where the provider wants its own (a text `OK`, `success`);
   * left out: JSON `{ received: true, ... }` with HTTP 200.
   */
  readonly acknowledgement?: NotificationAcknowledgement;
  queryPayment(payOrderNo: string): Promise<PaymentStatus>;
  /**
   * Refunds an order's payment in full. Idempotent per order: asking again answers the same refund. Throws
   * RefundRefused when the provider will not (already refunded there, disputed, not paid).
   */
  refundPayment(request: RefundRequest): Promise<RefundResult>;
  /**
   * A notification about a paid order's payment after the fact (refunded, disputed), checked like
   * `verifyNotification` (throws NotificationRejected); null when it is about neither.
   */
  afterPaymentNotification?(
    incoming: IncomingNotification,
    now: Date,
  ): AfterPaymentNotification | null | Promise<AfterPaymentNotification | null>;
  /** The order number of a provider's payment reference (a refund or dispute that does not carry it). */
  orderOfPayment?(paymentRef: string): Promise<string | undefined>;
  /**
   * The settlement check's list (pay-settlement.service.ts): every payment created in [from, to) that the
   * provider took money for, refunded ones included, page by page as the provider serves them.
   */
  listSettledPayments(from: Date, to: Date): AsyncIterable<SettledPayment>;
}

/** A payment the provider took money for, as its own records have it (the settlement check). */
export interface SettledPayment {
  /** The provider's number for the payment (`pay_order_no`). */
  payOrderNo: string;
  /** Our order number as the provider keeps it; null when it has none. */
  orderNo: string | null;
  /** Minor units of `currency` (our currency table's, not the provider's). */
  amount: number;
  currency: string;
  /** Minor units refunded so far; 0 when none. */
  refunded: number;
  createdAt: Date;
}

// ---- Refunds and disputes ----

export interface RefundRequest {
  orderNo: string;
  payOrderNo: string;
  /** Minor units of `currency`: the whole payment. */
  amount: number;
  currency: string;
  /** Our reason code (refund-reasons in the pay-admin contracts); the provider keeps it with the refund. */
  reason: string;
}

export interface RefundResult {
  /** The provider's id of the refund. */
  refundRef: string;
  /** `pending`: the provider takes it and completes it later (a refund is not taken back once made). */
  status: 'succeeded' | 'pending';
}

/** The provider will not refund the payment; `detail` says why (shown to staff). */
export class RefundRefused extends Error {
  constructor(readonly detail: string) {
    super(`refund refused: ${detail}`);
    this.name = 'RefundRefused';
  }
}

/** A verified notification about a paid order's payment: refunded, or a dispute opened, changed or closed. */
export type AfterPaymentNotification =
  | {
      kind: 'refunded';
      eventId: string;
      /** The provider's payment reference (Stripe: the payment intent). */
      paymentRef: string;
      /** Our order number when the event carries it. */
      orderNo: string | undefined;
      refundRef: string | undefined;
      occurredAt: Date;
    }
  | {
      kind: 'dispute';
      eventId: string;
      paymentRef: string;
      orderNo: string | undefined;
      disputeRef: string;
      /** The provider's own status and reason, kept on the order's dispute for staff. */
      status: string;
      reason: string;
      closed: boolean;
      /**
       * The dispute is closed and lost: the payer has the money back through the card issuer (no refund of ours
       * follows), so the order is refunded and its credit taken back. Decided by the provider from its statuses.
       */
      lost: boolean;
      /** When the dispute was opened, per the provider. */
      openedAt: Date;
      occurredAt: Date;
    };
