import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Typography } from 'antd';
import layout from '../lib/layout.module.css';
import { ListPagination } from '../lib/list-pagination.tsx';
import { PageFrame } from '../lib/page-frame.tsx';
import { useListPage } from '../lib/use-list-page.ts';
import {
  OpenDeletionDialog,
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
 * can be erased now (after checking the member's identity off-line) or cancelled, a member's data downloaded
 * for them, and a deletion opened for a member who asked customer service. Every action is audited.
 */
export default function PrivacyRequests() {
  const { t } = useTranslation('admin');
  const { filters, page } = useLoaderData<typeof loader>();
  const list = useListPage(privacyFiltersToSearch);
  const { erase, cancel, download, openDeletion, busy } = usePrivacyActions(() => void list.refresh());
  // The dialog's member: null closed; open with the UID typed in the filters (or none).
  const [opening, setOpening] = useState<{ mid: number | null } | null>(null);
  return (
    <PageFrame title={t('privacyRequests.title')}>
      <Typography.Paragraph className={layout.flush}>{t('privacyRequests.intro')}</Typography.Paragraph>
      <PrivacyFiltersForm
        filters={filters}
        onApply={list.apply}
        onDownload={(mid) => void download(mid)}
        downloading={busy?.startsWith('export-') ?? false}
        onOpenDeletion={(mid) => setOpening({ mid })}
      />
      <OpenDeletionDialog
        key={opening ? `open-${opening.mid}` : 'closed'}
        open={opening !== null}
        initialMid={opening?.mid ?? null}
        saving={busy === 'open-deletion'}
        onClose={() => setOpening(null)}
        onSave={(input) =>
          void openDeletion(input).then((opened) => {
            if (opened) setOpening(null);
          })
        }
      />
      <PrivacyRequestsTable
        items={page.list}
        busy={list.loading}
        busyAction={busy}
        onErase={erase}
        onCancel={cancel}
        onDownload={(mid) => void download(mid)}
      />
      <ListPagination
        {...list.pagination(page, filters)}
        totalText={(count) => t('privacyRequests.total', { count })}
      />
    </PageFrame>
  );
}
