import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation, useSearchParams } from 'react-router';
import { Pagination, Typography } from 'antd';
import { contentFiltersToSearch, type ContentFilters } from '../model/content-filters.ts';
import { ListFilters } from './list-filters.tsx';
import { PageFrame } from '../../../lib/page-frame.tsx';
import layout from '../../../lib/layout.module.css';

/**
 * The frame of a content list screen: its heading and add button, the filters (kept in the URL), the table and
 * the pages.
 */
export function ListScreen({
  title,
  intro,
  action,
  filters,
  categories = false,
  page,
  children,
}: {
  title: string;
  /** One line on what the list is for. */
  intro?: string;
  action?: ReactNode;
  filters: ContentFilters;
  categories?: boolean;
  page: { total: number; page_num: number; page_size: number };
  children: (busy: boolean) => ReactNode;
}) {
  const { t } = useTranslation('cms');
  const [, setParams] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === 'loading';
  return (
    <PageFrame title={title} toolbar={action}>
      {intro && <Typography.Paragraph className={layout.flush}>{intro}</Typography.Paragraph>}
      <ListFilters
        // A new URL (back, a link) shows its own filters.
        key={contentFiltersToSearch({ ...filters, page: 1 }).toString()}
        filters={filters}
        categories={categories}
        onApply={(next) => setParams(contentFiltersToSearch(next))}
      />
      {children(busy)}
      <Pagination
        current={page.page_num}
        pageSize={page.page_size}
        total={page.total}
        showSizeChanger={false}
        disabled={busy}
        showTotal={(total) => t('list.total', { count: total })}
        onChange={(next) => setParams(contentFiltersToSearch({ ...filters, page: next }))}
        align="end"
      />
    </PageFrame>
  );
}
