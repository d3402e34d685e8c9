import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { Typography } from 'antd';
import type { PayAdminOrderItem } from '@gp/contracts/pay-admin';
import { Money } from '../../../lib/money.tsx';
import { DataTable, TimeCell } from '../../../lib/data-table.tsx';
import { DeliveryTag, OrderNoButton, OrderStateTag } from './delivery-state.tsx';

const column = createColumnHelper<PayAdminOrderItem>();

/** One page of orders, newest first; the order number opens the order's panel. */
export function OrderTable({
  orders,
  busy,
  onOpen,
}: {
  orders: PayAdminOrderItem[];
  busy: boolean;
  onOpen: (orderNo: string) => void;
}) {
  const { t } = useTranslation('ops');
  const columns = useMemo(
    () => [
      column.accessor('order_no', {
        header: () => t('pay.order.orderNo'),
        cell: (c) => <OrderNoButton orderNo={c.getValue()} onOpen={onOpen} />,
      }),
      column.accessor('created_at', {
        header: () => t('pay.order.created'),
        cell: (c) => <TimeCell iso={c.getValue()} />,
      }),
      column.accessor('uid', { header: () => t('pay.order.uid') }),
      column.display({
        id: 'recipient',
        header: () => t('pay.order.recipient'),
        cell: ({ row }) => (
          <>
            <div>{row.original.game_name}</div>
            <Typography.Text type="secondary">
              {row.original.server_name} · {row.original.role_name} ({row.original.cp_role_id})
            </Typography.Text>
          </>
        ),
      }),
      column.accessor('product_name', { header: () => t('pay.order.product') }),
      column.accessor('product_price', {
        header: () => t('pay.order.price'),
        cell: (c) => (
          <Money minor={c.getValue()} currency={c.row.original.currency} exponent={c.row.original.exponent} />
        ),
      }),
      column.accessor('state', {
        header: () => t('pay.order.state'),
        cell: (c) => <OrderStateTag state={c.getValue()} />,
      }),
      column.accessor('delivery_status', {
        header: () => t('pay.delivery.title'),
        cell: (c) => <DeliveryTag status={c.getValue()} />,
      }),
    ],
    [t, onOpen],
  );
  // TanStack Table rebuilds its instance every render by design; nothing here is memoized on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: orders,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.order_no,
  });
  return (
    <DataTable table={table} caption={t('pay.order.caption')} empty={t('pay.order.empty')} busy={busy} />
  );
}
