import { useTranslation } from 'react-i18next';
import { Button, Tag } from 'antd';
import {
  deliveryStatusColour,
  deliveryStatusLabel,
  orderStateColour,
  orderStateLabel,
} from '../model/labels.ts';
import styles from './pay-ops.module.css';

export function OrderStateTag({ state }: { state: string }) {
  const { t } = useTranslation('ops');
  return <Tag color={orderStateColour(state)}>{orderStateLabel(t, state)}</Tag>;
}

/** A delivery's status; none while the order is not paid. */
export function DeliveryTag({ status }: { status: string | null }) {
  const { t } = useTranslation('ops');
  if (status === null) return <Tag>{t('pay.deliveryStatus.none')}</Tag>;
  return <Tag color={deliveryStatusColour(status)}>{deliveryStatusLabel(t, status)}</Tag>;
}

/** An order's number that opens its panel (the order search, the stuck deliveries). */
export function OrderNoButton({ orderNo, onOpen }: { orderNo: string; onOpen: (orderNo: string) => void }) {
  const { t } = useTranslation('ops');
  return (
    <Button
      type="link"
      className={styles.orderNo}
      onClick={() => onOpen(orderNo)}
      aria-label={t('pay.order.openOf', { orderNo })}
    >
      {orderNo}
    </Button>
  );
}
