/**
 * A buyer's whole order as autocannon requests, for both benches (api-load.ts on the demo data, the scale bench's
 * load-worker.ts): the top-up captcha, `add_order` with a new idempotency key, and the sandbox provider's signed
 * "paid" notification. Each connection is one member; what counts as placed, paid or failed is the caller's.
 */
import { randomUUID } from 'node:crypto';
import type { Request } from 'autocannon';
import { signedHeaders } from '../../apps/api/src/dev/sandbox/sandbox-signature.ts';

/** A member who can order, and the character credited. */
export interface OrderMember {
  cookie: string;
  ct: string;
  server: string;
  role: string;
}

export interface OrderProduct {
  gameBaseId: number;
  gameId: string;
  productId: string;
  productName: string;
  price: number;
  currency: string;
  payMode: number;
  paymentType: string;
}

export interface OrderFlow {
  members: OrderMember[];
  product: OrderProduct;
  captchaAnswer: string;
  sandboxSecret: string;
  /** Called once per step with whether it answered as it should. */
  onCaptcha(ok: boolean): void;
  onOrder(ok: boolean): void;
  onPaid(ok: boolean): void;
}

export function orderRequests(flow: OrderFlow): Request[] {
  let next = 0;
  type Ctx = { member?: OrderMember; captcha?: string; order?: { order_no: string; pay_order_no: string } };
  const { product } = flow;
  return [
    {
      method: 'GET',
      setupRequest: (req, context: Ctx) => {
        context.member ??= flow.members[next++ % flow.members.length]!;
        return {
          ...req,
          path: `/pay/api/web/pay/get_captcha?ct=${context.member.ct}`,
          headers: { cookie: context.member.cookie },
        };
      },
      onResponse: (status, body, context: Ctx) => {
        const parsed =
          status === 200 ? (JSON.parse(body) as { code: number; data: { captcha_token: string } }) : null;
        if (parsed?.code === 0) context.captcha = parsed.data.captcha_token;
        flow.onCaptcha(parsed?.code === 0);
      },
    },
    {
      method: 'POST',
      setupRequest: (req, context: Ctx) => {
        const m = context.member!;
        const form = new URLSearchParams({
          game_base_id: String(product.gameBaseId),
          game_id: product.gameId,
          cp_server_id: m.server,
          cp_role_id: m.role,
          product_id: product.productId,
          product_name: product.productName,
          product_price: String(product.price),
          currency: product.currency,
          pay_mode: String(product.payMode),
          payment_type: product.paymentType,
          captcha_token: context.captcha ?? '',
          captcha_code: flow.captchaAnswer,
          idempotency_key: randomUUID(),
          ct: m.ct,
        });
        return {
          ...req,
          path: '/pay/api/komoe/webpay/add_order?distribution_region=5&lang=en',
          headers: { cookie: m.cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        };
      },
      onResponse: (status, body, context: Ctx) => {
        const parsed =
          status === 200
            ? (JSON.parse(body) as { code: number; data: { order_no: string; pay_order_no: string } })
            : null;
        context.order = parsed?.code === 0 ? parsed.data : undefined;
        flow.onOrder(context.order !== undefined);
      },
    },
    {
      method: 'POST',
      setupRequest: (req, context: Ctx) => {
        const order = context.order;
        const body = JSON.stringify({
          event_id: randomUUID(),
          type: 'payment.paid',
          pay_order_no: order?.pay_order_no ?? 'none',
          order_no: order?.order_no ?? 'none',
          amount: product.price,
          currency: product.currency,
          occurred_at: new Date().toISOString(),
        });
        return {
          ...req,
          path: '/pay/notify/sandbox',
          headers: signedHeaders(flow.sandboxSecret, body, new Date()),
          body,
        };
      },
      onResponse: (status, body) => flow.onPaid(status === 200 && body.includes('"received":true')),
    },
  ];
}
