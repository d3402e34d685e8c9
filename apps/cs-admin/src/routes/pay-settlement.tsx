import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PageFrame } from '../lib/page-frame.tsx';
import { useListPage } from '../lib/use-list-page.ts';
import { settlementCalls, SettlementView } from '../features/pay-ops/index.ts';
import { settle } from '../lib/settle.ts';

type Status = 'open' | 'resolved';

export async function loader({ request }: LoaderFunctionArgs) {
  const p = new URL(request.url).searchParams;
  const status: Status = p.get('status') === 'resolved' ? 'resolved' : 'open';
  const pageNum = Math.min(Math.max(1, Math.trunc(Number(p.get('page')) || 1)), 10_000);
  const page = await settle(settlementCalls.page({ status, page_num: pageNum, page_size: 20 }));
  return { status, page };
}

/** The status and page in the URL: open differences are the default, so only `?status=resolved` is written. */
function settlementSearch({ status, page }: { status: Status; page: number }): URLSearchParams {
  const search = new URLSearchParams();
  if (status === 'resolved') search.set('status', 'resolved');
  if (page > 1) search.set('page', String(page));
  return search;
}

/** Payment settlement (catalog privilege): where the providers' paid payments and our orders differ. */
export default function PaySettlement() {
  const { t } = useTranslation('ops');
  const { status, page } = useLoaderData<typeof loader>();
  const list = useListPage(settlementSearch);
  return (
    <PageFrame title={t('settlement.title')}>
      <SettlementView
        status={status}
        page={page}
        loading={list.loading}
        onStatus={(next) => list.apply({ status: next, page: 1 })}
        onPage={(next) => list.apply({ status, page: next })}
        onChanged={() => void list.refresh()}
      />
    </PageFrame>
  );
}
