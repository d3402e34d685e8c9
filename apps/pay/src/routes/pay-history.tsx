/** Top-up history, desktop `/paygame_history/` and H5 `pg_record` of both variants, ten orders a page. */
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import {
  topupApiOf,
  HistoryPager,
  OrderHistory,
  placeOf,
  TopupPage,
  useTopup,
} from '../features/topup/index.ts';

const historyPageSize = 10;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const place = placeOf(url.pathname);
  const page = Math.min(10_000, Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '', 10) || 1));
  return topupApiOf(place.variant).orderHistory(page, historyPageSize);
}

export default function PayHistory() {
  const { t } = useTranslation('pay');
  const data = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const { place } = useTopup();
  return (
    <TopupPage
      title={t('history.heading')}
      h5={place.h5}
      aside={<Link to={place.home}>{t('order.backToTopup')}</Link>}
    >
      <OrderHistory page={data} place={place} />
      <HistoryPager
        page={data.page_num}
        pageCount={Math.ceil(data.total / Math.max(1, data.page_size))}
        hrefFor={(n) => `${pathname}?page=${n}`}
      />
    </TopupPage>
  );
}
