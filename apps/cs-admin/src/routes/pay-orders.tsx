import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Alert } from 'antd';
import { site } from '@gp/config';
import {
  OrderDrawer,
  OrderFiltersForm,
  orderFiltersFromUrl,
  orderFiltersToSearch,
  orderQueryOf,
  OrderTable,
  payCalls,
  payErrorText,
  useRetry,
} from '../features/pay-ops/index.ts';
import { ListPagination } from '../lib/list-pagination.tsx';
import { PageFrame } from '../lib/page-frame.tsx';
import { settle } from '../lib/settle.ts';
import { useListPage } from '../lib/use-list-page.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = orderFiltersFromUrl(new URL(request.url));
  const [page, games] = await Promise.all([
    settle(payCalls.orders(orderQueryOf(filters))),
    settle(payCalls.games({ distribution_region: site.distributionRegion })),
  ]);
  return { filters, page, games: games.data ?? [] };
}

/**
 * Top-up orders (catalog privilege): search by order or payment number, member, character, state and time, in
 * the URL; an order's panel shows its history, the provider's notifications and the delivery, with "Retry
 * delivery" for one that was given up on.
 */
export default function PayOrders() {
  const { t } = useTranslation('ops');
  const { filters, page, games } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const list = useListPage(orderFiltersToSearch);
  // `?open=<order_no>` (the home's links to paid orders not credited) opens that order's panel at once.
  const [open, setOpen] = useState<string | null>(() => params.get('open'));
  const retries = useRetry();

  return (
    <PageFrame title={t('pay.order.title')}>
      <OrderFiltersForm
        key={orderFiltersToSearch(filters).toString()}
        filters={filters}
        games={games}
        onApply={list.apply}
      />
      {page.error ? (
        <Alert type="error" showIcon title={payErrorText(t, page.error)} />
      ) : (
        <>
          <OrderTable orders={page.data?.list ?? []} busy={list.loading} onOpen={setOpen} />
          {page.data && (
            <ListPagination
              {...list.pagination(page.data, filters)}
              totalText={(count) => t('pay.order.total', { count })}
              cappedText={(atLeast) => t('pay.order.totalCapped', { total: atLeast })}
            />
          )}
        </>
      )}

      <OrderDrawer orderNo={open} retries={retries} onClose={() => setOpen(null)} />
    </PageFrame>
  );
}
