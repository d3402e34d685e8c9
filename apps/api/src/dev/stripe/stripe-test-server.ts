/**
 * A local stand-in for Stripe (development and tests only, loopback): the official SDK talks to it through
 * STRIPE_API_BASE, so tests and `pnpm start` run the real adapter code path offline.
 *
 * It answers what the adapter uses - POST /v1/checkout/sessions (form-encoded as the SDK sends it, with the
 * Idempotency-Key honoured) and GET /v1/checkout/sessions/:id (expand[]=payment_intent) - with the SDK's own
 * types (`Stripe.Checkout.Session`, `Stripe.PaymentIntent`, `Stripe.Event`, errors as `{ error: { type, code,
 * param, message } }`), keeps sessions in memory, refuses a method the currency does not have, and serves a
 * hosted page (GET /checkout/:id) where a tester pays, declines or lets the session expire. Each decision is sent
 * as Stripe sends webhooks: an Event, `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
 *
 * For reconciliation (pay-reconcile.job.ts, pay-settlement.service.ts) it also answers GET /v1/checkout/sessions
 * (the list: `created[gte|lt]`, `status`, `limit`, `starting_after`, newest first, `has_more`; expands
 * `data.payment_intent.latest_charge`), and a decision can drop its webhooks (`decide(id, 'pay', { drop: true })`,
 * or "Pay, webhook lost" on the page): the payment is made, the shop is not told, the signed events are kept
 * in `sent` with status 0 to deliver late.
 *
 * Refunds and disputes: a paid session has a charge; POST /v1/refunds (payment_intent, amount, reason,
 * metadata; Idempotency-Key honoured) refunds it in full as `Stripe.Refund` and sends `charge.refunded`
 * (after answering, or before with `refundWebhookFirst`, as Stripe may); GET /v1/payment_intents/:id answers
 * the intent with its metadata. `refund` (a refund made in Stripe's dashboard) and `dispute` / `closeDispute`
 * (a chargeback opened and decided by the card issuer) are there for tests and, on the hosted page of a paid
 * session, for a tester; they send `charge.refunded`, `charge.dispute.created` and `charge.dispute.closed`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import type { Clock } from '../../config/clock.ts';

type Session = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'amount_subtotal'
  | 'amount_total'
  | 'allowed_payment_method_types'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'expires_at'
  | 'livemode'
  | 'locale'
  | 'metadata'
  | 'mode'
  | 'payment_intent'
  | 'payment_method_types'
  | 'payment_status'
  | 'status'
  | 'success_url'
  | 'url'
>;
type Intent = Pick<
  Stripe.PaymentIntent,
  'id' | 'object' | 'amount' | 'currency' | 'created' | 'livemode' | 'metadata' | 'status'
>;
type Decision = 'pay' | 'decline' | 'expire';
/** What the list endpoint adds to a paid intent (Stripe's `latest_charge`, expanded). */
type ListedCharge = Pick<
  Stripe.Charge,
  'id' | 'object' | 'amount' | 'amount_refunded' | 'currency' | 'refunded'
>;
type Charge = Pick<
  Stripe.Charge,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_refunded'
  | 'created'
  | 'currency'
  | 'disputed'
  | 'livemode'
  | 'metadata'
  | 'paid'
  | 'payment_intent'
  | 'refunded'
  | 'status'
>;
type Refund = Pick<
  Stripe.Refund,
  | 'id'
  | 'object'
  | 'amount'
  | 'charge'
  | 'created'
  | 'currency'
  | 'metadata'
  | 'payment_intent'
  | 'reason'
  | 'status'
>;
type Dispute = Pick<
  Stripe.Dispute,
  | 'id'
  | 'object'
  | 'amount'
  | 'charge'
  | 'created'
  | 'currency'
  | 'is_charge_refundable'
  | 'livemode'
  | 'metadata'
  | 'payment_intent'
  | 'reason'
  | 'status'
>;
/** What the test server keeps of a paid session's money: its charge, refund and dispute. */
interface Money {
  charge: Charge;
  refund?: Refund;
  dispute?: Dispute;
}

/** Which currencies Stripe takes each method in (docs.stripe.com/payments/payment-methods/payment-method-support). */
const methodCurrencies: Record<string, readonly string[] | 'any'> = {
  card: 'any',
  promptpay: ['thb'],
  paynow: ['sgd'],
  grabpay: ['sgd', 'myr'],
  fpx: ['myr'],
  touch_n_go: ['myr'],
};

export interface StripeTestServerOptions {
  secretKey: string;
  webhookSecret: string;
  /** Delivers a webhook to the shop (its notify route); answers the HTTP status. */
  send: (body: string, headers: Record<string, string>) => Promise<number>;
  now: Clock;
}

/** One sent webhook, as it went out (tests replay it byte for byte). */
export interface SentWebhook {
  event: Stripe.Event;
  body: string;
  headers: Record<string, string>;
  status: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `a[b][0][c]=x` as the SDK encodes parameters, back into objects and arrays. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = [...key.matchAll(/([^[\]]+)|\[([^\]]*)\]/g)].map((m) => m[1] ?? m[2] ?? '');
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  // Objects keyed 0..n-1 are the SDK's arrays.
  const arrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value).map(([k, v]) => [k, arrays(v)] as const);
    return entries.length > 0 && entries.every(([k], i) => k === String(i))
      ? entries.map(([, v]) => v)
      : Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; param?: string; message: string },
  ) {
    super(body.message);
  }
}

export class StripeTestServer {
  readonly sessions = new Map<string, { session: Session; intent: Intent }>();
  readonly sent: SentWebhook[] = [];
  /** Stripe units refunded per session without a refund object or webhook (a test's "refunded there, not here"). */
  readonly refundedAmounts = new Map<string, number>();
  private readonly byIdempotencyKey = new Map<string, string>();
  /** Paid sessions' charges, refunds and disputes, by session id. */
  readonly money = new Map<string, Money>();
  private readonly refundsByKey = new Map<string, Refund>();
  /** Send `charge.refunded` before answering POST /v1/refunds (Stripe does not promise the order). */
  refundWebhookFirst = false;
  /** Webhooks sent after answering, still in flight (tests await `settled()`). */
  private readonly inFlight = new Set<Promise<unknown>>();
  private server: Server | undefined;
  private base = '';

  constructor(private readonly options: StripeTestServerOptions) {}

  /** Listens on loopback; answers the base URL (STRIPE_API_BASE). */
  async listen(port = 0): Promise<string> {
    const server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    this.server = server;
    const address = server.address();
    this.base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
    return this.base;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The tester's decision on the hosted page: the session moves and its webhooks are sent. */
  async decide(
    sessionId: string,
    decision: Decision,
    options: { drop?: boolean } = {},
  ): Promise<SentWebhook[]> {
    const found = this.sessions.get(sessionId);
    if (!found || found.session.status !== 'open') return [];
    const { session, intent } = found;
    const types: Stripe.Event.Type[] = [];
    if (decision === 'pay') {
      Object.assign(session, { status: 'complete', payment_status: 'paid' });
      intent.status = 'succeeded';
      this.money.set(session.id, {
        charge: {
          id: id('ch'),
          object: 'charge',
          amount: intent.amount,
          amount_refunded: 0,
          created: Math.floor(this.options.now().getTime() / 1000),
          currency: intent.currency,
          disputed: false,
          livemode: false,
          metadata: {},
          paid: true,
          payment_intent: intent.id,
          refunded: false,
          status: 'succeeded',
        },
      });
      types.push('checkout.session.completed');
    } else if (decision === 'decline') {
      // As a delayed method that fails: completed unpaid, then async_payment_failed.
      Object.assign(session, { status: 'complete', payment_status: 'unpaid' });
      intent.status = 'requires_payment_method';
      types.push('checkout.session.completed', 'checkout.session.async_payment_failed');
    } else {
      Object.assign(session, { status: 'expired', url: null });
      intent.status = 'canceled';
      types.push('checkout.session.expired');
    }
    const out: SentWebhook[] = [];
    for (const type of types) out.push(await this.sendEvent(type, session, options.drop ?? false));
    return out;
  }

  /** The Stripe-Signature header of a body sent at `timestamp` (Unix seconds), as Stripe computes it. */
  signature(body: string, timestamp: number, secret = this.options.webhookSecret): string {
    const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
    return `t=${timestamp},v1=${v1}`;
  }

  /** A webhook kept back by `decide(..., { drop: true })`, delivered now (late), signed now as Stripe's retries are. */
  async deliverLate(webhook: SentWebhook): Promise<number> {
    const now = Math.floor(this.options.now().getTime() / 1000);
    webhook.headers = { ...webhook.headers, 'stripe-signature': this.signature(webhook.body, now) };
    webhook.status = await this.options.send(webhook.body, webhook.headers);
    return webhook.status;
  }

  private sendEvent(type: Stripe.Event.Type, session: Session, drop = false): Promise<SentWebhook> {
    return this.sendObjectEvent(type, session, drop);
  }

  private async sendObjectEvent(
    type: Stripe.Event.Type,
    object: Session | Charge | Dispute,
    drop = false,
  ): Promise<SentWebhook> {
    const created = Math.floor(this.options.now().getTime() / 1000);
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created,
      data: { object: { ...object } },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event; // an object of the fields this server keeps (see Session, Charge, Dispute above)
    const body = JSON.stringify(event, null, 2);
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': this.signature(body, created),
    };
    const status = drop ? 0 : await this.options.send(body, headers);
    const sent = { event, body, headers, status };
    this.sent.push(sent);
    return sent;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.base);
    try {
      const page = url.pathname.match(/^\/checkout\/(cs_test_\w+)$/);
      if (page) return this.page(req, res, page[1]!, body);
      if (req.headers.authorization !== `Bearer ${this.options.secretKey}`)
        throw new StripeApiError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const key = req.headers['idempotency-key'];
        const again = typeof key === 'string' ? this.byIdempotencyKey.get(key) : undefined;
        const made = again ? this.sessions.get(again)! : this.create(parseStripeForm(body));
        if (typeof key === 'string') this.byIdempotencyKey.set(key, made.session.id);
        return json(res, 200, made.session);
      }
      if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions')
        return json(res, 200, this.list(parseStripeForm(url.search.slice(1))));
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const key = req.headers['idempotency-key'];
        const again = typeof key === 'string' ? this.refundsByKey.get(key) : undefined;
        if (again) return json(res, 200, again);
        const { refund, money } = this.createRefund(parseStripeForm(body));
        if (typeof key === 'string') this.refundsByKey.set(key, refund);
        if (this.refundWebhookFirst) {
          await this.sendObjectEvent('charge.refunded', money.charge);
          return json(res, 200, refund);
        }
        json(res, 200, refund);
        this.track(this.sendObjectEvent('charge.refunded', money.charge));
        return;
      }
      const intentPath = url.pathname.match(/^\/v1\/payment_intents\/(\w+)$/);
      if (req.method === 'GET' && intentPath) {
        const found = [...this.sessions.values()].find((s) => s.intent.id === intentPath[1]);
        if (!found)
          throw new StripeApiError(404, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'intent',
            message: `No such payment_intent: '${intentPath[1]}'`,
          });
        return json(res, 200, found.intent);
      }
      const one = url.pathname.match(/^\/v1\/checkout\/sessions\/([\w]+)$/);
      if (req.method === 'GET' && one) {
        const found = this.sessions.get(one[1]!);
        if (!found)
          throw new StripeApiError(404, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'session',
            message: `No such checkout.session: '${one[1]}'`,
          });
        const expand = url.searchParams.getAll('expand[]').concat(url.searchParams.getAll('expand[0]'));
        return json(
          res,
          200,
          expand.includes('payment_intent')
            ? { ...found.session, payment_intent: found.intent }
            : found.session,
        );
      }
      throw new StripeApiError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
      });
    } catch (error) {
      if (error instanceof StripeApiError) return json(res, error.status, { error: error.body });
      return json(res, 500, { error: { type: 'api_error', message: String(error) } });
    }
  }

  /** GET /v1/checkout/sessions as Stripe answers it: newest first, a page of `limit` after `starting_after`. */
  private list(params: Record<string, unknown>): Stripe.ApiList<unknown> {
    const created = (params.created ?? {}) as Record<string, string>;
    const bound = (key: string) => (created[key] === undefined ? undefined : Number(created[key]));
    const [gte, gt, lte, lt] = [bound('gte'), bound('gt'), bound('lte'), bound('lt')];
    const limit = Math.min(100, Math.max(1, Number(params.limit ?? 10)));
    const expand = (params.expand as string[] | undefined) ?? [];
    const all = [...this.sessions.values()]
      .filter(({ session: s }) => {
        if (gte !== undefined && s.created < gte) return false;
        if (gt !== undefined && s.created <= gt) return false;
        if (lte !== undefined && s.created > lte) return false;
        if (lt !== undefined && s.created >= lt) return false;
        return params.status === undefined || s.status === params.status;
      })
      // Newest first; sessions of one second keep the reverse of their creation order (Map order).
      .reverse()
      .sort((a, b) => b.session.created - a.session.created);
    const after = params.starting_after as string | undefined;
    const start = after === undefined ? 0 : all.findIndex(({ session }) => session.id === after) + 1;
    if (after !== undefined && start === 0)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'starting_after',
        message: `No such checkout.session: '${after}'`,
      });
    const page = all.slice(start, start + limit);
    const withIntent = expand.some((e) => e.startsWith('data.payment_intent'));
    const withCharge = expand.includes('data.payment_intent.latest_charge');
    return {
      object: 'list',
      url: '/v1/checkout/sessions',
      has_more: start + limit < all.length,
      data: page.map(({ session, intent }) => {
        if (!withIntent) return session;
        const refunded = Math.max(
          this.money.get(session.id)?.charge.amount_refunded ?? 0,
          this.refundedAmounts.get(session.id) ?? 0,
        );
        const charge: ListedCharge | null =
          intent.status === 'succeeded'
            ? {
                id: `ch_${intent.id.slice(3)}`,
                object: 'charge',
                amount: intent.amount,
                amount_refunded: refunded,
                currency: intent.currency,
                refunded: refunded >= intent.amount,
              }
            : null;
        return {
          ...session,
          payment_intent: { ...intent, latest_charge: withCharge ? charge : (charge?.id ?? null) },
        };
      }),
    };
  }

  private create(params: Record<string, unknown>): { session: Session; intent: Intent } {
    const invalid = (param: string, message: string) =>
      new StripeApiError(400, { type: 'invalid_request_error', code: 'parameter_invalid', param, message });
    if (params.mode !== 'payment') throw invalid('mode', 'Only mode=payment is served here.');
    const item = (params.line_items as Array<Record<string, any>> | undefined)?.[0]; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed form data
    const currency = String(item?.price_data?.currency ?? '');
    const unitAmount = Number(item?.price_data?.unit_amount);
    const quantity = Number(item?.quantity ?? 1);
    if (!/^[a-z]{3}$/.test(currency))
      throw invalid('line_items[0][price_data][currency]', 'Invalid currency.');
    if (!Number.isSafeInteger(unitAmount) || unitAmount < 0)
      throw invalid('line_items[0][price_data][unit_amount]', 'Invalid integer.');
    const methods = (params.allowed_payment_method_types as string[] | undefined) ?? ['card'];
    for (const [index, method] of methods.entries()) {
      const currencies = methodCurrencies[method];
      if (!currencies || (currencies !== 'any' && !currencies.includes(currency)))
        throw invalid(
          `allowed_payment_method_types[${index}]`,
          `The payment method type "${method}" is invalid for currency ${currency}.`,
        );
    }
    const now = Math.floor(this.options.now().getTime() / 1000);
    const expiresAt = params.expires_at === undefined ? now + 24 * 3600 : Number(params.expires_at);
    if (!(expiresAt >= now + 30 * 60 && expiresAt <= now + 24 * 3600))
      throw invalid('expires_at', 'The expires_at must be between 30 minutes and 24 hours from now.');
    const sessionId = id('cs_test');
    const metadata = (params.metadata as Record<string, string> | undefined) ?? {};
    const intent: Intent = {
      id: id('pi'),
      object: 'payment_intent',
      amount: unitAmount * quantity,
      currency,
      created: now,
      livemode: false,
      metadata:
        (params.payment_intent_data as { metadata?: Record<string, string> } | undefined)?.metadata ?? {},
      status: 'requires_payment_method',
    };
    const session: Session = {
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: unitAmount * quantity,
      amount_total: unitAmount * quantity,
      allowed_payment_method_types: methods,
      cancel_url: (params.cancel_url as string | undefined) ?? null,
      client_reference_id: (params.client_reference_id as string | undefined) ?? null,
      created: now,
      currency,
      expires_at: expiresAt,
      livemode: false,
      locale: (params.locale as Stripe.Checkout.Session.Locale | undefined) ?? null,
      metadata,
      mode: 'payment',
      payment_intent: intent.id,
      payment_method_types: methods,
      payment_status: 'unpaid',
      status: 'open',
      success_url: (params.success_url as string | undefined) ?? null,
      url: `${this.base}/checkout/${sessionId}`,
    };
    this.sessions.set(sessionId, { session, intent });
    return { session, intent };
  }

  // ---- Refunds and disputes ----

  /** Resolves when the webhooks sent after an answer have been delivered. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private track(sending: Promise<unknown>): void {
    const tracked = sending.catch(() => undefined).finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  private moneyOf(sessionId: string): Money {
    const money = this.money.get(sessionId);
    if (!money) throw new Error(`session ${sessionId} is not paid`);
    return money;
  }

  private createRefund(params: Record<string, unknown>): { refund: Refund; money: Money } {
    const intentId = String(params.payment_intent ?? '');
    const found = [...this.sessions.values()].find((s) => s.intent.id === intentId);
    const money = found && this.money.get(found.session.id);
    if (!found || !money)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_intent',
        message: `No such payment_intent: '${intentId}'`,
      });
    const refusal = (code: string, message: string) =>
      new StripeApiError(400, { type: 'invalid_request_error', code, message });
    if (money.charge.refunded)
      throw refusal('charge_already_refunded', `Charge ${money.charge.id} has already been refunded.`);
    if (money.dispute && !money.dispute.is_charge_refundable)
      throw refusal(
        'charge_disputed',
        `Charge ${money.charge.id} has been charged back; cannot issue a refund.`,
      );
    const amount = params.amount === undefined ? money.charge.amount : Number(params.amount);
    if (amount !== money.charge.amount)
      throw refusal('amount_too_large', 'Only full refunds are served here.');
    return { refund: this.refundCharge(money, params), money };
  }

  private refundCharge(money: Money, params: Record<string, unknown>): Refund {
    const reason = params.reason as Refund['reason'] | undefined;
    money.refund = {
      id: id('re'),
      object: 'refund',
      amount: money.charge.amount,
      charge: money.charge.id,
      created: Math.floor(this.options.now().getTime() / 1000),
      currency: money.charge.currency,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      payment_intent: money.charge.payment_intent,
      reason: reason ?? null,
      status: 'succeeded',
    };
    Object.assign(money.charge, { refunded: true, amount_refunded: money.charge.amount });
    return money.refund;
  }

  /** A refund made in Stripe's dashboard (not through the API): the charge is refunded and the webhook sent. */
  async refund(sessionId: string): Promise<SentWebhook | undefined> {
    const money = this.moneyOf(sessionId);
    if (money.charge.refunded) return undefined;
    this.refundCharge(money, { reason: 'requested_by_customer' });
    return this.sendObjectEvent('charge.refunded', money.charge);
  }

  /** The card issuer opens a dispute (chargeback) on a paid session: `charge.dispute.created`. */
  async dispute(sessionId: string, reason: Stripe.Dispute['reason'] = 'fraudulent'): Promise<SentWebhook> {
    const money = this.moneyOf(sessionId);
    money.dispute ??= {
      id: id('dp'),
      object: 'dispute',
      amount: money.charge.amount,
      charge: money.charge.id,
      created: Math.floor(this.options.now().getTime() / 1000),
      currency: money.charge.currency,
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: money.charge.payment_intent,
      reason,
      status: 'needs_response',
    };
    money.charge.disputed = true;
    return this.sendObjectEvent('charge.dispute.created', money.dispute);
  }

  /** The issuer decides the dispute: `charge.dispute.closed` with status won or lost. */
  async closeDispute(sessionId: string, outcome: 'won' | 'lost'): Promise<SentWebhook> {
    const dispute = this.moneyOf(sessionId).dispute;
    if (!dispute) throw new Error(`session ${sessionId} has no dispute`);
    dispute.status = outcome;
    return this.sendObjectEvent('charge.dispute.closed', dispute);
  }

  /** The hosted page's tools for a paid session: refund, open or decide a dispute. */
  private moneyPanel(sessionId: string): string {
    const money = this.money.get(sessionId);
    if (!money) return '';
    const { charge, dispute } = money;
    const buttons = [
      charge.refunded ? '' : '<button name="action" value="refund">Refund</button>',
      dispute ? '' : '<button name="action" value="dispute">Open a dispute</button>',
      dispute && dispute.status !== 'won' && dispute.status !== 'lost'
        ? '<button name="action" value="dispute_won">Dispute won</button> <button name="action" value="dispute_lost">Dispute lost</button>'
        : '',
    ].join(' ');
    return `<h2>Payment</h2><dl><dt>Charge</dt><dd>${charge.id}</dd><dt>Refunded</dt><dd>${charge.refunded ? 'yes' : 'no'}</dd><dt>Dispute</dt><dd>${dispute ? escape(dispute.status) : 'none'}</dd></dl><form method="post">${buttons}</form>`;
  }

  /** The hosted page: the payment and three buttons; a decision sends the player back like Stripe does. */
  private async page(req: IncomingMessage, res: ServerResponse, sessionId: string, body: string) {
    const found = this.sessions.get(sessionId);
    if (!found) return html(res, 404, '<p>No such checkout session.</p>');
    const { session } = found;
    if (req.method === 'POST') {
      const chosen = new URLSearchParams(body).get('action');
      // "Pay, webhook lost": paid at Stripe, the shop not told (reconciliation finds it).
      const action = chosen === 'pay_drop' ? 'pay' : chosen;
      if (
        action === 'refund' ||
        action === 'dispute' ||
        action === 'dispute_won' ||
        action === 'dispute_lost'
      ) {
        if (action === 'refund') await this.refund(sessionId);
        else if (action === 'dispute') await this.dispute(sessionId);
        else await this.closeDispute(sessionId, action === 'dispute_won' ? 'won' : 'lost');
        res.writeHead(303, { location: `/checkout/${sessionId}` }).end();
        return;
      }
      if (action !== 'pay' && action !== 'decline' && action !== 'expire')
        return html(res, 400, '<p>Unknown action.</p>');
      await this.decide(sessionId, action, { drop: chosen === 'pay_drop' });
      const back = action === 'pay' ? session.success_url : session.cancel_url;
      res.writeHead(303, { location: (back ?? '/').replace('{CHECKOUT_SESSION_ID}', sessionId) }).end();
      return;
    }
    const amount = `${session.amount_total} ${session.currency?.toUpperCase()} (Stripe units)`;
    const open = session.status === 'open';
    return html(
      res,
      200,
      `<h1>Stripe test checkout</h1><dl><dt>Session</dt><dd>${sessionId}</dd><dt>Order</dt><dd>${escape(session.client_reference_id ?? '')}</dd>
<dt>Amount</dt><dd>${escape(amount)}</dd><dt>Methods</dt><dd>${escape(session.payment_method_types.join(', '))}</dd><dt>Status</dt><dd>${session.status} / ${session.payment_status}</dd></dl>
${open ? `<form method="post"><button name="action" value="pay">Pay</button> <button name="action" value="decline">Decline</button> <button name="action" value="expire">Let it expire</button> <button name="action" value="pay_drop">Pay, webhook lost</button></form>` : '<p>This session is closed.</p>'}
${this.moneyPanel(sessionId)}`,
    );
  }
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function json(res: ServerResponse, status: number, value: unknown) {
  res
    .writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') })
    .end(JSON.stringify(value));
}

function html(res: ServerResponse, status: number, content: string) {
  res
    .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
    .end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe test checkout</title></head><body><main>${content}</main></body></html>`,
    );
}
