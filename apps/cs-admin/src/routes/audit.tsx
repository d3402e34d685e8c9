import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ListPagination } from '../lib/list-pagination.tsx';
import { PageFrame } from '../lib/page-frame.tsx';
import { useListPage } from '../lib/use-list-page.ts';
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
  const list = useListPage(auditFiltersToSearch);
  return (
    <PageFrame title={t('audit.title')}>
      <AuditFiltersForm filters={filters} onApply={list.apply} />
      <AuditTable entries={page.list} busy={list.loading} />
      <ListPagination
        {...list.pagination(page, filters)}
        totalText={(count) => t('audit.total', { count })}
      />
    </PageFrame>
  );
}
