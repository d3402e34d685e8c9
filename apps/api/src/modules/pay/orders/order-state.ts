/**
 * The order state machine (DESIGN section 6 "Pay"): which state may follow which. Every move of an order is a
 * guarded `UPDATE ... WHERE state IN (the states it may come from)` (PayOrderRepository.transition), so a late,
 * repeated or reordered event that finds the order elsewhere changes nothing.
 *
 *   created ──> awaiting_payment ──> paid ──> delivering ──> delivered
 *      │               │    │          ^          (refunded: after paid, by staff later)
 *      │               │    └> failed ─┤  the provider declined; a later confirmed payment still wins
 *      └───────────────┴─────> expired ┘  not paid in time; a late confirmed payment still wins
 *
 * Every allowed move raises the state's rank, so no order ever moves backwards: a paid order never becomes
 * failed or expired again, a delivered one never goes back to delivering. failed and expired are final for the
 * player unless the provider confirms that the money was taken after all; then the credit is owed and paid.
 */
import type { OrderState } from '@gp/contracts/pay';

// Shared with the pages, which compare two versions of one order by it.
export { orderStateRank } from '@gp/contracts/pay';

/** The states each state may be entered from. */
export const enteredFrom: Record<OrderState, readonly OrderState[]> = {
  created: [],
  awaiting_payment: ['created'],
  failed: ['created', 'awaiting_payment'],
  expired: ['created', 'awaiting_payment'],
  paid: ['created', 'awaiting_payment', 'failed', 'expired'],
  delivering: ['paid'],
  delivered: ['paid', 'delivering'],
  refunded: ['paid', 'delivering', 'delivered'],
};

/** States in which the provider may still report a payment: order_result asks it. */
export const awaitingProvider: readonly OrderState[] = ['created', 'awaiting_payment', 'failed', 'expired'];

/** States of an order whose payment is confirmed: the credit is owed (delivered, or on its way). */
export const paidStates: readonly OrderState[] = ['paid', 'delivering', 'delivered', 'refunded'];

export function mayMove(from: OrderState, to: OrderState): boolean {
  return enteredFrom[to].includes(from);
}
