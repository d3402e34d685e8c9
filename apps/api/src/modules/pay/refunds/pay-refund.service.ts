/**
 * Refunds and disputes of top-up orders (DESIGN section 6 "Pay").
 *
 * A staff refund asks the order's provider to refund the payment in full (idempotent per order, so a repeat
 * answers the same refund), then, in one transaction, moves the order to `refunded` with the guarded transition
 * (order-state.ts: from paid, delivering or delivered), writes its refund row (reason code, staff's note, who)
 * and the caller's audit row. The provider's own report of the refund (a webhook, `afterPayment`) moves the order
 * the same way with reason `provider`; whichever comes second finds the order refunded and changes nothing (a
 * staff refund whose webhook overtook it takes over the row with staff's reason). So the order is refunded once
 * and its refund row - the reversal's outbox - is written once.
 *
 * The credit: refunded from `paid`, no delivery reached the game server (the delivery worker moves the order to
 * `delivering` before asking, and a refunded order cannot move there): the pending delivery job is given up and
 * no reversal is needed. From `delivering` / `delivered` the refund row's reversal is `pending`, and the reversal
 * worker (pay-reversal.worker.ts) asks the game server to take the credit back.
 *
 * A dispute (chargeback) flags the order with the provider's status and reason; it is not a state: the money
 * may come back (won) or not (lost). A lost dispute is a refund the provider does not report as one (Stripe
 * withdraws the money with the dispute and sends no `charge.refunded`): the notification that closes it lost
 * (the provider decides what lost is, `AfterPaymentNotification.lost`) moves the order to `refunded` with reason
 * `dispute_lost` through the same transition and refund row as the provider's refund report, so the reversal
 * follows the same way and a later refund report, a replay or staff find the order refunded and change nothing.
 * An order refunded before its dispute closed keeps its refund; the dispute is recorded on it only.
 */
import { paidStates } from '../orders/order-state.ts';
import type { StaffRefundReason } from '@gp/contracts/pay';
import { codes } from '@gp/errors';
import type { Clock } from '../../../config/clock.ts';
import { inTransaction, type Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { PayOrderRepository, type PayOrderRow } from '../orders/pay-order.repository.ts';
import { PayRefundRepository, type RefundReason } from './pay-refund.repository.ts';
import {
  RefundRefused,
  type IncomingNotification,
  type PaymentProvider,
} from '../providers/payment-provider.ts';

export interface RefundServiceDeps {
  db: Db;
  providerNamed: (name: string) => PaymentProvider | undefined;
  log: Record<'info' | 'warn' | 'error', (context: object, message: string) => void>;
  now: Clock;
  /** Called after a refund that needs a reversal was committed (the reversal worker runs a round soon). */
  onRefunded?: () => void;
}

export interface StaffRefund {
  staff: { staffId: number; accountId: string };
  reason: StaffRefundReason;
  note: string | null;
  /** Writes the audit row in the refund's transaction. */
  audit: (tx: Db, detail: { refundRef: string; fromState: string; reversal: string }) => Promise<void>;
}

/** What applying a refund or dispute notification did (kept in pay_notification.result). */
export type AfterPaymentResult = 'applied' | 'ignored' | 'duplicate' | 'unknown_order';

export class PayRefundService {
  constructor(private readonly deps: RefundServiceDeps) {}

  /** Staff's full refund of an order (see the file comment). Throws the staff refund codes. */
  async refundByStaff(order: PayOrderRow, refund: StaffRefund): Promise<void> {
    if (order.state === 'refunded') throw new AppError(codes.staffRefundAlreadyRefunded);
    if (!paidStates.includes(order.state)) throw new AppError(codes.staffRefundNotPaid);
    const provider = this.deps.providerNamed(order.provider);
    if (!provider || !order.payOrderNo) {
      this.deps.log.error(
        { orderNo: order.orderNo, provider: order.provider },
        'refund: provider not configured',
      );
      throw new AppError(codes.staffRefundProviderRefused);
    }
    let refundRef: string;
    try {
      ({ refundRef } = await provider.refundPayment({
        orderNo: order.orderNo,
        payOrderNo: order.payOrderNo,
        amount: order.price,
        currency: order.currency,
        reason: refund.reason,
      }));
    } catch (error) {
      if (!(error instanceof RefundRefused)) throw error;
      this.deps.log.warn({ orderNo: order.orderNo, err: error.detail }, 'refund refused by the provider');
      throw new AppError(codes.staffRefundProviderRefused, { data: { detail: error.detail } });
    }
    const now = this.deps.now();
    const reversal = await inTransaction(this.deps.db, async (tx) => {
      const refunds = new PayRefundRepository(tx);
      const from = await new PayOrderRepository(tx).transition(order.id, 'refunded', {
        cause: `refund:${refund.staff.accountId}`,
        now,
      });
      let reversal: string;
      if (from) {
        reversal = await this.recordRefund(refunds, order.id, from, now, {
          reason: refund.reason,
          note: refund.note,
          staffId: refund.staff.staffId,
          staffAccountId: refund.staff.accountId,
          refundRef,
          source: 'staff',
        });
      } else {
        // The provider's report of this same refund was applied first: staff's reason goes on its row.
        const taken = await refunds.claimProviderRefund(
          order.id,
          {
            reason: refund.reason,
            note: refund.note,
            staffId: refund.staff.staffId,
            staffAccountId: refund.staff.accountId,
            refundRef,
          },
          now,
        );
        if (!taken) throw new AppError(codes.staffRefundAlreadyRefunded);
        reversal = (await refunds.refund(order.id))?.reversalStatus ?? 'pending';
      }
      await refund.audit(tx, { refundRef, fromState: from ?? 'refunded', reversal });
      return reversal;
    });
    this.deps.log.info({ orderNo: order.orderNo, refundRef, reversal }, 'order refunded by staff');
    if (reversal === 'pending') this.deps.onRefunded?.();
  }

  /** The refund row of an order that just moved to refunded from `from`; answers its reversal status. */
  private async recordRefund(
    refunds: PayRefundRepository,
    orderId: number,
    from: string,
    now: Date,
    values: {
      reason: RefundReason;
      note: string | null;
      staffId: number | null;
      staffAccountId: string | null;
      refundRef: string | null;
      source: string;
    },
  ): Promise<'not_needed' | 'pending'> {
    const reversalStatus = from === 'paid' ? 'not_needed' : 'pending';
    if (reversalStatus === 'not_needed') await refunds.cancelDelivery(orderId, now);
    await refunds.insertRefund({
      orderId,
      ...values,
      refundedAt: now,
      reversalStatus,
      reversalNextAt: now,
      createdAt: now,
      updatedAt: now,
    });
    return reversalStatus;
  }

  /**
   * A provider's notification that `verifyNotification` found nothing in: a refund or a dispute of a paid
   * payment, verified by the provider (NotificationRejected otherwise), recorded once per event id and applied in
   * one transaction. Null when it is about neither.
   */
  async afterPayment(
    provider: PaymentProvider,
    incoming: IncomingNotification,
  ): Promise<AfterPaymentResult | null> {
    const notification = (await provider.afterPaymentNotification?.(incoming, this.deps.now())) ?? null;
    if (!notification) return null;
    const orderNo = notification.orderNo ?? (await provider.orderOfPayment?.(notification.paymentRef));
    const now = this.deps.now();
    let needsReversal = false;
    const result = await inTransaction(this.deps.db, async (tx): Promise<AfterPaymentResult> => {
      const orders = new PayOrderRepository(tx);
      const refunds = new PayRefundRepository(tx);
      const found = orderNo ? await orders.byOrderNo(orderNo) : undefined;
      const order = found?.provider === provider.name ? found : undefined;
      const fresh = await orders.recordNotification({
        provider: provider.name,
        eventId: notification.eventId,
        payOrderNo: order?.payOrderNo ?? notification.paymentRef,
        outcome: notification.kind === 'refunded' ? 'refunded' : `dispute:${notification.status}`,
        result: 'received',
      });
      if (!fresh) return 'duplicate';
      /** The provider's refund (reported, or a lost dispute): the order moves once, with its refund row. */
      const refundOrder = async (id: number, reason: RefundReason, refundRef: string | null) => {
        const source = `notification:${notification.eventId}`;
        const from = await orders.transition(id, 'refunded', { cause: source, now });
        if (!from) return false;
        const reversal = await this.recordRefund(refunds, id, from, now, {
          reason,
          note: null,
          staffId: null,
          staffAccountId: null,
          refundRef,
          source,
        });
        needsReversal = reversal === 'pending';
        return true;
      };
      let applied: AfterPaymentResult = 'unknown_order';
      if (order && notification.kind === 'refunded') {
        applied = (await refundOrder(order.id, 'provider', notification.refundRef ?? null))
          ? 'applied'
          : 'ignored';
      } else if (order && notification.kind === 'dispute') {
        // Only a payment that was made can be disputed; anything else is a stray event.
        const paid = paidStates.includes(order.state);
        const changed =
          paid &&
          (await refunds.upsertDispute({
            orderId: order.id,
            disputeRef: notification.disputeRef,
            status: notification.status,
            reason: notification.reason,
            openedAt: notification.openedAt,
            eventAt: notification.occurredAt,
            closedAt: notification.closed ? notification.occurredAt : null,
            now,
          }));
        // Lost is final whatever the dispute row kept (an event stamped later may have been applied first); the
        // guarded transition refunds once, and an order refunded already (by staff, or at the provider) stays so.
        const refunded = paid && notification.lost && (await refundOrder(order.id, 'dispute_lost', null));
        applied = changed || refunded ? 'applied' : 'ignored';
      }
      await orders.setNotificationResult(provider.name, notification.eventId, applied);
      return applied;
    });
    const context = {
      orderNo,
      provider: provider.name,
      eventId: notification.eventId,
      kind: notification.kind,
      result,
    };
    if (result === 'unknown_order')
      this.deps.log.error(context, 'refund or dispute notification not applied');
    else this.deps.log.info(context, 'refund or dispute notification');
    if (needsReversal) this.deps.onRefunded?.();
    return result;
  }
}
