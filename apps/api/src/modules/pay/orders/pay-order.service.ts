/**
 * The order engine behind both pay variants (DESIGN section 6 "Pay"): add_order / add_pay_order, order_detail,
 * order_history, order_result, and the provider's notifications.
 *
 * Making an order, in this order: the pay switch of the region (err3), a Facebook-authorised member (16, they
 * cannot pay on the web), no payment provider (err3); then the idempotency key is reserved - a key seen before
 * answers its order, a key an attempt in flight holds waits for it - and only then the captcha is checked (err1;
 * it is spent, so the key must come first), the product and price against the catalog (err3/6/7/13; a
 * `product_price` that is not the current price is err7), the server and character against the game server
 * (err4/5/8/9/10/11/12). The order snapshots what it shows (names in every language the catalog has, falling
 * back to en; the character name; price, currency, channel) and the credit it delivers, then the provider
 * creates the payment (its failure: err2, the order failed with reason 2).
 *
 * With the public cache on, the switch and catalog checks read the catalog remembered in memory
 * (remembered-catalog.repository.ts: those reads were most of an order's round trips). An order is accepted
 * on it only if its insert, one statement with the check, finds the database's catalog still agreeing; a
 * refusal, or an insert that found the catalog changed, is decided again on the database's catalog, so the
 * answers are those of the database either way.
 *
 * A payment outcome - a verified notification or the provider's answer to "query payment result" - is applied
 * with the guarded transition (order-state.ts): paid from created / awaiting_payment / expired / failed, with the
 * delivery job written in the same transaction (transactional outbox); declined only from created /
 * awaiting_payment. A notification is recorded by event id in that transaction too, so a repeated one changes
 * nothing, and one for an amount or currency other than the order's is kept but never credits.
 */
import {
  currencyExponent,
  statusOfState,
  type PayMode,
  type PayOrderCreated,
  type PayOrderItem,
  type PayOrderPage,
  type PayOrderTracked,
  type RefundReason,
} from '@gp/contracts/pay';
import { socialChannels } from '@gp/contracts/passport';
import { codes, type ErrorDomain } from '@gp/errors';
import type { Clock } from '../../../config/clock.ts';
import { totalFields } from '../../../db/capped-count.ts';
import { inTransaction, type Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { awaitingProvider } from './order-state.ts';
import { timelineOf } from './order-timeline.ts';
import { payError, type PayCatalogService } from '../catalog/pay-catalog.service.ts';
import { providerKind } from '../providers/provider-catalog.ts';
import { started } from './started.ts';
import type { PayCharacterService } from '../catalog/pay-character.service.ts';
import {
  PayOrderRepository,
  type LocalizedNames,
  type NewOrder,
  type PayOrderRow,
} from './pay-order.repository.ts';
import type { Remember } from '../catalog/remembered-catalog.repository.ts';
import type { PaySwitchService } from '../catalog/pay-switch.service.ts';
import type { PayMetrics, PaymentOutcome } from '../../../observability/metrics.ts';
import {
  NotificationRejected,
  PaymentRefused,
  type IncomingNotification,
  type PaymentProvider,
  type PaymentStatus,
} from '../providers/payment-provider.ts';
import { compactDate, randomCode } from './random-code.ts';

export interface AddOrderInput {
  variant: 'webpay' | 'pay';
  mid: number;
  loginType: number;
  lang: string;
  /** Regional web pay names it (the site's region when left out); the second variant pays in the site's. */
  distributionRegion?: number | undefined;
  /** Second variant: kept as sent. */
  region?: number | undefined;
  addExtra?: string | undefined;
  gameBaseId: number;
  gameId: string;
  cpServerId: string;
  cpRoleId: string;
  productId: string;
  productPrice: number;
  currency: string;
  payMode: number;
  paymentType: string;
  captchaToken: string;
  captchaCode: string;
  idempotencyKey: string;
}

export interface OrderEngineOptions {
  distributionRegion: number;
  /** How long an order waits for its payment. */
  orderTtlMs: number;
  /** The app's logger fits. */
  log: Record<'info' | 'warn' | 'error', (context: object, message: string) => void>;
  /** Called after a payment was applied (the in-process delivery worker wakes up). */
  onPaid?: () => void;
  now: Clock;
  /** How long a request waits for a concurrent attempt with the same idempotency key. */
  keyWaitMs?: number;
  /** The pay host's origin (PAY_ORIGIN): the provider's page sends the player back to the order page there. */
  payOrigin?: string;
  /** What the operator's alerts count (observability/metrics.ts `payMetrics`). */
  metrics?: PayMetrics;
}

/** The catalog reads of order creation: the database's, or the same from memory (`remembered`). */
export interface CatalogReads {
  switches: PaySwitchService;
  catalog: PayCatalogService;
  characters: PayCharacterService;
  /** Keeps another catalog read (the names an order snapshots) the same way; absent: read each time. */
  remember?: Remember;
}

/**
 * The catalog as remembered in memory (remembered-catalog.repository.ts), for orders: accepted on it only when the
 * order's insert finds the database agreeing; refused only on the database's answer.
 */
export interface RememberedCatalog extends CatalogReads {
  /** Off (PUBLIC_CACHE_TTL_MS=0): the database is read every time. */
  enabled(): boolean;
  /** Forgets what is remembered (found stale). */
  forget(): void;
}

export interface OrderEngineDeps {
  db: Db;
  switches: PaySwitchService;
  captcha: { check(captchaToken: string, captchaCode: string): Promise<void> };
  catalog: PayCatalogService;
  characters: PayCharacterService;
  /** The deployment's provider (PAY_PROVIDER); undefined with `none`: orders are refused with err3. */
  provider: PaymentProvider | undefined;
  /** Every configured provider by name: a channel may name one other than the deployment's (pay_channel.provider). */
  providersByName?: Readonly<Record<string, PaymentProvider>> | undefined;
  /** A notification about nothing a payment decides: a refund or dispute (pay-refund.service.ts); null: neither. */
  afterPayment?: (
    provider: PaymentProvider,
    incoming: IncomingNotification,
  ) => Promise<NotificationResult | null>;
  /** The catalog from memory for order creation; absent: read from the database every time. */
  remembered?: RememberedCatalog | undefined;
  /** The refunds of these orders (the player's refunded rows say why). */
  refundsOf?: (orderIds: number[]) => Promise<Map<number, OrderRefund>>;
}

/** What applying a payment outcome did. */
export type OutcomeResult = 'applied' | 'ignored' | 'mismatch';
export type NotificationResult = OutcomeResult | 'duplicate' | 'unknown_order';

type Outcome =
  | { kind: 'paid'; amount: number; currency: string; paidAt: Date }
  | { kind: 'declined' }
  | { kind: 'expired' };

/** A pending attempt older than this is taken to have died with its process. */
const abandonedAfterMs = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A name in the page language, else en, else the id it names. */
export function nameIn(names: LocalizedNames, lang: string, fallback: string): string {
  return names[lang] ?? names.en ?? fallback;
}

/** A refunded order's refund as the player sees it (pay_order_refund). */
export interface OrderRefund {
  reason: RefundReason;
  refundedAt: Date;
}

/**
 * What players and staff both see of an order (the answer's key order is the contract's: the response schema
 * builds it).
 */
export function orderFacts(order: PayOrderRow, lang: string) {
  return {
    order_no: order.orderNo,
    pay_order_no: order.payOrderNo ?? '',
    game_base_id: order.gameBaseId,
    game_id: order.gameId,
    game_name: nameIn(order.names.game, lang, order.gameId),
    cp_server_id: order.cpServerId,
    server_name: nameIn(order.names.server, lang, order.cpServerId),
    cp_role_id: order.cpRoleId,
    role_name: order.roleName,
    product_id: order.productId,
    product_name: nameIn(order.names.product, lang, order.productId),
    product_price: order.price,
    currency: order.currency,
    exponent: currencyExponent(order.currency),
    pay_mode: order.payMode as PayMode,
    payment_type: order.paymentType,
    channel_name: nameIn(order.names.channel, lang, order.paymentType),
    state: order.state,
    reason_code: order.reasonCode,
    created_at: order.createdAt.toISOString(),
    pay_time: order.paidAt?.toISOString() ?? null,
    delivered_at: order.deliveredAt?.toISOString() ?? null,
  };
}

export function orderItem(order: PayOrderRow, lang: string, refund?: OrderRefund): PayOrderItem {
  return {
    ...orderFacts(order, lang),
    status: statusOfState(order.state),
    refund_reason: order.state === 'refunded' ? (refund?.reason ?? 'provider') : null,
    refunded_at: order.state === 'refunded' ? (refund?.refundedAt ?? order.updatedAt).toISOString() : null,
  };
}

export class PayOrderService {
  private readonly repo: PayOrderRepository;
  private readonly now: Clock;

  constructor(
    private readonly deps: OrderEngineDeps,
    private readonly options: OrderEngineOptions,
  ) {
    this.repo = new PayOrderRepository(deps.db);
    this.now = options.now;
  }

  get provider(): PaymentProvider | undefined {
    return this.deps.provider;
  }

  /** A configured provider by name (the deployment's, or one a channel names). */
  providerNamed(name: string): PaymentProvider | undefined {
    const named = this.deps.providersByName?.[name];
    if (named) return named;
    return this.deps.provider?.name === name ? this.deps.provider : undefined;
  }

  private providerNames(): string[] {
    return [...new Set([this.deps.provider?.name, ...Object.keys(this.deps.providersByName ?? {})])].filter(
      (name): name is string => name !== undefined,
    );
  }

  // ---- add_order / add_pay_order ----

  async addOrder(input: AddOrderInput): Promise<PayOrderCreated> {
    const region = input.distributionRegion ?? this.options.distributionRegion;
    const remembered = this.deps.remembered?.enabled() ? this.deps.remembered : undefined;
    // A switch remembered on is checked again by the order's insert; one remembered off is asked of the database.
    if (!(remembered && (await this.switchOn(remembered, region)))) {
      if (!(await this.switchOn(this.deps, region))) throw payError(codes.payRechargeUnavailable);
      // Remembered off, on in fact: an edit no staff call announced; read it afresh from now on.
      remembered?.forget();
    }
    if (input.loginType === socialChannels.facebook) throw payError(codes.payFacebookCannotRecharge);
    if (this.providerNames().length === 0) throw payError(codes.payRechargeUnavailable);

    const claim = await this.claimKey(input.mid, input.idempotencyKey);
    if (claim.kind === 'existing') return this.answerExisting(claim.order);
    try {
      const { order, methods } = await this.makeOrder(input, region, remembered);
      this.options.log.info(
        {
          orderNo: order.orderNo,
          gameId: order.gameId,
          productId: order.productId,
          price: `${order.price} ${order.currency}`,
          provider: order.provider,
        },
        'order placed',
      );
      return await this.startPayment(order, methods);
    } catch (error) {
      if (error instanceof AppError) {
        await this.repo.failRequest(
          input.mid,
          input.idempotencyKey,
          error.code,
          error.options.domain ?? 'pay',
        );
      } else {
        await this.repo.releaseRequest(input.mid, input.idempotencyKey);
      }
      throw error;
    }
  }

  /**
   * Reserves the key for this request, or finds the order made under it. A concurrent attempt holding the key
   * is waited for: its order is answered, its refusal repeated. A refused attempt's key is free for a new try.
   */
  private async claimKey(
    mid: number,
    key: string,
  ): Promise<{ kind: 'mine' } | { kind: 'existing'; order: PayOrderRow }> {
    // A real wait (how long this request has been held up), not business time: the monotonic clock.
    const deadline = performance.now() + (this.options.keyWaitMs ?? 20_000);
    let waited = false;
    for (;;) {
      const now = this.now();
      if (await this.repo.reserve(mid, key, now)) return { kind: 'mine' };
      const held = await this.repo.request(mid, key);
      if (!held) continue; // freed meanwhile
      if (held.orderId !== null) {
        const order = await this.repo.byId(held.orderId);
        if (order) return { kind: 'existing', order };
      }
      if (held.status === 'failed') {
        if (waited && held.errorCode !== null)
          throw new AppError(held.errorCode, { domain: (held.errorDomain ?? 'pay') as ErrorDomain });
        if (await this.repo.takeOver(mid, key, now, now)) return { kind: 'mine' };
        continue;
      }
      if (held.status === 'pending') {
        const staleBefore = new Date(now.getTime() - abandonedAfterMs);
        if (await this.repo.takeOver(mid, key, now, staleBefore)) return { kind: 'mine' };
        if (performance.now() > deadline) throw payError(codes.payInternalError);
        waited = true;
        await sleep(40);
      }
    }
  }

  /** The order a key made: resumes a payment that was never created (the process stopped mid-way). */
  private async answerExisting(order: PayOrderRow): Promise<PayOrderCreated> {
    if (order.payOrderNo === null) {
      if (order.state === 'created') return this.startPayment(order);
      throw payError(codes.payInternalError);
    }
    return this.created(order);
  }

  private async switchOn(reads: Pick<CatalogReads, 'switches'>, region: number): Promise<boolean> {
    return (await reads.switches.status(region)).main_switch_status === 1;
  }

  /**
   * The order, and its provider's payment methods for the channel (read with the offer). With the catalog
   * `remembered`, the order is checked against it and inserted only if the database still agrees (the insert's
   * condition); a refusal, or a catalog that changed, is decided again on the database's catalog, as without it.
   */
  private async makeOrder(
    input: AddOrderInput,
    region: number,
    remembered: RememberedCatalog | undefined,
  ): Promise<{ order: PayOrderRow; methods: string[] }> {
    // The captcha first: nothing about the catalog or the characters answers a request that has not solved it.
    await this.deps.captcha.check(input.captchaToken, input.captchaCode);
    let refusedFromMemory = false;
    if (remembered) {
      let checked: Awaited<ReturnType<PayOrderService['checkOrder']>> | undefined;
      try {
        checked = await this.checkOrder(input, region, remembered);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Refused on what is remembered: decided again below; forgotten only if the database accepts.
        refusedFromMemory = true;
      }
      if (checked) {
        const order = await this.repo.insertOrder(
          checked.values,
          input.idempotencyKey,
          this.deps.catalog.stillOffered({
            region,
            gameBaseId: checked.values.gameBaseId,
            gameId: checked.values.gameId,
            cpServerId: checked.values.cpServerId,
            productId: checked.values.productId,
            creditAmount: checked.values.creditAmount,
            price: checked.values.price,
            currency: checked.values.currency,
            payMode: checked.values.payMode,
            paymentType: checked.values.paymentType,
            ...checked.channel,
          }),
        );
        if (order) return { order, methods: checked.methods };
        // The database no longer agrees: changed behind the app's back (an edit no staff call announced), so
        // what is remembered is read afresh from now on.
        remembered.forget();
      }
      // Decided on the database from here, the pay switch too (it may have been remembered on).
      if (!(await this.switchOn(this.deps, region))) throw payError(codes.payRechargeUnavailable);
    }
    const checked = await this.checkOrder(input, region, this.deps);
    if (refusedFromMemory) remembered?.forget();
    const order = await this.repo.insertOrder(checked.values, input.idempotencyKey);
    return { order, methods: checked.methods };
  }

  /** The checks of an order against the catalog and the game server, and the order they make. */
  private async checkOrder(
    input: AddOrderInput,
    region: number,
    reads: CatalogReads,
  ): Promise<{
    values: NewOrder;
    methods: string[];
    channel: {
      provider: string | null;
      providerMethods: Record<string, string[]>;
      minAmount: number | null;
      maxAmount: number | null;
    };
  }> {
    // The offer and the recipient (catalog reads, the game server's checks) are asked at once; the offer's
    // refusals still come first, as when the recipient was asked only after it.
    const recipientAnswer = started(
      reads.characters.requireRecipient({
        mid: input.mid,
        region,
        gameBaseId: input.gameBaseId,
        cpServerId: input.cpServerId,
        cpRoleId: input.cpRoleId,
        lang: input.lang,
      }),
    );
    const offer = await reads.catalog.requireOffer({
      region,
      gameId: input.gameId,
      productId: input.productId,
      currency: input.currency,
      payMode: input.payMode,
      paymentType: input.paymentType,
      lang: input.lang,
    });
    // Both ids must name the same game, and the page must have shown the price the order charges.
    if (offer.gameBaseId !== input.gameBaseId) throw payError(codes.payProductNotFound);
    if (offer.price !== input.productPrice) throw payError(codes.payProductNotFound);
    // The channel's provider, else the deployment's. The catalog offers no channel whose provider is not
    // configured here (err13 above); this stays for a catalog read without the configured providers.
    const provider = this.providerNamed(offer.provider ?? this.deps.provider?.name ?? '');
    if (!provider) throw payError(codes.payRechargeUnavailable);
    const recipient = await recipientAnswer;
    const ref = {
      gameBaseId: offer.gameBaseId,
      cpServerId: recipient.cpServerId,
      productId: offer.productId,
      currency: offer.currency,
      payMode: offer.payMode,
      paymentType: offer.paymentType,
    };
    // A copy: remembered names are shared with other orders.
    const names = structuredClone(
      reads.remember
        ? await reads.remember(`pay-order-names:${JSON.stringify(ref)}`, () => this.repo.catalogNames(ref))
        : await this.repo.catalogNames(ref),
    );
    names.product[input.lang] ??= offer.productName;
    names.server[input.lang] ??= recipient.serverName;
    const now = this.now();
    return {
      values: {
        orderNo: `GP${compactDate(now)}${randomCode(16)}`,
        mid: input.mid,
        variant: input.variant,
        distributionRegion: region,
        region: input.region ?? null,
        addExtra: input.addExtra ?? null,
        lang: input.lang,
        gameBaseId: offer.gameBaseId,
        gameId: offer.gameId,
        cpServerId: recipient.cpServerId,
        cpRoleId: recipient.cpRoleId,
        roleName: recipient.roleName,
        productId: offer.productId,
        creditAmount: offer.creditAmount,
        price: offer.price,
        currency: offer.currency,
        payMode: offer.payMode,
        paymentType: offer.paymentType,
        names,
        provider: provider.name,
        expiresAt: new Date(now.getTime() + this.options.orderTtlMs),
        createdAt: now,
        updatedAt: now,
      },
      methods: offer.providerMethods[providerKind(provider.name)] ?? [],
      channel: {
        provider: offer.provider,
        providerMethods: offer.providerMethods,
        minAmount: offer.minAmount,
        maxAmount: offer.maxAmount,
      },
    };
  }

  /**
   * Creates the order's payment at the provider (idempotent per order number) and awaits the payment. `methods`: the
   * channel's payment methods when the caller has just read them (else read here).
   */
  private async startPayment(order: PayOrderRow, methods?: string[]): Promise<PayOrderCreated> {
    const provider = this.providerNamed(order.provider);
    let linked: Pick<PayOrderRow, 'payOrderNo' | 'payUrl' | 'payAction'> | undefined;
    let refusal: number = codes.payInternalError;
    try {
      if (!provider) throw new Error(`payment provider ${order.provider} not configured`);
      const paymentMethods = methods ?? (await this.deps.catalog.channelMethods(order, provider.name));
      const page = order.variant === 'webpay' ? '/paygame/' : '/pay_h5/payorder';
      const payment = await provider.createPayment({
        orderNo: order.orderNo,
        amount: order.price,
        currency: order.currency,
        description: `${nameIn(order.names.product, order.lang, order.productId)} - ${order.roleName} (${nameIn(order.names.server, order.lang, order.cpServerId)})`,
        lang: order.lang,
        expiresAt: order.expiresAt,
        payMode: order.payMode,
        paymentType: order.paymentType,
        methods: paymentMethods,
        returnUrl: `${(this.options.payOrigin ?? '').replace(/\/$/, '')}${page}?order_no=${encodeURIComponent(order.orderNo)}`,
        payerName: order.roleName,
      });
      linked = (await this.repo.linkPaymentAndAwait(order.id, payment, this.now()))
        ? {
            payOrderNo: payment.payOrderNo,
            payUrl: payment.payUrl,
            payAction:
              payment.instructions || payment.appUrl
                ? { instructions: payment.instructions, appUrl: payment.appUrl }
                : null,
          }
        : undefined;
      this.countPayment(order, 'created');
      this.options.log.info(
        { orderNo: order.orderNo, provider: provider.name, payOrderNo: payment.payOrderNo },
        'payment created',
      );
    } catch (error) {
      // The provider's refusal the player can act on keeps its code (13: pick another method); anything else is 2.
      if (error instanceof PaymentRefused) refusal = error.code;
      this.countPayment(order, error instanceof PaymentRefused ? 'refused' : 'failed');
      this.options.log.error({ orderNo: order.orderNo, err: String(error) }, 'payment not created');
      await this.repo.transition(order.id, 'failed', {
        cause: 'payment',
        set: { reasonCode: refusal },
        now: this.now(),
      });
      throw payError(refusal);
    }
    // The answer needs only the payment's number and URL: read the row again only when another attempt linked it.
    if (linked) return this.created({ ...order, ...linked });
    const fresh = await this.repo.byId(order.id);
    if (!fresh) throw payError(codes.payInternalError);
    return this.created(fresh);
  }

  /** A payment the provider was asked to open, by provider, channel (its payment type) and what came of it. */
  private countPayment(order: Pick<PayOrderRow, 'provider' | 'paymentType'>, outcome: PaymentOutcome): void {
    this.options.metrics?.payments.inc({ provider: order.provider, channel: order.paymentType, outcome });
  }

  private created(order: PayOrderRow): PayOrderCreated {
    return {
      order_no: order.orderNo,
      pay_order_no: order.payOrderNo ?? '',
      pay_url: order.payUrl ?? '',
      ...payActionOf(order),
      expires_in: Math.max(0, Math.ceil((order.expiresAt.getTime() - this.now().getTime()) / 1000)),
    };
  }

  // ---- order_detail / order_history / order_result ----

  /** One of the member's orders with its timeline; 14 for anyone else's or none. */
  async detail(mid: number, orderNo: string, lang: string): Promise<PayOrderTracked> {
    const tracked = await this.memberOrder(mid, orderNo, lang);
    if (!tracked) throw payError(codes.payNoResult);
    return tracked;
  }

  /** One of the member's orders with its timeline; undefined for anyone else's or none (a ticket's order). */
  async memberOrder(mid: number, orderNo: string, lang: string): Promise<PayOrderTracked | undefined> {
    const order = await this.repo.byOrderNo(orderNo);
    if (!order || order.mid !== mid) return undefined;
    return this.tracked(order, lang);
  }

  /** An order by its number, whoever placed it (staff acting from a ticket). */
  order(orderNo: string): Promise<PayOrderRow | undefined> {
    return this.repo.byOrderNo(orderNo);
  }

  /** An order as the player sees it, with its timeline (order_detail, the order in a ticket, the live status). */
  async tracked(order: PayOrderRow, lang: string): Promise<PayOrderTracked> {
    const [refunds, events] = await Promise.all([this.refunds([order]), this.repo.events(order.id)]);
    return {
      ...orderItem(order, lang, refunds.get(order.id)),
      // How to pay from our page, while paying is what the order waits for.
      ...(order.state === 'awaiting_payment'
        ? { ...payActionOf(order), expires_at: order.expiresAt.toISOString() }
        : {}),
      timeline: timelineOf(events),
    };
  }

  /** The refunds of the refunded ones among these orders. */
  private async refunds(orders: PayOrderRow[]): Promise<Map<number, OrderRefund>> {
    const refunded = orders.filter((o) => o.state === 'refunded').map((o) => o.id);
    if (refunded.length === 0 || !this.deps.refundsOf) return new Map();
    return this.deps.refundsOf(refunded);
  }

  async history(
    mid: number,
    region: number | undefined,
    page: { pageNum: number; pageSize: number },
    lang: string,
  ): Promise<PayOrderPage> {
    const { list, counted } = await this.repo.history(mid, region ?? this.options.distributionRegion, {
      offset: (page.pageNum - 1) * page.pageSize,
      limit: page.pageSize,
    });
    const refunds = await this.refunds(list);
    return {
      list: list.map((o) => orderItem(o, lang, refunds.get(o.id))),
      ...totalFields(counted),
      page_num: page.pageNum,
      page_size: page.pageSize,
    };
  }

  /**
   * "Query payment result": an order not known to be paid asks the provider and applies its answer. 14: no such
   * payment of the member; 15: the provider has no payment for an order still waiting for one.
   */
  async result(mid: number, payOrderNo: string, lang: string): Promise<PayOrderItem> {
    let order: PayOrderRow | undefined;
    for (const name of this.providerNames()) {
      order ??= await this.repo.byPayOrderNo(name, payOrderNo);
    }
    if (!order || order.mid !== mid) throw payError(codes.payNoResult);
    const asked = await this.askProvider(order, 'query');
    if (asked.answer === 'paid' || asked.answer === 'declined' || asked.answer === 'expired')
      order = (await this.repo.byId(order.id)) ?? order;
    if (order.state === 'created' || order.state === 'awaiting_payment')
      throw payError(codes.payOrderNotPaid);
    return orderItem(order, lang, (await this.refunds([order])).get(order.id));
  }

  // ---- Payment outcomes ----

  /**
   * Asks the order's provider about its payment and applies a decided answer (paid, declined, expired) through
   * the guarded transitions, as a notification would be: order_result (`cause` query), the reconciliation job
   * (`reconcile`) and staff's "ask the provider again" (`staff:<id>`). An order no longer waiting for its
   * payment, or with no payment at a configured provider, is not asked.
   */
  async askProvider(
    order: PayOrderRow,
    cause: string,
  ): Promise<{ answer: PaymentStatus['status'] | null; result: OutcomeResult | 'not_asked' }> {
    const provider = this.providerNamed(order.provider);
    if (!awaitingProvider.includes(order.state) || !provider || order.payOrderNo === null)
      return { answer: null, result: 'not_asked' };
    const answer = await provider.queryPayment(order.payOrderNo);
    if (answer.status !== 'paid' && answer.status !== 'declined' && answer.status !== 'expired')
      return { answer: answer.status, result: 'ignored' };
    const outcome: Outcome =
      answer.status === 'paid'
        ? { kind: 'paid', amount: answer.amount, currency: answer.currency, paidAt: answer.paidAt }
        : { kind: answer.status };
    const result = await inTransaction(this.deps.db, (tx) =>
      this.applyOutcome(new PayOrderRepository(tx), order, outcome, cause),
    );
    if (result === 'applied' && outcome.kind === 'paid') this.options.onPaid?.();
    return { answer: answer.status, result };
  }

  /**
   * A provider's notification: verified (NotificationRejected otherwise), recorded once per event id and
   * applied, all in one transaction.
   */
  async handleNotification(
    incoming: IncomingNotification,
    providerName = this.deps.provider?.name ?? '',
  ): Promise<NotificationResult> {
    const counted = this.options.metrics?.notifications;
    try {
      const result = await this.receiveNotification(incoming, providerName);
      counted?.inc({ provider: providerName, outcome: result });
      return result;
    } catch (error) {
      if (error instanceof NotificationRejected)
        counted?.inc({ provider: providerName, outcome: `refused_${error.reason}` });
      throw error;
    }
  }

  private async receiveNotification(
    incoming: IncomingNotification,
    providerName: string,
  ): Promise<NotificationResult> {
    const provider = this.providerNamed(providerName);
    if (!provider) throw new Error(`payment provider ${providerName} not configured`);
    const notification = await provider.verifyNotification(incoming, this.now());
    // Genuine, but about no payment decision: a refund or dispute, else nothing the order engine acts on (a
    // delayed method that has not paid yet, ...).
    if (!notification) return (await this.deps.afterPayment?.(provider, incoming)) ?? 'ignored';
    const outcome: Outcome =
      notification.outcome === 'paid'
        ? {
            kind: 'paid',
            amount: notification.amount,
            currency: notification.currency,
            paidAt: notification.occurredAt,
          }
        : { kind: notification.outcome };
    const result = await inTransaction(this.deps.db, async (tx): Promise<NotificationResult> => {
      const repo = new PayOrderRepository(tx);
      const recorded = await repo.recordNotificationOfOrder({
        provider: provider.name,
        eventId: notification.eventId,
        payOrderNo: notification.payOrderNo,
        outcome: notification.outcome,
        result: 'received',
      });
      if (!recorded.fresh) return 'duplicate';
      let order = recorded.order;
      if (!order) {
        // The payment was created but its number never saved on the order (the process stopped in between).
        const byNumber = await repo.byOrderNo(notification.orderNo);
        if (byNumber && byNumber.provider === provider.name && byNumber.payOrderNo === null) {
          await repo.linkPayment(
            byNumber.id,
            { payOrderNo: notification.payOrderNo, payUrl: '' },
            this.now(),
          );
          order = await repo.byId(byNumber.id);
        }
      }
      // An applied or ignored outcome records its result with the move; the others are recorded here.
      const recordedAs = { provider: provider.name, eventId: notification.eventId };
      const applied = order
        ? await this.applyOutcome(repo, order, outcome, `notification:${notification.eventId}`, recordedAs)
        : 'unknown_order';
      if (applied !== 'applied' && applied !== 'ignored')
        await repo.setNotificationResult(provider.name, notification.eventId, applied);
      return applied;
    });
    const context = {
      orderNo: notification.orderNo,
      provider: provider.name,
      eventId: notification.eventId,
      payOrderNo: notification.payOrderNo,
      outcome: notification.outcome,
      result,
    };
    if (result === 'mismatch' || result === 'unknown_order')
      this.options.log.error(context, 'payment notification not applied');
    else this.options.log.info(context, 'payment notification');
    if (result === 'applied' && outcome.kind === 'paid') this.options.onPaid?.();
    return result;
  }

  /**
   * Applies what the provider says about an order's payment, on a repository of the caller's transaction. With
   * `notification`, an applied or ignored outcome is recorded as that notification's result by the same statement.
   */
  private async applyOutcome(
    repo: PayOrderRepository,
    order: PayOrderRow,
    outcome: Outcome,
    cause: string,
    notification?: { provider: string; eventId: string },
  ): Promise<OutcomeResult> {
    const now = this.now();
    if (outcome.kind === 'declined' || outcome.kind === 'expired') {
      const moved = await repo.transition(order.id, outcome.kind === 'declined' ? 'failed' : 'expired', {
        cause,
        set: { reasonCode: codes.payOrderNotPaid },
        now,
        ...(notification ? { notification } : {}),
      });
      return moved ? 'applied' : 'ignored';
    }
    if (outcome.amount !== order.price || outcome.currency !== order.currency) {
      this.options.log.error(
        {
          orderNo: order.orderNo,
          paid: `${outcome.amount} ${outcome.currency}`,
          price: `${order.price} ${order.currency}`,
        },
        'payment amount differs from the order; not credited',
      );
      return 'mismatch';
    }
    // Transactional outbox: the delivery is owed from the moment the order is paid, written by the move itself.
    const moved = await repo.transition(order.id, 'paid', {
      cause,
      set: { paidAt: outcome.paidAt, reasonCode: null },
      now,
      deliveryJob: true,
      ...(notification ? { notification } : {}),
    });
    return moved ? 'applied' : 'ignored';
  }
}

/**
 * What the player pays with on our page and the wallet app's link, as the contracts name them; nothing for a
 * payment made on the provider's page alone.
 */
export function payActionOf(
  order: Pick<PayOrderRow, 'payAction'>,
): Pick<PayOrderCreated, 'pay_instructions' | 'app_url'> {
  const action = order.payAction;
  const instructions = action?.instructions;
  return {
    ...(instructions?.kind === 'qr' ? { pay_instructions: { kind: 'qr', qr_string: instructions.qr } } : {}),
    ...(instructions?.kind === 'bank_transfer'
      ? {
          pay_instructions: {
            kind: 'bank_transfer',
            bank: instructions.bank,
            account_number: instructions.accountNumber,
          },
        }
      : {}),
    ...(action?.appUrl ? { app_url: action.appUrl } : {}),
  };
}
