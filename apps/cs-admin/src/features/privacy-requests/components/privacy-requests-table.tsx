import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { Button, Flex, Tag } from 'antd';
import type { PrivacyRequestItem } from '@gp/contracts/privacy';
import { formatDate, mediumDateTimeSeconds } from '@gp/i18n/format';
import { DataTable } from '../../../lib/data-table.tsx';
import layout from '../../../lib/layout.module.css';
import { tones } from '../../../lib/theme.ts';

const column = createColumnHelper<PrivacyRequestItem>();

// Dark solid tags: antd's light presets miss WCAG AA contrast for 12px text.
const stateColor = { pending: tones.warning, cancelled: undefined, done: tones.success } as const;

/**
 * Privacy requests, newest first: whose, which kind, its state and dates; a pending deletion can be erased now or
 * cancelled, and any member's data downloaded for them.
 */
export function PrivacyRequestsTable({
  items,
  busy,
  busyAction,
  onErase,
  onCancel,
  onDownload,
}: {
  items: PrivacyRequestItem[];
  busy: boolean;
  busyAction: string | null;
  onErase: (item: PrivacyRequestItem) => void;
  onCancel: (item: PrivacyRequestItem) => void;
  onDownload: (mid: number) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const columns = useMemo(() => {
    const time = (iso: string | null) =>
      iso ? formatDate(iso, i18n.language, { style: mediumDateTimeSeconds }) : '—';
    return [
      column.accessor('request_id', { header: () => t('privacyRequests.id') }),
      column.display({
        id: 'member',
        header: () => t('privacyRequests.member'),
        cell: ({ row }) => (
          <>
            <div>UID {row.original.mid}</div>
            <div className={layout.breakAll}>{row.original.user_id}</div>
          </>
        ),
      }),
      column.accessor('kind', {
        header: () => t('privacyRequests.kind'),
        cell: (c) => t(`privacyRequests.kinds.${c.getValue()}`),
      }),
      column.display({
        id: 'state',
        header: () => t('privacyRequests.state'),
        cell: ({ row }) => {
          const item = row.original;
          return (
            <Flex vertical gap={4} align="flex-start">
              <Tag color={stateColor[item.state]}>{t(`privacyRequests.states.${item.state}`)}</Tag>
              {item.cancel_reason && <span>{t(`privacyRequests.cancelReasons.${item.cancel_reason}`)}</span>}
              <span>{t(`privacyRequests.requestedBy.${item.requested_by}`)}</span>
            </Flex>
          );
        },
      }),
      column.display({
        id: 'dates',
        header: () => t('privacyRequests.dates'),
        cell: ({ row }) => {
          const item = row.original;
          return (
            <dl className={layout.flush}>
              <dt>{t('privacyRequests.requestedAt')}</dt>
              <dd className={layout.flush}>{time(item.created_at)}</dd>
              {item.kind === 'deletion' && (
                <>
                  <dt>{t('privacyRequests.eraseAfter')}</dt>
                  <dd className={layout.flush}>{time(item.erase_after)}</dd>
                </>
              )}
              {item.cancelled_at && (
                <>
                  <dt>{t('privacyRequests.cancelledAt')}</dt>
                  <dd className={layout.flush}>{time(item.cancelled_at)}</dd>
                </>
              )}
              {item.completed_at && (
                <>
                  <dt>{t('privacyRequests.completedAt')}</dt>
                  <dd className={layout.flush}>{time(item.completed_at)}</dd>
                </>
              )}
            </dl>
          );
        },
      }),
      column.display({
        id: 'actions',
        header: () => t('privacyRequests.actions'),
        cell: ({ row }) => {
          const item = row.original;
          const pendingDeletion = item.kind === 'deletion' && item.state === 'pending';
          const erased = item.kind === 'deletion' && item.state === 'done';
          return (
            <Flex vertical gap={4} align="flex-start">
              {pendingDeletion && (
                <>
                  <Button
                    size="small"
                    danger
                    loading={busyAction === `erase-${item.request_id}`}
                    onClick={() => onErase(item)}
                    aria-label={t('privacyRequests.eraseOf', { id: item.request_id })}
                  >
                    {t('privacyRequests.erase')}
                  </Button>
                  <Button
                    size="small"
                    loading={busyAction === `cancel-${item.request_id}`}
                    onClick={() => onCancel(item)}
                    aria-label={t('privacyRequests.cancelOf', { id: item.request_id })}
                  >
                    {t('privacyRequests.cancel')}
                  </Button>
                </>
              )}
              {!erased && (
                <Button
                  size="small"
                  loading={busyAction === `export-${item.mid}`}
                  onClick={() => onDownload(item.mid)}
                  aria-label={t('privacyRequests.downloadOf', { id: item.request_id })}
                >
                  {t('privacyRequests.download')}
                </Button>
              )}
            </Flex>
          );
        },
      }),
    ];
  }, [t, i18n.language, busyAction, onErase, onCancel, onDownload]);
  // TanStack Table rebuilds its instance every render by design; nothing here is memoized on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({ data: items, columns, getCoreRowModel: getCoreRowModel() });
  return (
    <DataTable
      table={table}
      caption={t('privacyRequests.caption')}
      empty={t('privacyRequests.empty')}
      busy={busy}
    />
  );
}
