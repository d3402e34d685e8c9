import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Drawer, Empty, Flex, Space, Spin, Typography } from 'antd';
import type { PayAdminOrderDetail } from '@gp/contracts/pay-admin';
import { formatDate, formatNumber, mediumDateTimeSeconds } from '@gp/i18n/format';
import { Money } from '../../../lib/money.tsx';
import { payCalls } from '../api/pay-ops.calls.ts';
import { payErrorText } from '../model/pay-errors.ts';
import type { WatchedOrder } from '../api/use-delivery-watch.ts';
import type { Retries } from '../api/use-retry.ts';
import {
  causeLabel,
  notificationOutcomeLabel,
  notificationResultLabel,
  orderStateLabel,
  payModeLabel,
} from '../model/labels.ts';
import { DeliveryTag, OrderStateTag } from './delivery-state.tsx';
import { RefundSection } from './refund-section.tsx';
import styles from './plain-table.module.css';
import { Facts } from '../../../lib/facts.tsx';
import layout from '../../../lib/layout.module.css';

/**
 * One order in a side panel: what was bought for whom at which price, its state changes with their causes and
 * times, the provider's notifications, and the credit delivery (attempts, last error, receipt) with "Retry
 * delivery" when it was given up on. A retried delivery shows as the parent follows it.
 */
export function OrderDrawer({
  orderNo,
  retries,
  onClose,
}: {
  orderNo: string | null;
  /** The screen's retries (`useRetry`): this order's, as a retry and the checks after it last saw it. */
  retries: Retries;
  onClose: () => void;
}) {
  const { t } = useTranslation('ops');
  const watched = orderNo ? retries.watched[orderNo] : undefined;
  const retrying = retries.busy !== null && retries.busy === orderNo;
  const onRetry = retries.retry;
  const [loaded, setLoaded] = useState<{
    orderNo: string;
    order?: PayAdminOrderDetail;
    error?: unknown;
  } | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (orderNo === null) return;
    let live = true;
    payCalls.order({ order_no: orderNo }).then(
      (order) => {
        if (live) setLoaded({ orderNo, order });
      },
      (error: unknown) => {
        if (live) setLoaded({ orderNo, error });
      },
    );
    return () => {
      live = false;
    };
  }, [orderNo, version]);

  const current = loaded?.orderNo === orderNo ? loaded : null;
  const order = watched?.order ?? current?.order;
  return (
    <Drawer
      open={orderNo !== null}
      onClose={onClose}
      size={760}
      title={
        <Typography.Title level={2} className={layout.screenSubtitle}>
          {t('pay.order.detailTitle', { orderNo: orderNo ?? '' })}
        </Typography.Title>
      }
      closable={{ 'aria-label': t('common.close') }}
      extra={
        <Button onClick={() => setVersion((v) => v + 1)} disabled={orderNo === null}>
          {t('common.refresh')}
        </Button>
      }
    >
      {current?.error !== undefined && !order ? (
        <Alert type="error" showIcon title={payErrorText(t, current.error)} />
      ) : !order ? (
        <Spin />
      ) : (
        <OrderDetail
          order={order}
          watched={watched}
          retrying={retrying}
          onRetry={onRetry}
          onRefunded={(refunded) => setLoaded({ orderNo: refunded.order_no, order: refunded })}
        />
      )}
    </Drawer>
  );
}

function OrderDetail({
  order,
  watched,
  retrying,
  onRetry,
  onRefunded,
}: {
  order: PayAdminOrderDetail;
  watched: WatchedOrder | undefined;
  retrying: boolean;
  onRetry: (orderNo: string) => void;
  onRefunded: (order: PayAdminOrderDetail) => void;
}) {
  const { t, i18n } = useTranslation('ops');
  const time = (iso: string | null) =>
    iso ? formatDate(iso, i18n.language, { style: mediumDateTimeSeconds }) : t('pay.order.never');
  const delivery = order.delivery;
  return (
    <Flex vertical gap={24}>
      <section aria-labelledby="order-summary">
        <Typography.Title level={3} id="order-summary" className={layout.large}>
          {t('pay.order.summary')}
        </Typography.Title>
        <Facts
          items={[
            {
              key: 'state',
              label: t('pay.order.state'),
              children: (
                <Space size={8} wrap>
                  <OrderStateTag state={order.state} />
                  {order.reason_code !== null && (
                    <span>{t('pay.order.reason', { code: order.reason_code })}</span>
                  )}
                </Space>
              ),
            },
            {
              key: 'numbers',
              label: t('pay.order.numbers'),
              children: (
                <>
                  <div>
                    <Typography.Text code copyable>
                      {order.order_no}
                    </Typography.Text>
                  </div>
                  <div>
                    {order.pay_order_no
                      ? `${order.provider}: ${order.pay_order_no}`
                      : t('pay.order.noPayment', { provider: order.provider })}
                  </div>
                </>
              ),
            },
            { key: 'uid', label: t('pay.order.uid'), children: order.uid },
            {
              key: 'recipient',
              label: t('pay.order.recipient'),
              children: t('pay.order.recipientText', {
                game: order.game_name,
                server: order.server_name,
                serverId: order.cp_server_id,
                role: order.role_name,
                roleId: order.cp_role_id,
              }),
            },
            {
              key: 'product',
              label: t('pay.order.product'),
              children: t('pay.order.productText', {
                name: order.product_name,
                id: order.product_id,
                credit: formatNumber(order.credit_amount, i18n.language),
              }),
            },
            {
              key: 'price',
              label: t('pay.order.price'),
              children: (
                <Money minor={order.product_price} currency={order.currency} exponent={order.exponent} />
              ),
            },
            {
              key: 'payment',
              label: t('pay.order.payment'),
              children: `${order.channel_name} · ${payModeLabel(t, order.pay_mode)} · ${order.payment_type}`,
            },
            {
              key: 'region',
              label: t('pay.order.region'),
              children: `${order.distribution_region} · ${order.variant}`,
            },
            { key: 'created', label: t('pay.order.created'), children: time(order.created_at) },
            { key: 'expires', label: t('pay.order.expires'), children: time(order.expires_at) },
            { key: 'paid', label: t('pay.order.paid'), children: time(order.pay_time) },
            { key: 'delivered', label: t('pay.order.delivered'), children: time(order.delivered_at) },
          ]}
        />
      </section>

      <RefundSection order={order} onRefunded={onRefunded} />

      <section aria-labelledby="order-delivery">
        <Typography.Title level={3} id="order-delivery" className={layout.large}>
          {t('pay.delivery.title')}
        </Typography.Title>
        {delivery === null ? (
          <Typography.Paragraph>{t('pay.delivery.none')}</Typography.Paragraph>
        ) : (
          <Flex vertical gap={12}>
            <Facts
              items={[
                {
                  key: 'status',
                  label: t('pay.delivery.status'),
                  children: <DeliveryTag status={delivery.status} />,
                },
                { key: 'attempts', label: t('pay.delivery.attempts'), children: delivery.attempts },
                {
                  key: 'next',
                  label: t('pay.delivery.nextAttempt'),
                  children: delivery.status === 'pending' ? time(delivery.next_attempt_at) : '—',
                },
                {
                  key: 'error',
                  label: t('pay.delivery.lastError'),
                  children: delivery.last_error ? (
                    <span className={`${layout.danger} ${layout.preWrap}`}>{delivery.last_error}</span>
                  ) : (
                    '—'
                  ),
                },
                { key: 'receipt', label: t('pay.delivery.receipt'), children: delivery.delivery_id || '—' },
                { key: 'created', label: t('pay.delivery.created'), children: time(delivery.created_at) },
                { key: 'updated', label: t('pay.delivery.updated'), children: time(delivery.updated_at) },
              ]}
            />
            <RetryStatus watched={watched} />
            {delivery.status === 'dead' && (
              <div>
                <Button danger type="primary" loading={retrying} onClick={() => onRetry(order.order_no)}>
                  {t('pay.retry.action')}
                </Button>
              </div>
            )}
          </Flex>
        )}
      </section>

      <section aria-labelledby="order-events">
        <Typography.Title level={3} id="order-events" className={layout.large}>
          {t('pay.order.events')}
        </Typography.Title>
        {order.events.length === 0 ? (
          <Empty description={t('pay.order.noEvents')} />
        ) : (
          <table className={styles.table}>
            <caption className="sr-only">{t('pay.order.events')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('pay.order.when')}</th>
                <th scope="col">{t('pay.order.change')}</th>
                <th scope="col">{t('pay.order.cause')}</th>
              </tr>
            </thead>
            <tbody>
              {order.events.map((event, i) => (
                <tr key={i}>
                  <td className={layout.nowrap}>{time(event.created_at)}</td>
                  <td>
                    {event.from_state === null
                      ? t('pay.order.madeAs', { state: orderStateLabel(t, event.to_state) })
                      : t('pay.order.fromTo', {
                          from: orderStateLabel(t, event.from_state),
                          to: orderStateLabel(t, event.to_state),
                        })}
                  </td>
                  <td>{causeLabel(t, event.cause)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="order-notifications">
        <Typography.Title level={3} id="order-notifications" className={layout.large}>
          {t('pay.order.notifications')}
        </Typography.Title>
        {order.notifications.length === 0 ? (
          <Typography.Paragraph>{t('pay.order.noNotifications')}</Typography.Paragraph>
        ) : (
          <table className={styles.table}>
            <caption className="sr-only">{t('pay.order.notifications')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('pay.order.received')}</th>
                <th scope="col">{t('pay.order.event')}</th>
                <th scope="col">{t('pay.order.outcome')}</th>
                <th scope="col">{t('pay.order.result')}</th>
              </tr>
            </thead>
            <tbody>
              {order.notifications.map((n) => (
                <tr key={`${n.provider}:${n.event_id}`}>
                  <td className={layout.nowrap}>{time(n.received_at)}</td>
                  <td>
                    {n.provider}: <Typography.Text code>{n.event_id}</Typography.Text>
                  </td>
                  <td>{notificationOutcomeLabel(t, n.outcome)}</td>
                  <td>{notificationResultLabel(t, n.result)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </Flex>
  );
}

/** What became of a retry, said politely to screen readers as it changes. */
export function RetryStatus({ watched }: { watched: WatchedOrder | undefined }) {
  const { t } = useTranslation('ops');
  const status = watched?.order.delivery?.status;
  let text = '';
  if (watched && watched.checking) text = t('pay.retry.waiting');
  else if (watched && watched.stillPending) text = t('pay.retry.stillPending');
  else if (watched && status === 'done') text = t('pay.retry.done');
  else if (watched && status === 'dead') text = t('pay.retry.deadAgain');
  return (
    <span role="status" aria-live="polite">
      {text}
    </span>
  );
}
