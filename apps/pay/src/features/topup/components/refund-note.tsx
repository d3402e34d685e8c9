/**
 * A refunded top-up as the player reads it: "Refunded" instead of "Top-up failed", with why in
 * the player's language. Staff pick the reason from a short list of codes (pay-values `staffRefundReasons`) rather
 * than typing free text: a typed note would be in the staff member's language, not the player's, and may hold
 * internal remarks; the code translates into every page language.
 */
import { useTranslation } from 'react-i18next';
import type { PayOrderItem } from '@gp/contracts/pay';
import { currentLanguage } from '@gp/i18n';
import { dateTime, formatDate } from '@gp/i18n/format';

export const isRefunded = (order: PayOrderItem) => order.state === 'refunded';

/** Why it was refunded (an order refunded before refunds had reasons reads as refunded by the provider). */
export function RefundReason({ order }: { order: PayOrderItem }) {
  const { t } = useTranslation('pay');
  return <>{t(`refunds.reason.${order.refund_reason ?? 'provider'}`)}</>;
}

/** The order page's sentence: when, and where the money goes. */
export function RefundText({ order }: { order: PayOrderItem }) {
  const { t } = useTranslation('pay');
  const date = order.refunded_at ? formatDate(order.refunded_at, currentLanguage(), { style: dateTime }) : '';
  return (
    <>
      <p>
        <strong>{t('refunds.reasonLabel')}: </strong>
        <RefundReason order={order} />
      </p>
      <p>{t('refunds.text', { date })}</p>
    </>
  );
}
