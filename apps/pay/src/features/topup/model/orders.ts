/**
 * What the page knows about the orders it made that the order calls do not answer: the checkout URL (to pay again
 * in the same order) and when it stops taking payment (the countdown of a QR code or an account number); and when
 * the player may query a payment again (10 s).
 */
import type { PayOrderCreated } from '@gp/contracts/pay';
import { payActionOf, type PayAction } from './pay-action.ts';
import type { VariantId } from './variant.ts';
import { readJson, writeJson } from './storage.ts';

export interface RememberedOrder extends PayAction {
  order_no: string;
  pay_order_no: string;
  /** The provider's checkout page; empty when the player pays from our page (`pay_instructions`). */
  pay_url: string;
  /** Epoch ms when the order stops taking payment. */
  expiresAt: number;
  /** The browser refused to open the payment window: the payment page offers a link instead. */
  blocked: boolean;
}

const ordersKey = (variant: VariantId) => `gp.pay.orders:${variant}`;
const keep = 5;

function all(variant: VariantId): RememberedOrder[] {
  const value = readJson(ordersKey(variant));
  return Array.isArray(value)
    ? value.filter(
        (o): o is RememberedOrder =>
          typeof o === 'object' &&
          o !== null &&
          typeof (o as RememberedOrder).order_no === 'string' &&
          typeof (o as RememberedOrder).pay_url === 'string',
      )
    : [];
}

export function rememberOrder(
  variant: VariantId,
  created: PayOrderCreated,
  blocked: boolean,
  now = Date.now(),
): RememberedOrder {
  const order: RememberedOrder = {
    order_no: created.order_no,
    pay_order_no: created.pay_order_no,
    pay_url: created.pay_url,
    ...payActionOf(created),
    expiresAt: now + created.expires_in * 1000,
    blocked,
  };
  writeJson(
    ordersKey(variant),
    [order, ...all(variant).filter((o) => o.order_no !== order.order_no)].slice(0, keep),
  );
  return order;
}

export function rememberedOrder(variant: VariantId, orderNo: string): RememberedOrder | undefined {
  return all(variant).find((o) => o.order_no === orderNo);
}

/** Spec 4: a 10-second wait between two queries of one payment. */
export const queryWaitMs = 10_000;
const queryKey = (payOrderNo: string) => `gp.pay.query:${payOrderNo}`;

export function nextQueryAt(payOrderNo: string): number {
  const value = readJson(queryKey(payOrderNo));
  return typeof value === 'number' ? value : 0;
}

export function markQueried(payOrderNo: string, now = Date.now()): number {
  const until = now + queryWaitMs;
  writeJson(queryKey(payOrderNo), until);
  return until;
}
