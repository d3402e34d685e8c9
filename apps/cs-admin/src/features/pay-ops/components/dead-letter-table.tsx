import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { Button, Flex, Typography } from 'antd';
import type { DeadDeliveryItem } from '@gp/contracts/pay-admin';
import { formatDate, mediumDateTimeSeconds } from '@gp/i18n/format';
import { Money } from '../../../lib/money.tsx';
import { DataTable } from '../../../lib/data-table.tsx';
import type { WatchedOrder } from '../api/use-delivery-watch.ts';
import { DeliveryTag, OrderNoButton } from './delivery-state.tsx';
import { RetryStatus } from './order-drawer.tsx';
import layout from '../../../lib/layout.module.css';

const column = createColumnHelper<DeadDeliveryItem>();

/**
 * Deliveries the worker gave up on, most recent first: whose credit, what failed, how often; "Retry delivery" per
 * row, and once retried, the delivery as it now stands (pending, then done when the worker has delivered it).
 */
export function DeadLetterTable({
  items,
  watched,
  busyOrder,
  busy,
  onRetry,
  onOpen,
}: {
  items: DeadDeliveryItem[];
  watched: Record<string, WatchedOrder>;
  busyOrder: string | null;
  busy: boolean;
  onRetry: (orderNo: string) => void;
  onOpen: (orderNo: string) => void;
}) {
  const { t, i18n } = useTranslation('ops');
  const columns = useMemo(
    () => [
      column.accessor((row) => row.order.order_no, {
        id: 'order_no',
        header: () => t('pay.order.orderNo'),
        cell: (c) => <OrderNoButton orderNo={c.getValue()} onOpen={onOpen} />,
      }),
      column.display({
        id: 'recipient',
        header: () => t('pay.order.recipient'),
        cell: ({ row }) => {
          const order = row.original.order;
          return (
            <>
              <div>{order.game_name}</div>
              <Typography.Text type="secondary">
                {order.server_name} · {order.role_name} ({order.cp_role_id}) · UID {order.uid}
              </Typography.Text>
            </>
          );
        },
      }),
      column.display({
        id: 'product',
        header: () => t('pay.order.product'),
        cell: ({ row }) => {
          const order = row.original.order;
          return (
            <>
              <div>{order.product_name}</div>
              <Typography.Text type="secondary">
                <Money minor={order.product_price} currency={order.currency} exponent={order.exponent} />
              </Typography.Text>
            </>
          );
        },
      }),
      column.display({
        id: 'failure',
        header: () => t('pay.delivery.lastError'),
        cell: ({ row }) => {
          const delivery = row.original.delivery;
          return (
            <>
              <div className={`${layout.danger} ${layout.breakWord}`}>{delivery.last_error ?? '—'}</div>
              <Typography.Text type="secondary">
                {t('pay.delivery.attemptsGivenUp', {
                  count: delivery.attempts,
                  time: formatDate(delivery.updated_at, i18n.language, { style: mediumDateTimeSeconds }),
                })}
              </Typography.Text>
            </>
          );
        },
      }),
      column.display({
        id: 'retry',
        header: () => t('pay.delivery.status'),
        cell: ({ row }) => {
          const orderNo = row.original.order.order_no;
          const seen = watched[orderNo];
          const status = seen?.order.delivery?.status ?? row.original.delivery.status;
          return (
            <Flex vertical gap={4} align="flex-start">
              <DeliveryTag status={status} />
              <RetryStatus watched={seen} />
              {status === 'dead' && (
                <Button
                  size="small"
                  danger
                  loading={busyOrder === orderNo}
                  onClick={() => onRetry(orderNo)}
                  aria-label={t('pay.retry.actionOf', { orderNo })}
                >
                  {t('pay.retry.action')}
                </Button>
              )}
            </Flex>
          );
        },
      }),
    ],
    [t, i18n.language, watched, busyOrder, onRetry, onOpen],
  );
  // TanStack Table rebuilds its instance every render by design; nothing here is memoized on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: items,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.order.order_no,
  });
  return <DataTable table={table} caption={t('pay.dead.caption')} empty={t('pay.dead.empty')} busy={busy} />;
}
