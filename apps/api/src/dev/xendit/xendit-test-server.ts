/**
 * A local stand-in for Xendit (development and tests only, loopback): the official SDK (`xendit-node`) talks to
 * it through XENDIT_API_BASE, so tests and `pnpm start` run the real adapter code path offline.
 *
 * It answers what the adapter uses, in Xendit's JSON (snake_case, as the SDK reads it), behind Basic auth with
 * the secret key:
 * - POST /payment_requests: a one-time e-wallet Payment Request (`idempotency-key` honoured; a channel code that
 *   is not the currency's, or a fraction of IDR / VND, is refused as Xendit refuses it: 400
 *   `API_VALIDATION_ERROR`), answered REQUIRES_ACTION with the wallet's links (`actions`: WEB, MOBILE, DEEPLINK);
 * - GET /payment_requests/:id;
 * - POST /refunds (`idempotency-key` honoured): a refund of a succeeded request, at most what is left of it;
 *   answered at once, completed with a `refund.succeeded` callback after the answer, as Xendit's wallet refunds
 *   complete later;
 * - GET /transactions (`types`, `statuses`, `created[gte|lte]`, `limit`, `after_id`; newest first, `has_more`):
 *   the settlement check's list.
 *
 * The wallet's page (GET /wallet/:id, the WEB and MOBILE links) is where a tester pays, declines, lets it expire,
 * or pays with the callback lost; then it sends the browser to the request's return URL. Each decision is sent as
 * Xendit sends callbacks: a JSON POST with the account's `x-callback-token` and a `webhook-id` that stays the same
 * on a late delivery (`deliverLate`, as Xendit's retries are).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Clock } from '../../config/clock.ts';

export interface XenditTestServerOptions {
  secretKey: string;
  callbackToken: string;
  now: Clock;
  /**
   * More accounts (XENDIT_ACCOUNTS), by secret key: each account's callback token. Each sees only its own
   * requests, refunds and transactions, as Xendit's accounts are apart.
   */
  accounts?: Readonly<Record<string, string>>;
  /**
   * Delivers a callback to the shop (its notify route); answers the HTTP status (0: not reached). `account`: the
   * secret key of the account whose callback it is.
   */
  send(body: string, headers: Record<string, string>, account: string): Promise<number>;
}

export interface SentCallback {
  event: string;
  /** The secret key of the account it is from. */
  account: string;
  body: string;
  headers: Record<string, string>;
  /** The shop's answer; 0 when it was dropped or could not be reached. */
  status: number;
}

type Json = Record<string, unknown>;
type Decision = 'pay' | 'decline' | 'expire';

/** The wallets this stand-in takes, by channel code: the country and currency (xendit-methods.ts's list). */
const wallets: Record<string, { country: string; currency: string; app: string }> = {
  GCASH: { country: 'PH', currency: 'PHP', app: 'gcash' },
  PAYMAYA: { country: 'PH', currency: 'PHP', app: 'paymaya' },
  GRABPAY: { country: 'PH', currency: 'PHP', app: 'grab' },
  MOMO: { country: 'VN', currency: 'VND', app: 'momo' },
  ZALOPAY: { country: 'VN', currency: 'VND', app: 'zalopay' },
  DANA: { country: 'ID', currency: 'IDR', app: 'dana' },
  SHOPEEPAY: { country: 'ID', currency: 'IDR', app: 'shopeeid' },
  TRUEMONEY: { country: 'TH', currency: 'THB', app: 'truemoney' },
  TOUCHNGO: { country: 'MY', currency: 'MYR', app: 'tngdwallet' },
};
/** QR codes and virtual accounts: the payer scans or transfers, there is no page to send them to. */
const qrCodes: Record<string, { country: string; currency: string }> = {
  PROMPTPAY: { country: 'TH', currency: 'THB' },
  QRIS: { country: 'ID', currency: 'IDR' },
};
const virtualAccounts: Record<string, { country: string; currency: string }> = {
  BCA: { country: 'ID', currency: 'IDR' },
};
const methodKey = { EWALLET: 'ewallet', QR_CODE: 'qr_code', VIRTUAL_ACCOUNT: 'virtual_account' } as const;
const wholeCurrencies = new Set(['IDR', 'VND']);

interface StoredRequest {
  /** The secret key of the account that made it. */
  account: string;
  json: Json;
  returnUrls: { success: string; failure: string };
  refunded: number;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class XenditTestServer {
  readonly businessId = '5f27a14a9bf05c73dd040bc8';
  /** Every callback sent (or dropped), oldest first. */
  readonly sent: SentCallback[] = [];
  private readonly requests = new Map<string, StoredRequest>();
  private readonly idempotent = new Map<string, string>();
  private readonly refunds = new Map<string, Json>();
  private readonly transactions: (Json & { account: string })[] = [];
  private server: Server | undefined;
  private baseUrl = '';

  constructor(private readonly options: XenditTestServerOptions) {}

  async listen(port = 0): Promise<string> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => this.reply(res, 500, { message: String(error) }));
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    this.baseUrl = `http://127.0.0.1:${address.port}`;
    return this.baseUrl;
  }

  close(): Promise<void> {
    const server = this.server;
    if (!server) return Promise.resolve();
    return new Promise((resolve) => server.close(() => resolve()));
  }

  /** A payment request as Xendit answers it (snake_case), or undefined. */
  request(id: string): Json | undefined {
    return this.requests.get(id)?.json;
  }

  /** The wallet's decision on a request, as the tester's click on its page; `drop` loses the callback. */
  async decide(
    id: string,
    decision: Decision,
    options: { drop?: boolean } = {},
  ): Promise<SentCallback | undefined> {
    const stored = this.requests.get(id);
    if (!stored) throw new Error(`no payment request ${id}`);
    const json = stored.json;
    if (json.status !== 'REQUIRES_ACTION' && json.status !== 'PENDING')
      throw new Error(`payment request ${id} is ${String(json.status)}`);
    const now = this.options.now().toISOString();
    json.updated = now;
    json.actions = [];
    if (decision === 'expire') {
      json.status = 'EXPIRED';
      return undefined;
    }
    json.status = decision === 'pay' ? 'SUCCEEDED' : 'FAILED';
    json.failure_code = decision === 'pay' ? null : 'USER_DECLINED_THE_TRANSACTION';
    const paymentId = `py-${randomUUID()}`;
    if (decision === 'pay')
      this.transactions.unshift({
        ...this.transaction('PAYMENT', id, json, json.amount as number, paymentId),
        account: stored.account,
      });
    const method = json.payment_method as Json;
    return this.callback(
      stored.account,
      decision === 'pay' ? 'payment.succeeded' : 'payment.failed',
      {
        id: paymentId,
        payment_request_id: id,
        reference_id: json.reference_id,
        customer_id: null,
        currency: json.currency,
        amount: json.amount,
        country: json.country,
        status: json.status,
        payment_method: method,
        channel_properties: this.channelOf(json).channel_properties,
        payment_detail: null,
        failure_code: json.failure_code,
        created: json.created,
        updated: now,
        metadata: json.metadata,
      },
      options.drop === true,
    );
  }

  /** Sends a dropped callback now, with its first webhook-id (a retry of Xendit's). */
  async deliverLate(callback: SentCallback): Promise<number> {
    callback.status = await this.options.send(callback.body, callback.headers, callback.account);
    return callback.status;
  }

  private async callback(account: string, event: string, data: Json, drop: boolean): Promise<SentCallback> {
    const body = JSON.stringify({
      event,
      business_id: this.businessId,
      created: this.options.now().toISOString(),
      data,
    });
    const headers = {
      'content-type': 'application/json',
      'x-callback-token':
        account === this.options.secretKey ? this.options.callbackToken : this.options.accounts![account]!,
      'webhook-id': randomUUID(),
    };
    const sent: SentCallback = { event, account, body, headers, status: 0 };
    this.sent.push(sent);
    if (!drop) sent.status = await this.options.send(body, headers, account);
    return sent;
  }

  private transaction(
    type: 'PAYMENT' | 'REFUND',
    requestId: string,
    json: Json,
    amount: number,
    productId: string,
  ) {
    const now = this.options.now().toISOString();
    return {
      id: `txn_${randomUUID()}`,
      // Payments are listed under their request's id, which is the shop's payment number.
      product_id: type === 'PAYMENT' ? requestId : productId,
      type,
      status: 'SUCCESS',
      channel_category: (json.payment_method as Json).type,
      channel_code: this.channelOf(json).channel_code,
      account_identifier: null,
      reference_id: json.reference_id,
      currency: json.currency,
      amount,
      cashflow: type === 'PAYMENT' ? 'MONEY_IN' : 'MONEY_OUT',
      settlement_status: 'PENDING',
      estimated_settlement_time: null,
      business_id: this.businessId,
      fee: { xendit_fee: 0, value_added_tax: 0, status: 'COMPLETED' },
      created: now,
      updated: now,
    };
  }

  /** The request's method part of its type (`ewallet`, `qr_code`, `virtual_account`). */
  private channelOf(json: Json): Json {
    const method = json.payment_method as Json;
    return method[methodKey[method.type as keyof typeof methodKey]] as Json;
  }

  // ---- HTTP ----

  private reply(res: ServerResponse, status: number, body: unknown) {
    if (res.headersSent) return;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  /** The secret key of the account a request authenticates as (Basic, the key as user name); undefined: none. */
  private accountOf(req: IncomingMessage): string | undefined {
    const keys = [this.options.secretKey, ...Object.keys(this.options.accounts ?? {})];
    return keys.find(
      (key) => req.headers.authorization === `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
    );
  }

  private async body(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.baseUrl);
    const path = url.pathname;
    const wallet = /^\/wallet\/([\w-]+)(\/decide)?$/.exec(path);
    if (wallet) return this.walletPage(req, res, wallet[1]!, wallet[2] !== undefined);
    const account = this.accountOf(req);
    if (!account)
      return this.reply(res, 401, { error_code: 'INVALID_API_KEY', message: 'API key is invalid' });
    if (req.method === 'POST' && path === '/payment_requests') return this.createRequest(req, res, account);
    const one = /^\/payment_requests\/([\w-]+)$/.exec(path);
    if (req.method === 'GET' && one) {
      const found = this.ownRequest(one[1]!, account);
      if (!found)
        return this.reply(res, 404, { error_code: 'DATA_NOT_FOUND', message: 'Payment request not found' });
      return this.reply(res, 200, found.json);
    }
    const simulate = /^\/payment_requests\/([\w-]+)\/payments\/simulate$/.exec(path);
    if (req.method === 'POST' && simulate) return this.simulatePayment(simulate[1]!, res, account);
    if (req.method === 'POST' && path === '/refunds') return this.createRefund(req, res, account);
    if (req.method === 'GET' && path === '/transactions') return this.listTransactions(url, res, account);
    this.reply(res, 404, { error_code: 'NOT_FOUND', message: `${req.method} ${path}` });
  }

  private invalid(res: ServerResponse, message: string) {
    this.reply(res, 400, { error_code: 'API_VALIDATION_ERROR', message });
  }

  /** A request of `account`'s; another account's is not there for it. */
  private ownRequest(id: string, account: string): StoredRequest | undefined {
    const stored = this.requests.get(id);
    return stored?.account === account ? stored : undefined;
  }

  private async createRequest(req: IncomingMessage, res: ServerResponse, account: string) {
    const idempotencyKey = req.headers['idempotency-key'];
    const again =
      typeof idempotencyKey === 'string' ? this.idempotent.get(`pr:${account}:${idempotencyKey}`) : undefined;
    if (again) return this.reply(res, 201, this.requests.get(again)!.json);
    const body = JSON.parse(await this.body(req)) as Json;
    const method = (body.payment_method ?? {}) as Json;
    const type = String(method.type ?? '');
    const key = methodKey[type as keyof typeof methodKey];
    const part = (key ? method[key] : undefined) as Json | undefined;
    const currency = String(body.currency ?? '');
    const amount = body.amount;
    const code = String(part?.channel_code ?? '');
    const table =
      type === 'EWALLET'
        ? wallets
        : type === 'QR_CODE'
          ? qrCodes
          : type === 'VIRTUAL_ACCOUNT'
            ? virtualAccounts
            : {};
    const channel = table[code];
    if (!key || !channel) return this.invalid(res, `${type} channel_code ${code} is not supported`);
    if (channel.currency !== currency)
      return this.invalid(res, `${code} does not support currency ${currency}`);
    if (typeof amount !== 'number' || !(amount > 0))
      return this.invalid(res, 'amount must be a positive number');
    // Two decimals at most, read as Xendit reads a JSON number (69.9 * 100 is 6990.000000000001 in binary).
    const cents = amount * 100;
    if (
      wholeCurrencies.has(currency) ? !Number.isInteger(amount) : Math.abs(cents - Math.round(cents)) > 1e-6
    )
      return this.invalid(res, `amount ${amount} has more decimals than ${currency} allows`);
    const properties = { ...((part?.channel_properties ?? {}) as Json) };
    const id = `pr-${randomUUID()}`;
    const now = this.options.now().toISOString();
    const link = `${this.baseUrl}/wallet/${id}`;
    let actions: Json[] = [];
    let success = '';
    let failure = '';
    if (type === 'EWALLET') {
      if (typeof properties.success_return_url !== 'string')
        return this.invalid(res, 'success_return_url is required');
      success = properties.success_return_url;
      failure = typeof properties.failure_return_url === 'string' ? properties.failure_return_url : success;
      const app = wallets[code]!.app;
      actions = [
        { action: 'AUTH', url_type: 'WEB', method: 'GET', url: link, qr_code: null },
        { action: 'AUTH', url_type: 'MOBILE', method: 'GET', url: `${link}?mobile=1`, qr_code: null },
        {
          action: 'AUTH',
          url_type: 'DEEPLINK',
          method: 'GET',
          url: `${app}://pay?request=${id}`,
          qr_code: null,
        },
      ];
    } else if (type === 'QR_CODE') {
      // An EMVCo-shaped payload: the scanning app reads the merchant, the currency and the amount from it.
      properties.qr_string = `00020101021226${code}${id.replace(/-/g, '').slice(3, 27)}5303${currency}54${String(amount).length.toString().padStart(2, '0')}${amount}5802${channel.country}6304`;
      actions = [
        {
          action: 'PRESENT_TO_CUSTOMER',
          url_type: 'API',
          method: null,
          url: null,
          qr_code: properties.qr_string,
        },
      ];
    } else {
      if (typeof properties.customer_name !== 'string' || properties.customer_name.length === 0)
        return this.invalid(res, 'customer_name is required');
      properties.virtual_account_number =
        `${Date.now() % 10_000_000_000}`.padStart(10, '0') + String(this.requests.size).padStart(4, '0');
    }
    const json: Json = {
      id,
      business_id: this.businessId,
      reference_id: body.reference_id,
      customer_id: null,
      amount,
      currency,
      country: channel.country,
      description: body.description ?? null,
      capture_method: 'AUTOMATIC',
      initiator: null,
      status: type === 'EWALLET' ? 'REQUIRES_ACTION' : 'PENDING',
      failure_code: null,
      metadata: body.metadata ?? null,
      created: now,
      updated: now,
      payment_method: {
        id: `pm-${randomUUID()}`,
        type,
        reference_id: body.reference_id,
        description: null,
        reusability: 'ONE_TIME_USE',
        status: 'ACTIVE',
        [key]: {
          channel_code: code,
          channel_properties: properties,
          ...(type === 'EWALLET' ? { account: null } : {}),
        },
        created: now,
        updated: now,
        metadata: null,
      },
      actions,
    };
    this.requests.set(id, { account, json, returnUrls: { success, failure }, refunded: 0 });
    if (typeof idempotencyKey === 'string') this.idempotent.set(`pr:${account}:${idempotencyKey}`, id);
    this.reply(res, 201, json);
  }

  /**
   * Xendit's test-mode payment of a QR code or virtual account (`POST /payment_requests/:id/payments/simulate`): as
   * if the payer scanned or transferred. Answered before the callback goes, as Xendit does.
   */
  private simulatePayment(id: string, res: ServerResponse, account: string) {
    const stored = this.ownRequest(id, account);
    if (!stored)
      return this.reply(res, 404, { error_code: 'DATA_NOT_FOUND', message: 'Payment request not found' });
    if (stored.json.status !== 'PENDING')
      return this.reply(res, 400, {
        error_code: 'INVALID_PAYMENT_REQUEST_STATUS',
        message: String(stored.json.status),
      });
    this.reply(res, 200, { status: 'PENDING', message: 'Payment simulation is in progress' });
    setImmediate(() => void this.decide(id, 'pay'));
  }

  private async createRefund(req: IncomingMessage, res: ServerResponse, account: string) {
    const key = req.headers['idempotency-key'];
    const again = typeof key === 'string' ? this.idempotent.get(`rfd:${account}:${key}`) : undefined;
    if (again) return this.reply(res, 200, this.refunds.get(again));
    const body = JSON.parse(await this.body(req)) as Json;
    const stored = this.ownRequest(String(body.payment_request_id ?? ''), account);
    if (!stored)
      return this.reply(res, 404, { error_code: 'DATA_NOT_FOUND', message: 'Payment request not found' });
    const json = stored.json;
    if (json.status !== 'SUCCEEDED')
      return this.reply(res, 400, {
        error_code: 'INELIGIBLE_TRANSACTION',
        message: 'The payment has not succeeded',
      });
    const paid = json.amount as number;
    const amount = typeof body.amount === 'number' ? body.amount : paid - stored.refunded;
    if (!(amount > 0) || amount > paid - stored.refunded)
      return this.reply(res, 400, {
        error_code: 'REFUND_AMOUNT_EXCEEDED',
        message: 'The refund amount exceeds what is left of the payment',
      });
    stored.refunded += amount;
    const now = this.options.now().toISOString();
    const id = `rfd-${randomUUID()}`;
    const method = json.payment_method as Json;
    const refund: Json = {
      id,
      payment_request_id: json.id,
      invoice_id: null,
      amount,
      payment_method_type: method.type,
      channel_code: this.channelOf(json).channel_code,
      currency: json.currency,
      status: 'PENDING',
      reason: body.reason ?? 'OTHERS',
      reference_id: body.reference_id ?? json.reference_id,
      failure_code: null,
      refund_fee_amount: null,
      created: now,
      updated: now,
      metadata: body.metadata ?? null,
      country: json.country,
    };
    this.refunds.set(id, refund);
    if (typeof key === 'string') this.idempotent.set(`rfd:${account}:${key}`, id);
    this.reply(res, 200, refund);
    // The wallet completes it after the answer, as Xendit's do.
    setImmediate(() => {
      refund.status = 'SUCCEEDED';
      refund.updated = this.options.now().toISOString();
      this.transactions.unshift({
        ...this.transaction('REFUND', String(json.id), json, amount, id),
        account,
      });
      void this.callback(account, 'refund.succeeded', { ...refund, payment_id: null }, false);
    });
  }

  private listTransactions(url: URL, res: ServerResponse, account: string) {
    const q = url.searchParams;
    const types = q.getAll('types');
    const statuses = q.getAll('statuses');
    const gte = q.get('created[gte]');
    const lte = q.get('created[lte]');
    const limit = Math.min(Number(q.get('limit') ?? 10), 50);
    let rows = this.transactions.filter(
      (t) =>
        t.account === account &&
        (types.length === 0 || types.includes(String(t.type))) &&
        (statuses.length === 0 || statuses.includes(String(t.status))) &&
        (!gte || String(t.created) >= new Date(gte).toISOString()) &&
        (!lte || String(t.created) <= new Date(lte).toISOString()),
    );
    const after = q.get('after_id');
    if (after) rows = rows.slice(rows.findIndex((t) => t.id === after) + 1);
    const page = rows.slice(0, limit);
    this.reply(res, 200, { data: page, has_more: rows.length > limit, links: [] });
  }

  private async walletPage(req: IncomingMessage, res: ServerResponse, id: string, deciding: boolean) {
    const stored = this.requests.get(id);
    if (!stored) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('No such payment');
      return;
    }
    if (deciding && req.method === 'POST') {
      const form = new URLSearchParams(await this.body(req));
      const choice = form.get('decision');
      if (choice === 'pay' || choice === 'lost') await this.decide(id, 'pay', { drop: choice === 'lost' });
      else if (choice === 'decline' || choice === 'expire') await this.decide(id, choice);
      const back = stored.json.status === 'SUCCEEDED' ? stored.returnUrls.success : stored.returnUrls.failure;
      // A QR code or an account has no way back: the tester's payment shows on the order page by itself.
      res.writeHead(303, { location: back || `/wallet/${id}` });
      res.end();
      return;
    }
    const json = stored.json;
    const code = String(this.channelOf(json).channel_code);
    const open = json.status === 'REQUIRES_ACTION' || json.status === 'PENDING';
    // A wallet's page is tapped on a phone: its buttons are touch targets of at least 44 px with room between them
    // (a browser's default button is about 21 px tall).
    const walletStyle =
      'body{font-family:system-ui,sans-serif;margin:0 auto;max-width:32rem;padding:1rem}' +
      'form{display:flex;flex-wrap:wrap;gap:.75rem}button{min-height:2.75rem;padding:0 1rem;font:inherit}';
    const button = (value: string, label: string) =>
      `<button name="decision" value="${value}">${label}</button>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${code} (Xendit test)</title>
<style>${walletStyle}</style></head>
<body><main><h1>${code}</h1><p>Xendit test wallet: ${escapeHtml(String(json.description ?? ''))}</p>
<p id="amount">${escapeHtml(String(json.currency))} ${escapeHtml(String(json.amount))}</p>
<p id="status">${escapeHtml(String(json.status))}</p>
${
  open
    ? `<form method="post" action="/wallet/${id}/decide">${button('pay', 'Pay')} ${button('decline', 'Decline')}
${button('expire', 'Let it expire')} ${button('lost', 'Pay, callback lost')}</form>`
    : ''
}</main></body></html>`);
  }
}
