/**
 * My tickets (/service/history, /service/h5/history; login required): filtered by status (`?status=0..3`), ten a
 * page, latest activity first, each linking to its detail.
 */
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { WorkOrderPageData, WorkOrderStatus } from '@gp/contracts/cs';
import { SiteLink } from '@gp/ui/site-link';
import { Pager } from '../components/pager.tsx';
import { StateMessage } from '../components/state-message.tsx';
import {
  getWorkOrderPage,
  historyHref,
  loadServiceStrings,
  pageParam,
  ServiceLayout,
  servicePaths,
  type ServiceStrings,
  StatusFilter,
  statusParam,
  TicketList,
  useServiceStrings,
  workOrderPageSize,
} from '../features/service/index.ts';
import { useIsH5 } from '../hooks/use-is-h5.ts';

interface HistoryData {
  strings: ServiceStrings;
  status: WorkOrderStatus | undefined;
  page: number;
  tickets: WorkOrderPageData;
}

export async function loader({ request }: LoaderFunctionArgs): Promise<HistoryData> {
  const params = new URL(request.url).searchParams;
  const status = statusParam(params);
  const page = pageParam(params);
  const [strings, tickets] = await Promise.all([loadServiceStrings(), getWorkOrderPage(page, status)]);
  return { strings, status, page, tickets };
}

function Empty({ data }: { data: HistoryData }) {
  const { t } = useTranslation('service');
  if (data.tickets.total > 0)
    return (
      <StateMessage
        tone="empty"
        title={t('history.pageEmpty')}
        action={<SiteLink to={historyHref(data.status)}>{t('history.firstPage')}</SiteLink>}
      />
    );
  if (data.status !== undefined)
    return (
      <StateMessage
        tone="empty"
        title={t('history.emptyFiltered')}
        action={<SiteLink to={servicePaths.history}>{t('history.showAll')}</SiteLink>}
      />
    );
  return (
    <StateMessage
      tone="empty"
      title={t('history.empty')}
      body={t('history.emptyBody')}
      action={<SiteLink to={servicePaths.question}>{t('nav.question')}</SiteLink>}
    />
  );
}

export default function ServiceHistory() {
  const data = useLoaderData() as HistoryData;
  const { t } = useServiceStrings(data.strings);
  const h5 = useIsH5();
  const pageCount = Math.max(1, Math.ceil(data.tickets.total / workOrderPageSize));
  return (
    <ServiceLayout
      h5={h5}
      nav
      current="history"
      title={t('common:routes.serviceHistory')}
      intro={t('history.intro')}
    >
      <StatusFilter current={data.status} />
      {data.tickets.list.length === 0 ? (
        <Empty data={data} />
      ) : (
        <TicketList tickets={data.tickets.list} h5={h5} />
      )}
      <Pager
        page={data.page}
        pageCount={pageCount}
        hrefFor={(page) => historyHref(data.status, page)}
        compact={h5}
      />
    </ServiceLayout>
  );
}
