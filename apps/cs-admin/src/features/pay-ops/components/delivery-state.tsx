import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import {
  deliveryStatusColour,
  deliveryStatusLabel,
  orderStateColour,
  orderStateLabel,
} from '../model/labels.ts';

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
