/**
 * Staff refunds: the order's refund at its provider and its move to `refunded` are the pay module's
 * (pay-refund.service.ts); here the request is checked, and the audit row `pay.order.refund` written in the
 * refund's transaction with the reason, the note, the provider's refund id and what happens to the credit.
 */
import type { StaffRefundReason } from '@gp/contracts/pay';
import type { PayAdminOrderDetail } from '@gp/contracts/pay-admin';
import { codes } from '@gp/errors';
import type { Db } from '../../../db/database.ts';
import { AppError, RequestValidationError } from '../../../http/app-error.ts';
import type { PayRefundService } from './pay-refund.service.ts';
import { audit, type AuthenticatedStaff } from '../../staff/index.ts';
import { PayOrderRepository } from '../orders/pay-order.repository.ts';
import type { PayAdminOrderService } from '../orders/order-admin.service.ts';

export interface RefundInput {
  order_no: string;
  reason: StaffRefundReason;
  note?: string | undefined;
}

export class PayAdminRefundService {
  constructor(private readonly d: { db: Db; refunds: PayRefundService; orders: PayAdminOrderService }) {}

  async refund(staff: AuthenticatedStaff, input: RefundInput, lang: string): Promise<PayAdminOrderDetail> {
    const note = input.note ? input.note : null;
    // "Other" says nothing by itself: staff say what it was.
    if (input.reason === 'other' && !note)
      throw new RequestValidationError([{ field: 'note', code: 'required' }]);
    const found = await new PayOrderRepository(this.d.db).byRef(input.order_no);
    if (!found) throw new AppError(codes.notFound);
    const { order } = found;
    await this.d.refunds.refundByStaff(order, {
      staff,
      reason: input.reason,
      note,
      audit: (tx, detail) =>
        audit.record(tx, {
          actor: staff,
          action: 'pay.order.refund',
          target: { type: 'pay_order', id: order.orderNo },
          before: { state: detail.fromState },
          after: {
            state: 'refunded',
            reason: input.reason,
            note,
            refund_ref: detail.refundRef,
            reversal: detail.reversal,
          },
        }),
    });
    return this.d.orders.detail(order.orderNo, lang);
  }
}
