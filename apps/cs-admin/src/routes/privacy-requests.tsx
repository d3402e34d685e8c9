import { useTranslation } from 'react-i18next';
import {
  useLoaderData,
  useNavigation,
  useRevalidator,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router';
import { Card, Flex, Pagination, Typography } from 'antd';
import {
  privacyCalls,
  PrivacyFiltersForm,
  privacyFiltersFromUrl,
  privacyFiltersToSearch,
  privacyQueryOf,
  PrivacyRequestsTable,
  usePrivacyActions,
} from '../features/privacy-requests/index.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = privacyFiltersFromUrl(new URL(request.url));
  return { filters, page: await privacyCalls.list(privacyQueryOf(filters)) };
}

/**
 * Members' privacy requests (privacy privilege): exports and account deletions, newest first; a pending deletion
 * can be erased now (after checking the member's identity off-line) or cancelled, and a member's data downloaded
 * for them. Every action is audited.
 */
export default function PrivacyRequests() {
  const { t } = useTranslation('admin');
  const { filters, page } = useLoaderData<typeof loader>();
  const [, setParams] = useSearchParams();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const { erase, cancel, download, busy } = usePrivacyActions(() => void revalidator.revalidate());
  const loading = navigation.state === 'loading' || revalidator.state === 'loading';
  return (
    <Card
      title={
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
          {t('privacyRequests.title')}
        </Typography.Title>
      }
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('privacyRequests.intro')}</Typography.Paragraph>
        <PrivacyFiltersForm
          filters={filters}
          onApply={(next) => setParams(privacyFiltersToSearch(next))}
          onDownload={(mid) => void download(mid)}
          downloading={busy?.startsWith('export-') ?? false}
        />
        <PrivacyRequestsTable
          items={page.list}
          busy={loading}
          busyAction={busy}
          onErase={erase}
          onCancel={cancel}
          onDownload={(mid) => void download(mid)}
        />
        <Pagination
          current={page.page_num}
          pageSize={page.page_size}
          total={page.total}
          showSizeChanger={false}
          disabled={loading}
          showTotal={(total) => t('privacyRequests.total', { count: total })}
          onChange={(next) => setParams(privacyFiltersToSearch({ ...filters, page: next }))}
          align="end"
        />
      </Flex>
    </Card>
  );
}
