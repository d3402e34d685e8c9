/**
 * What the pay screens do before the order calls under test, for API tests: pick a character the member has, get
 * a top-up captcha (the test app accepts CAPTCHA_TEST_ANSWER), fill the add-order form, place the order; and
 * what the sandbox provider does: sign and send notifications.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { payServerItem, type PayOrderCreated, type PayOrderItem } from '@gp/contracts/pay';
import { signedHeaders } from '../src/dev/sandbox/sandbox-signature.ts';
import type { Db } from '../src/db/database.ts';
import { payOrder } from '../src/db/schema/pay-order.schema.ts';
import { payProduct, payProductPrice } from '../src/db/schema/pay.schema.ts';
import type { TestMember } from './member-session.ts';
import { captchaAnswer } from './passport-steps.ts';

/** The secret test apps sign sandbox notifications with (PAY_SANDBOX_SECRET). */
export const sandboxSecret = 'sandbox-test-secret-0123456789abcdef';

/** Env for a test app that takes orders: fixed captcha answer and sandbox secret, no background work. */
export const payTestEnv = {
  CAPTCHA_TEST_ANSWER: captchaAnswer,
  PAY_SANDBOX_SECRET: sandboxSecret,
  PAY_WORKER: 'false',
};

export type Json = { code: number; message: string; data: unknown };

export async function memberGet(app: FastifyInstance, url: string, who: TestMember | null) {
  const sep = url.includes('?') ? '&' : '?';
  const res = await app.inject({
    method: 'GET',
    url: who ? `${url}${sep}ct=${who.ct}` : url,
    cookies: who?.cookies ?? {},
  });
  return { status: res.statusCode, body: res.json() as Json };
}

export async function memberPost(
  app: FastifyInstance,
  url: string,
  who: TestMember | null,
  form: Record<string, string | number>,
) {
  const fields = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)]));
  const res = await app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(who ? { ...fields, ct: who.ct } : fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    cookies: who?.cookies ?? {},
  });
  return { status: res.statusCode, body: res.json() as Json };
}

/** A character of the member that can take a top-up: the first on a server not under maintenance. */
export async function rechargeableRole(app: FastifyInstance, who: TestMember, gameBaseId: number) {
  const { body } = await memberGet(app, `/pay/api/web/pay/user/role_list?game_base_id=${gameBaseId}`, who);
  const servers = payServerItem.array().parse(body.data);
  for (const server of servers) {
    if (server.is_maintenance) continue;
    const role = server.role_list.find((r) => r.can_recharge === 1);
    if (role) return { cpServerId: server.cp_server_id, cpRoleId: role.cp_role_id, roleName: role.role_name };
  }
  throw new Error('the member has no character that can take a top-up');
}

export async function payCaptcha(app: FastifyInstance, who: TestMember): Promise<string> {
  const { body } = await memberGet(app, '/pay/api/web/pay/get_captcha', who);
  return String((body.data as { captcha_token: string }).captcha_token);
}

/** A 980 Stardust order of Starfall Legends in THB by PromptPay (54900 = ฿549.00) for the member's character. */
export async function orderForm(
  app: FastifyInstance,
  who: TestMember,
  sfl: number,
  overrides: Record<string, string | number> = {},
): Promise<Record<string, string | number>> {
  // A test that names the character itself may have switched the game server's character list off.
  const named = overrides.cp_server_id !== undefined && overrides.cp_role_id !== undefined;
  const role = named ? undefined : await rechargeableRole(app, who, sfl);
  return {
    game_base_id: sfl,
    game_id: 'sfl_sea',
    cp_server_id: role?.cpServerId ?? '',
    cp_role_id: role?.cpRoleId ?? '',
    product_id: 'sfl_sea.gem_980',
    product_name: '980 Stardust',
    product_price: 54900,
    currency: 'THB',
    pay_mode: 108,
    payment_type: 'promptpay',
    captcha_token: await payCaptcha(app, who),
    captcha_code: captchaAnswer,
    idempotency_key: randomUUID(),
    ...overrides,
  };
}

export const addOrderUrl = {
  webpay: '/pay/api/komoe/webpay/add_order?distribution_region=5',
  pay: '/pay/api/web/pay/add_pay_order',
};

/** Places an order through a variant's add-order call and answers what it answered (code 0 expected). */
export async function placeOrder(
  app: FastifyInstance,
  who: TestMember,
  sfl: number,
  options: { variant?: 'webpay' | 'pay'; lang?: string; overrides?: Record<string, string | number> } = {},
): Promise<PayOrderCreated> {
  const form = await orderForm(app, who, sfl, options.overrides);
  const url = addOrderUrl[options.variant ?? 'webpay'];
  const { body } = await memberPost(
    app,
    options.lang ? `${url}${url.includes('?') ? '&' : '?'}lang=${options.lang}` : url,
    who,
    form,
  );
  if (body.code !== 0) throw new Error(`add order answered ${JSON.stringify(body)}`);
  return body.data as PayOrderCreated;
}

export async function orderDetail(app: FastifyInstance, who: TestMember, orderNo: string, lang = 'en') {
  const { body } = await memberGet(
    app,
    `/pay/api/web/pay/order_detail?order_no=${orderNo}&lang=${lang}`,
    who,
  );
  if (body.code !== 0) throw new Error(`order_detail answered ${JSON.stringify(body)}`);
  return body.data as PayOrderItem;
}

/** A sandbox notification body for a payment, as the sandbox would send it. */
export function notificationBody(fields: {
  eventId: string;
  payOrderNo: string;
  orderNo: string;
  outcome: 'paid' | 'declined';
  amount: number;
  currency: string;
  occurredAt?: Date;
}): string {
  return JSON.stringify({
    event_id: fields.eventId,
    type: fields.outcome === 'paid' ? 'payment.paid' : 'payment.declined',
    pay_order_no: fields.payOrderNo,
    order_no: fields.orderNo,
    amount: fields.amount,
    currency: fields.currency,
    occurred_at: (fields.occurredAt ?? new Date()).toISOString(),
  });
}

/** POSTs a notification to the notify endpoint, signed at `signedAt` with `secret`; answers status and body. */
export async function notify(
  app: FastifyInstance,
  body: string,
  options: { secret?: string; signedAt?: Date; headers?: Record<string, string> } = {},
) {
  const headers =
    options.headers ?? signedHeaders(options.secret ?? sandboxSecret, body, options.signedAt ?? new Date());
  const res = await app.inject({ method: 'POST', url: '/pay/notify/sandbox', payload: body, headers });
  return {
    status: res.statusCode,
    body: res.json() as { received: boolean; result?: string; error?: string },
  };
}

/** The web price (pay mode 108) of a game's product in `currency`: what an order form sends as `product_price`. */
export async function webPriceOf(
  db: Db,
  gameBaseId: number,
  currency: string,
  productId = 'sfl_sea.gem_980',
): Promise<number> {
  const [row] = await db
    .select({ price: payProductPrice.price })
    .from(payProductPrice)
    .innerJoin(payProduct, eq(payProduct.id, payProductPrice.payProductId))
    .where(
      and(
        eq(payProduct.gameBaseId, gameBaseId),
        eq(payProduct.productId, productId),
        eq(payProductPrice.currency, currency),
        eq(payProductPrice.payMode, 108),
      ),
    );
  if (!row) throw new Error(`no web price of ${productId} in ${currency}`);
  return row.price;
}

/** The stored order of an order number (a test asking for one that does not exist fails on the row's absence). */
export async function orderRowOf(db: Db, orderNo: string) {
  const [row] = await db.select().from(payOrder).where(eq(payOrder.orderNo, orderNo));
  if (!row) throw new Error(`no order ${orderNo}`);
  return row;
}

/** Places an order for `order`'s character at the product's web price in its currency, paid by its payment type. */
export async function placeOrderAt(
  app: FastifyInstance,
  db: Db,
  who: TestMember,
  gameBaseId: number,
  order: { cp_server_id: string; cp_role_id: string; currency: string; payment_type: string },
): Promise<PayOrderCreated> {
  const product_price = await webPriceOf(db, gameBaseId, order.currency);
  return placeOrder(app, who, gameBaseId, { overrides: { ...order, product_price } });
}
