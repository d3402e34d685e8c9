/** The refund and dispute values staff read, translated (ops:refunds). */
import type { TFunction } from 'i18next';
import { staffRefundReasons, type RefundReason, type ReversalStatus } from '@gp/contracts/pay';
import { tones } from '../../../lib/theme.ts';

export type StaffRefundReason = (typeof staffRefundReasons)[number];
export { staffRefundReasons };

/** States in which an order's payment is confirmed and not refunded yet: staff may refund it. */
export const refundableStates: readonly string[] = ['paid', 'delivering', 'delivered'];

export const refundReasonLabel = (t: TFunction, reason: RefundReason) =>
  t(`ops:refunds.reasonLabel.${reason}`);

export const reversalLabel = (t: TFunction, status: ReversalStatus) => t(`ops:refunds.reversal.${status}`);

/** Dark solid colours (antd's light presets miss WCAG AA for 12px text). */
export function reversalColour(status: ReversalStatus): string {
  if (status === 'reversed' || status === 'not_needed' || status === 'not_delivered') return tones.success;
  if (status === 'pending') return tones.link;
  return tones.danger;
}
