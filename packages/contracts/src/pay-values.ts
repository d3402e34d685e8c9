/**
 * Pay constants and order states that need no zod (spec 9; DESIGN section 6 "Pay"); pay.contracts.ts re-exports
 * them, and browser builds import them without zod.
 */

/** Payment modes (spec 9 "Payment modes"). */
export const payModes = [12, 14, 15, 20, 105, 106, 107, 108] as const;
export type PayMode = (typeof payModes)[number];

/** What each payment mode is; the app-store modes (12, 14, 105) and MyCard's in-app mode (15) live in game clients. */
export const payModeNames = {
  12: 'ios',
  14: 'google',
  15: 'mycard',
  20: 'mycard_web',
  105: 'one_store',
  106: 'unipin',
  107: 'razer',
  108: 'upay',
} as const satisfies Record<PayMode, string>;

/** The modes a browser can pay with: web top-up offers channels of these modes only. */
export const webPayModes = [20, 106, 107, 108] as const satisfies readonly PayMode[];

export function isWebPayMode(mode: number): boolean {
  return (webPayModes as readonly number[]).includes(mode);
}

/**
 * Minor-unit exponents (ISO 4217) of the currencies that differ from the usual 2. IDR is 2 in ISO 4217 (sen),
 * even though no sen coin circulates: we follow the standard, as card providers such as Stripe do, so an amount
 * converts to and from a provider without a special case. Rp 79.000 is therefore 7900000.
 */
const exponentExceptions: Readonly<Record<string, number>> = {
  VND: 0,
  JPY: 0,
  KRW: 0,
  CLP: 0,
  ISK: 0,
  UGX: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BIF: 0,
  DJF: 0,
  GNF: 0,
  KMF: 0,
  PYG: 0,
  RWF: 0,
  VUV: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
};

/** Decimal places of a currency's minor unit (THB 2, VND 0, IDR 2...). */
export function currencyExponent(currency: string): number {
  return exponentExceptions[currency.toUpperCase()] ?? 2;
}

/**
 * Where an order is in the engine (DESIGN section 6): created -> awaiting_payment -> paid -> delivering ->
 * delivered, or failed / expired / refunded. Players see `status`, derived from it.
 */
export const orderStates = [
  'created',
  'awaiting_payment',
  'paid',
  'delivering',
  'delivered',
  'failed',
  'expired',
  'refunded',
] as const;
export type OrderState = (typeof orderStates)[number];

/** What a player sees (spec 4 "Recharge order status"): recharging, recharge successful, recharge failed. */
export const orderStatuses = ['pending', 'success', 'failed'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export function statusOfState(state: OrderState): OrderStatus {
  if (state === 'delivered') return 'success';
  if (state === 'failed' || state === 'expired' || state === 'refunded') return 'failed';
  return 'pending';
}

/**
 * The steps of an order's timeline as players and agents read it (the same steps on both sides): `created`
 * stands for both created and awaiting_payment (the player sees one "order placed"); the others are the engine's
 * states of that name.
 */
export const orderTimelineSteps = [
  'created',
  'paid',
  'delivering',
  'delivered',
  'failed',
  'expired',
  'refunded',
] as const;
export type OrderTimelineStep = (typeof orderTimelineSteps)[number];

/** The timeline step an order state shows as. */
export function timelineStepOf(state: OrderState): OrderTimelineStep {
  return state === 'awaiting_payment' ? 'created' : state;
}

/**
 * How far along each state is: every move of an order raises it (the state machine, apps/api order-state.ts), so of
 * two versions of one order the higher rank is the newer (the live status and a page's own query).
 */
export const orderStateRank: Record<OrderState, number> = {
  created: 0,
  awaiting_payment: 1,
  failed: 2,
  expired: 2,
  paid: 3,
  delivering: 4,
  delivered: 5,
  refunded: 6,
};

/**
 * States after which an order's live status stream ends: nothing more is expected to happen
 * without someone acting (a late payment of a failed or expired order, a refund of a delivered one: the page's
 * query or a reload shows those).
 */
export const streamEndStates: readonly OrderState[] = ['delivered', 'failed', 'expired', 'refunded'];

// ---- Refunds: why an order was refunded and whether the game server took the credit back ----

/**
 * Why an order was refunded. Staff pick one of the first four (a short list players understand in their own
 * language: the screens translate the code); `provider` is a refund the payment provider reported (made in the
 * provider's dashboard); `dispute_lost` is a dispute (chargeback) the payer won at the provider: the money went
 * back through the card issuer, with no refund of ours. Staff's free-text note stays in the console.
 */
export const refundReasons = [
  'player_request',
  'duplicate',
  'not_delivered',
  'other',
  'provider',
  'dispute_lost',
] as const;
export type RefundReason = (typeof refundReasons)[number];
/** The reasons staff may choose. */
export const staffRefundReasons = ['player_request', 'duplicate', 'not_delivered', 'other'] as const;
export type StaffRefundReason = (typeof staffRefundReasons)[number];

/** Whether the game server took the credit back (see pay_order_refund.reversal_status). */
export const reversalStatuses = [
  'not_needed',
  'pending',
  'reversed',
  'refused',
  'not_delivered',
  'failed',
] as const;
export type ReversalStatus = (typeof reversalStatuses)[number];
