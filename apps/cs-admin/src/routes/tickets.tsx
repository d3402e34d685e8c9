/**
 * The ticket queue (`/tickets`, tickets.read): filters, sorting and page in the URL, a table with the lock
 * holder per row, batch reply over a selection (tickets.reply) and export of the filtered set (tickets.export).
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { Alert, Button, Flex, Space } from 'antd';
import type { RowSelectionState } from '@tanstack/react-table';
import { ListPagination } from '../lib/list-pagination.tsx';
import { useStaffSession } from '../lib/staff-session.ts';
import {
  BatchReply,
  deskCalls,
  deskErrorText,
  ExportPanel,
  filtersOf,
  type FilterValues,
  pageSizeOptions,
  parseQueueQuery,
  QueueFilters,
  type QueueQuery,
  queueSearch,
  TicketTable,
  withFilters,
} from '../features/tickets/index.ts';
import { PageFrame } from '../lib/page-frame.tsx';
import { useListPage } from '../lib/use-list-page.ts';
import layout from '../lib/layout.module.css';
import styles from './tickets.module.css';

const queueRefreshMs = 60_000;

/** Another page of the queue; a new page size starts again at the first page. */
const turnPage = (query: QueueQuery, pageNum: number, pageSize: number): QueueQuery => ({
  ...query,
  page_num: pageSize === query.page_size ? pageNum : 1,
  page_size: pageSize,
});

export async function loader({ request }: LoaderFunctionArgs) {
  const query = parseQueueQuery(new URL(request.url).searchParams);
  try {
    return { query, page: await deskCalls.page(query), error: null as unknown };
  } catch (error) {
    return { query, page: null, error };
  }
}

export default function Tickets() {
  const { t } = useTranslation('desk');
  const { query, page, error } = useLoaderData<typeof loader>();
  const list = useListPage(queueSearch, turnPage);
  const location = useLocation();
  const { session, can } = useStaffSession();
  const canReply = can('tickets.reply');

  // One key per asked-for list: the form and the selection follow it, not each reload of the same list.
  const searchKey = queueSearch(query).toString();
  const filters = useMemo(() => filtersOf(parseQueueQuery(new URLSearchParams(searchKey))), [searchKey]);
  const [selection, setSelection] = useState<{ key: string; rows: RowSelectionState }>({ key: '', rows: {} });
  const selected = selection.key === searchKey ? selection.rows : {};
  const rows = page?.list ?? [];
  const selectedTickets = rows.filter((r) => selected[String(r.work_order_id)]);

  const { loading, refresh } = list;
  // The queue moves while agents work it (new tickets, locks taken and given back): ask again every minute
  // while the tab is shown.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && !loading) void refresh();
    }, queueRefreshMs);
    return () => clearInterval(timer);
  }, [loading, refresh]);

  return (
    <PageFrame title={t('queue.title')} plain>
      <QueueFilters
        filters={filters}
        onSearch={(next: Partial<FilterValues>) => list.apply(withFilters(query, next))}
      />
      <Flex wrap gap="middle" justify="space-between" align="flex-start" className={styles.actions}>
        {canReply ? (
          <Space wrap>
            <BatchReply
              tickets={selectedTickets}
              onDone={(replied) => {
                const rest = { ...selected };
                for (const id of replied) delete rest[String(id)];
                setSelection({ key: searchKey, rows: rest });
                void refresh();
              }}
            />
            <span aria-live="polite">
              {selectedTickets.length > 0 ? t('queue.selected', { count: selectedTickets.length }) : ''}
            </span>
            {selectedTickets.length > 0 && (
              <Button type="link" onClick={() => setSelection({ key: searchKey, rows: {} })}>
                {t('queue.clearSelection')}
              </Button>
            )}
          </Space>
        ) : (
          <span />
        )}
        {can('tickets.export') && (
          <div className={layout.narrowBlock}>
            <ExportPanel
              filters={{ ...filtersOf(query), order_key: query.order_key, order_type: query.order_type }}
            />
          </div>
        )}
      </Flex>
      {error !== null && (
        <Alert
          type="error"
          showIcon
          title={deskErrorText(t, error)}
          className={layout.gapBelow}
          action={<Button onClick={() => void refresh()}>{t('queue.retry')}</Button>}
        />
      )}
      <TicketTable
        rows={rows}
        order={{ key: query.order_key, type: query.order_type }}
        onOrder={(order_key, order_type) => list.apply({ ...query, order_key, order_type, page_num: 1 })}
        {...(canReply
          ? {
              selection: selected,
              onSelection: (rows: RowSelectionState) => setSelection({ key: searchKey, rows }),
            }
          : {})}
        ownStaffId={session.staff_id}
        queueSearch={location.search}
        busy={loading}
      />
      {page && page.total > 0 && (
        <ListPagination
          {...list.pagination(page, query)}
          // The queue's page size is the agent's choice, kept in the URL.
          pageSize={query.page_size}
          showSizeChanger
          pageSizeOptions={pageSizeOptions}
          className={layout.gapAbove}
          totalText={(count) => t('queue.total', { count })}
          cappedText={(atLeast) => t('queue.totalCapped', { total: atLeast })}
        />
      )}
    </PageFrame>
  );
}
