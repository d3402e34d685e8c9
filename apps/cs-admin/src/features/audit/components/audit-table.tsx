import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createColumnHelper,
  getCoreRowModel,
  getExpandedRowModel,
  useReactTable,
} from '@tanstack/react-table';
import { Button, Typography } from 'antd';
import type { AuditEntryData } from '@gp/contracts/staff';
import { DataTable, detailRowId, TimeCell } from '../../../lib/data-table.tsx';
import { AuditDiff } from './audit-diff.tsx';
import { actionLabel, targetTypeLabel } from './audit-labels.ts';

const column = createColumnHelper<AuditEntryData>();

/** One page of the audit log; each row opens to its before / after. */
export function AuditTable({ entries, busy }: { entries: AuditEntryData[]; busy: boolean }) {
  const { t } = useTranslation('admin');
  const columns = useMemo(
    () => [
      column.display({
        id: 'expand',
        header: () => <span className="sr-only">{t('audit.details')}</span>,
        cell: ({ row }) => (
          <Button
            size="small"
            aria-expanded={row.getIsExpanded()}
            aria-controls={row.getIsExpanded() ? detailRowId(row.id) : undefined}
            aria-label={t(row.getIsExpanded() ? 'audit.hideDetailsOf' : 'audit.showDetailsOf', {
              id: row.original.id,
            })}
            onClick={row.getToggleExpandedHandler()}
          >
            {row.getIsExpanded() ? '−' : '+'}
          </Button>
        ),
      }),
      column.accessor('created_at', {
        header: () => t('audit.time'),
        cell: (c) => <TimeCell iso={c.getValue()} />,
      }),
      column.accessor('actor_account_id', {
        header: () => t('audit.actor'),
        cell: (c) => c.getValue() ?? <Typography.Text type="secondary">{t('audit.nobody')}</Typography.Text>,
      }),
      column.accessor('action', {
        header: () => t('audit.action'),
        cell: (c) => actionLabel(t, c.getValue()),
      }),
      column.display({
        id: 'target',
        header: () => t('audit.target'),
        cell: ({ row }) =>
          row.original.target_type ? (
            <>
              <div>{targetTypeLabel(t, row.original.target_type)}</div>
              {row.original.target_id && <Typography.Text code>{row.original.target_id}</Typography.Text>}
            </>
          ) : (
            <Typography.Text type="secondary">{t('audit.none')}</Typography.Text>
          ),
      }),
      column.accessor('ip', {
        header: () => t('audit.ip'),
        cell: (c) => c.getValue() ?? '',
      }),
    ],
    [t],
  );
  // TanStack Table rebuilds its instance every render by design; nothing here is memoized on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: entries,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
    getRowCanExpand: () => true,
    getRowId: (row) => String(row.id),
  });
  return (
    <DataTable
      table={table}
      caption={t('audit.title')}
      empty={t('audit.empty')}
      detail={(entry) => <AuditDiff entry={entry} />}
      busy={busy}
    />
  );
}
