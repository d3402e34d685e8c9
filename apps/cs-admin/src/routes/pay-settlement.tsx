import { useTranslation } from 'react-i18next';
import {
  useLoaderData,
  useNavigation,
  useRevalidator,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router';
import { Card, Typography } from 'antd';
import { settle, settlementCalls, SettlementView } from '../features/pay-ops/index.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const p = new URL(request.url).searchParams;
  const status = p.get('status') === 'resolved' ? ('resolved' as const) : ('open' as const);
  const pageNum = Math.min(Math.max(1, Math.trunc(Number(p.get('page')) || 1)), 10_000);
  const page = await settle(settlementCalls.page({ status, page_num: pageNum, page_size: 20 }));
  return { status, page };
}

/** Payment settlement (catalog privilege): where the providers' paid payments and our orders differ. */
export default function PaySettlement() {
  const { t } = useTranslation('ops');
  const { status, page } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const go = (next: { status?: 'open' | 'resolved'; page?: number }) => {
    const search = new URLSearchParams(params);
    if (next.status) {
      if (next.status === 'resolved') search.set('status', 'resolved');
      else search.delete('status');
      search.delete('page');
    }
    if (next.page !== undefined) {
      if (next.page > 1) search.set('page', String(next.page));
      else search.delete('page');
    }
    setParams(search);
  };
  return (
    <Card
      title={
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
          {t('settlement.title')}
        </Typography.Title>
      }
    >
      <SettlementView
        status={status}
        page={page}
        loading={navigation.state === 'loading' || revalidator.state === 'loading'}
        onStatus={(next) => go({ status: next })}
        onPage={(next) => go({ page: next })}
        onChanged={() => void revalidator.revalidate()}
      />
    </Card>
  );
}
