import { useTranslation } from 'react-i18next';
import { useLoaderData, useNavigation, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Card, Flex, Pagination, Typography } from 'antd';
import {
  auditCalls,
  AuditFiltersForm,
  auditFiltersFromUrl,
  auditFiltersToSearch,
  auditQueryOf,
  AuditTable,
} from '../features/audit/index.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = auditFiltersFromUrl(new URL(request.url));
  return { filters, page: await auditCalls.page(auditQueryOf(filters)) };
}

/** The audit log (staff.accounts): every staff write, newest first, filtered by who, what, which record and when. */
export default function Audit() {
  const { t } = useTranslation('admin');
  const { filters, page } = useLoaderData<typeof loader>();
  const [, setParams] = useSearchParams();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';
  return (
    <Card
      title={
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
          {t('audit.title')}
        </Typography.Title>
      }
    >
      <Flex vertical gap={16}>
        <AuditFiltersForm filters={filters} onApply={(next) => setParams(auditFiltersToSearch(next))} />
        <AuditTable entries={page.list} busy={loading} />
        <Pagination
          current={page.page_num}
          pageSize={page.page_size}
          total={page.total}
          showSizeChanger={false}
          disabled={loading}
          showTotal={(total) => t('audit.total', { count: total })}
          onChange={(next) => setParams(auditFiltersToSearch({ ...filters, page: next }))}
          align="end"
        />
      </Flex>
    </Card>
  );
}
