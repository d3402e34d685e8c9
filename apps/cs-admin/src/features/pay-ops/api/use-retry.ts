import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App } from 'antd';
import { payCalls } from './pay-ops.calls.ts';
import { payErrorText } from '../model/pay-errors.ts';
import { useDeliveryWatch } from './use-delivery-watch.ts';

/**
 * "Retry delivery" of a dead-lettered order: asks first (saying what happens and that the character is credited
 * once), sends it, then follows the delivery until the worker has done it. `watched` holds each retried order
 * as last seen.
 */
export function useRetry(onRetried?: (orderNo: string) => void) {
  const { t } = useTranslation('ops');
  const { message, modal } = App.useApp();
  const { watched, watch } = useDeliveryWatch();
  const [busy, setBusy] = useState<string | null>(null);

  const send = async (orderNo: string) => {
    setBusy(orderNo);
    try {
      const order = await payCalls.retryDelivery({ order_no: orderNo });
      watch(order);
      void message.success(t('pay.retry.sent', { orderNo }));
      onRetried?.(orderNo);
    } catch (error) {
      void message.error(payErrorText(t, error));
    } finally {
      setBusy(null);
    }
  };

  const retry = (orderNo: string) =>
    void modal.confirm({
      title: t('pay.retry.confirmTitle', { orderNo }),
      content: t('pay.retry.confirm'),
      okText: t('pay.retry.action'),
      cancelText: t('common.cancel'),
      onOk: () => send(orderNo),
    });

  return { retry, watched, watch, busy };
}

/** A screen's retries, as `useRetry` gives them. */
export type Retries = ReturnType<typeof useRetry>;
