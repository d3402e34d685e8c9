/**
 * The ticket queue (`/tickets`, tickets.read): filters, sorting and page in the URL, a table with the lock
 * holder per row, batch reply over a selection (tickets.reply) and export of the filtered set (tickets.export).
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useRevalidator,
  type LoaderFunctionArgs,
} from 'react-router';
import { Alert, Button, Space } from 'antd';
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
import layout from '../lib/layout.module.css';

const queueRefreshMs = 60_000;

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
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
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

  const go = (next: QueueQuery) => {
    const search = queueSearch(next).toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' });
  };
  // The queue moves while agents work it (new tickets, locks taken and given back): ask again every minute
  // while the tab is shown.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && revalidator.state === 'idle')
        void revalidator.revalidate();
    }, queueRefreshMs);
    return () => clearInterval(timer);
  }, [revalidator]);
  const busy =
    (navigation.state === 'loading' && navigation.location.pathname === location.pathname) ||
    revalidator.state === 'loading';

  return (
    <PageFrame title={t('queue.title')} plain>
      <QueueFilters
        filters={filters}
        onSearch={(next: Partial<FilterValues>) => go(withFilters(query, next))}
      />
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 16,
          justifyContent: 'space-between',
          alignItems: 'flex-start',
          margin: '8px 0 16px',
        }}
      >
        {canReply ? (
          <Space wrap>
            <BatchReply
              tickets={selectedTickets}
              onDone={(replied) => {
                const rest = { ...selected };
                for (const id of replied) delete rest[String(id)];
                setSelection({ key: searchKey, rows: rest });
                void revalidator.revalidate();
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
          <div style={{ maxWidth: 420 }}>
            <ExportPanel
              filters={{ ...filtersOf(query), order_key: query.order_key, order_type: query.order_type }}
            />
          </div>
        )}
      </div>
      {error !== null && (
        <Alert
          type="error"
          showIcon
          title={deskErrorText(t, error)}
          className={layout.gapBelow}
          action={<Button onClick={() => void revalidator.revalidate()}>{t('queue.retry')}</Button>}
        />
      )}
      <TicketTable
        rows={rows}
        order={{ key: query.order_key, type: query.order_type }}
        onOrder={(order_key, order_type) => go({ ...query, order_key, order_type, page_num: 1 })}
        {...(canReply
          ? {
              selection: selected,
              onSelection: (rows: RowSelectionState) => setSelection({ key: searchKey, rows }),
            }
          : {})}
        ownStaffId={session.staff_id}
        queueSearch={location.search}
        busy={busy}
      />
      {page && page.total > 0 && (
        <ListPagination
          page={page}
          totalText={(count) => t('queue.total', { count })}
          cappedText={(atLeast) => t('queue.totalCapped', { total: atLeast })}
          style={{ marginTop: 16, justifyContent: 'flex-end' }}
          current={page.page_num}
          pageSize={query.page_size}
          showSizeChanger
          pageSizeOptions={pageSizeOptions}
          onChange={(pageNum, pageSize) =>
            go({ ...query, page_num: pageSize === query.page_size ? pageNum : 1, page_size: pageSize })
          }
        />
      )}
    </PageFrame>
  );
}
