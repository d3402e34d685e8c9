/**
 * The queue's table (@tanstack/react-table, server-side sorting and paging): sorting a column asks the server
 * for `order_key` / `order_type`; the checkbox column selects tickets for a batch reply (native checkboxes:
 * Tab and Space work); the waiting column says how long a ticket has waited for us; the lock column names the
 * agent writing a reply right now.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Checkbox } from 'antd';
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  useReactTable,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { deskOrderKeys, type DeskTicketSummary } from '@gp/contracts/desk';
import { formatDate, mediumDateTime } from '@gp/i18n/format';
import { formatWait } from '../model/format.ts';
import { useNow } from '../model/use-now.ts';
import type { QueueQuery } from '../model/queue-query.ts';
import { LockHolder } from './lock-holder.tsx';
import { StatusTag } from './status-tag.tsx';
import styles from './ticket-table.module.css';

type OrderKey = QueueQuery['order_key'];
const isOrderKey = (id: string): id is OrderKey => (deskOrderKeys as readonly string[]).includes(id);

const column = createColumnHelper<DeskTicketSummary>();

export interface TicketTableProps {
  rows: DeskTicketSummary[];
  order: { key: OrderKey; type: 'asc' | 'desc' };
  onOrder: (key: OrderKey, type: 'asc' | 'desc') => void;
  /** Row selection for batch reply; absent: no checkbox column (no reply privilege). */
  selection?: RowSelectionState;
  onSelection?: (selection: RowSelectionState) => void;
  ownStaffId: number;
  /** The queue link the detail's "back" returns to. */
  queueSearch: string;
  busy: boolean;
}

export function TicketTable(props: TicketTableProps) {
  const { rows, order, onOrder, selection, onSelection, ownStaffId, queueSearch, busy } = props;
  const { t, i18n } = useTranslation('desk');
  const lang = i18n.language;
  const now = useNow(60_000);
  const selectable = selection !== undefined && onSelection !== undefined;

  const columns = useMemo(
    () => [
      ...(selectable
        ? [
            column.display({
              id: 'select',
              header: ({ table }) => (
                <Checkbox
                  aria-label={t('table.selectPage')}
                  checked={table.getIsAllPageRowsSelected()}
                  indeterminate={table.getIsSomePageRowsSelected()}
                  onChange={table.getToggleAllPageRowsSelectedHandler()}
                />
              ),
              cell: ({ row }) => (
                <Checkbox
                  aria-label={t('table.selectRow', { id: row.original.work_order_id })}
                  checked={row.getIsSelected()}
                  onChange={row.getToggleSelectedHandler()}
                />
              ),
            }),
          ]
        : []),
      column.accessor('work_order_id', { header: t('table.id'), sortDescFirst: true }),
      column.accessor('question_title', {
        header: t('table.title'),
        enableSorting: false,
        cell: ({ row }) => (
          <Link
            className={styles.title}
            to={`/tickets/${row.original.work_order_id}`}
            state={{ queue: queueSearch }}
          >
            {row.original.question_title}
          </Link>
        ),
      }),
      column.accessor('work_order_status', {
        header: t('table.status'),
        enableSorting: false,
        cell: ({ getValue }) => <StatusTag status={getValue()} />,
      }),
      column.accessor('game_name', { header: t('table.game'), enableSorting: false }),
      column.accessor('question_type_name', { header: t('table.questionType'), enableSorting: false }),
      column.accessor('uid', {
        header: t('table.member'),
        enableSorting: false,
        cell: ({ row }) => (
          <span className={styles.nowrap}>
            {row.original.uid} · {row.original.nickname}
          </span>
        ),
      }),
      column.accessor('character_name', {
        header: t('table.character'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.character_id ? (
            <span>
              {row.original.character_name ?? ''}{' '}
              <span className={styles.muted}>({row.original.character_id})</span>
            </span>
          ) : null,
      }),
      // How long the ticket has waited for our reply; sorting shows the longest wait first, the tickets to answer next.
      column.accessor('waiting_since', {
        id: 'waiting',
        header: t('table.waiting'),
        sortDescFirst: true,
        cell: ({ row }) => {
          const since = row.original.waiting_since;
          if (since === null) {
            return (
              <span className={styles.muted}>
                {row.original.reply_status === 1 ? t('replyStatus.answered') : t('replies.notWaiting')}
              </span>
            );
          }
          return (
            <time dateTime={since} title={formatDate(since, lang, { style: mediumDateTime })}>
              {formatWait(now - Date.parse(since), t)}
            </time>
          );
        },
      }),
      column.accessor('created_at', {
        header: t('table.created'),
        sortDescFirst: true,
        cell: ({ getValue }) => (
          <span className={styles.nowrap}>{formatDate(getValue(), lang, { style: mediumDateTime })}</span>
        ),
      }),
      column.accessor('updated_at', {
        header: t('table.updated'),
        sortDescFirst: true,
        cell: ({ getValue }) => (
          <span className={styles.nowrap}>{formatDate(getValue(), lang, { style: mediumDateTime })}</span>
        ),
      }),
      column.accessor('operator_name', {
        header: t('table.operator'),
        enableSorting: false,
        cell: ({ getValue }) => getValue() ?? '',
      }),
      column.accessor('lock', {
        header: t('table.lock'),
        enableSorting: false,
        cell: ({ getValue }) => {
          const lock = getValue();
          return lock ? <LockHolder lock={lock} ownStaffId={ownStaffId} /> : null;
        },
      }),
    ],
    [selectable, t, lang, now, ownStaffId, queueSearch],
  );

  const sorting: SortingState = [{ id: order.key, desc: order.type === 'desc' }];
  // The console does not run the React Compiler; the table model is simply rebuilt on each render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.work_order_id),
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    enableRowSelection: selectable,
    state: { sorting, rowSelection: selection ?? {} },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (first && isOrderKey(first.id)) onOrder(first.id, first.desc ? 'desc' : 'asc');
    },
    onRowSelectionChange: (updater) => {
      if (!onSelection) return;
      onSelection(typeof updater === 'function' ? updater(selection ?? {}) : updater);
    },
  });

  return (
    <div className={styles.scroller} role="region" aria-label={t('table.label')} tabIndex={0}>
      <table className={busy ? `${styles.table} ${styles.busy}` : styles.table} aria-busy={busy}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const content = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className={styles.sortButton}
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {content}
                        <span className={styles.sortIcon} aria-hidden="true">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      content
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className={row.getIsSelected() ? styles.selected : undefined}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={table.getVisibleLeafColumns().length} className={styles.empty}>
                {t('table.empty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
