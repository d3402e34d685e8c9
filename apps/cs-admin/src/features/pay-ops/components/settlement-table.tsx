import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { Button, Flex, Typography } from 'antd';
import type { SettlementItem } from '@gp/contracts/pay-settlement';
import { formatDate, mediumDateTimeSeconds } from '@gp/i18n/format';
import { DataTable } from '../../../lib/data-table.tsx';
import { Money } from '../../../lib/money.tsx';
import { orderStateLabel } from '../model/labels.ts';
import layout from '../../../lib/layout.module.css';

const column = createColumnHelper<SettlementItem>();

/** One side's amount, or a dash when that side has none. */
function Amount({
  minor,
  currency,
  exponent,
}: {
  minor: number | null;
  currency: string | null;
  exponent: number;
}) {
  return minor === null || currency === null ? (
    <>—</>
  ) : (
    <Money minor={minor} currency={currency} exponent={exponent} />
  );
}

/**
 * The settlement check's differences: what differs, the provider's payment and our order, both amounts, what to
 * do about this kind, and the actions that fit it (open the order, ask the provider again, mark resolved).
 */
export function SettlementTable({
  items,
  busy,
  busyId,
  onRecheck,
  onResolve,
}: {
  items: SettlementItem[];
  busy: boolean;
  busyId: number | null;
  onRecheck: (item: SettlementItem) => void;
  onResolve: (item: SettlementItem) => void;
}) {
  const { t, i18n } = useTranslation('ops');
  const columns = useMemo(
    () => [
      column.accessor('kind', {
        header: () => t('settlement.kind'),
        cell: (c) => (
          <>
            <Typography.Text strong>{t(`settlement.kinds.${c.getValue()}`)}</Typography.Text>
            <div>
              <Typography.Text type="secondary">
                {t('settlement.foundOn', {
                  day: c.row.original.day,
                  time: formatDate(c.row.original.found_at, i18n.language, { style: mediumDateTimeSeconds }),
                })}
              </Typography.Text>
            </div>
          </>
        ),
      }),
      column.display({
        id: 'refs',
        header: () => t('settlement.refs'),
        cell: ({ row }) => {
          const item = row.original;
          return (
            <>
              <div className={`${layout.mono} ${layout.breakAll}`}>
                {item.provider} · {item.provider_ref}
              </div>
              {item.order_no ? (
                <Link
                  to={`/pay/orders?order_no=${encodeURIComponent(item.order_no)}`}
                  aria-label={t('settlement.openOrderOf', { orderNo: item.order_no })}
                  className={layout.mono}
                >
                  {item.order_no}
                </Link>
              ) : (
                <Typography.Text type="secondary">{t('settlement.noOrder')}</Typography.Text>
              )}
              {item.order_state && (
                <div>
                  <Typography.Text type="secondary">{orderStateLabel(t, item.order_state)}</Typography.Text>
                </div>
              )}
            </>
          );
        },
      }),
      column.display({
        id: 'amounts',
        header: () => t('settlement.amounts'),
        cell: ({ row }) => {
          const item = row.original;
          return (
            <dl className={layout.flush}>
              <dt>{t('settlement.ours')}</dt>
              <dd className={layout.flush}>
                <Amount minor={item.order_amount} currency={item.order_currency} exponent={item.exponent} />
              </dd>
              <dt>{t('settlement.theirs')}</dt>
              <dd className={layout.flush}>
                <Amount
                  minor={item.provider_amount}
                  currency={item.provider_currency}
                  exponent={item.exponent}
                />
              </dd>
              {item.provider_refunded !== null && item.provider_refunded > 0 && (
                <>
                  <dt>{t('settlement.refundedThere')}</dt>
                  <dd className={layout.flush}>
                    <Amount
                      minor={item.provider_refunded}
                      currency={item.provider_currency}
                      exponent={item.exponent}
                    />
                  </dd>
                </>
              )}
            </dl>
          );
        },
      }),
      column.display({
        id: 'todo',
        header: () => t('settlement.todo'),
        cell: ({ row }) => {
          const item = row.original;
          if (item.resolved_at)
            return (
              <Typography.Text>
                {t('settlement.resolvedBy', {
                  name: item.resolved_by ?? '—',
                  time: formatDate(item.resolved_at, i18n.language, { style: mediumDateTimeSeconds }),
                  note: item.resolution_note ?? '',
                })}
              </Typography.Text>
            );
          return (
            <Flex vertical gap={8} align="flex-start">
              <Typography.Text>{t(`settlement.advice.${item.kind}`)}</Typography.Text>
              <Flex gap={8} wrap>
                {item.order_no && (
                  <Button
                    size="small"
                    loading={busyId === item.id}
                    onClick={() => onRecheck(item)}
                    aria-label={t('settlement.recheckOf', { ref: item.provider_ref })}
                  >
                    {t('settlement.recheck')}
                  </Button>
                )}
                <Button
                  size="small"
                  onClick={() => onResolve(item)}
                  aria-label={t('settlement.resolveOf', { ref: item.provider_ref })}
                >
                  {t('settlement.resolve')}
                </Button>
              </Flex>
            </Flex>
          );
        },
      }),
    ],
    [t, i18n.language, busyId, onRecheck, onResolve],
  );
  // TanStack Table rebuilds its instance every render by design; nothing here is memoized on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: items,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
  });
  return (
    <DataTable table={table} caption={t('settlement.caption')} empty={t('settlement.empty')} busy={busy} />
  );
}
