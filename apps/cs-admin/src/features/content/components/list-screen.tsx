import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Typography } from 'antd';
import { contentFiltersToSearch, type ContentFilters } from '../model/content-filters.ts';
import { ListFilters } from './list-filters.tsx';
import { ListPagination } from '../../../lib/list-pagination.tsx';
import { PageFrame } from '../../../lib/page-frame.tsx';
import { useListPage } from '../../../lib/use-list-page.ts';
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
  const list = useListPage(contentFiltersToSearch);
  return (
    <PageFrame title={title} toolbar={action}>
      {intro && <Typography.Paragraph className={layout.flush}>{intro}</Typography.Paragraph>}
      <ListFilters
        // A new URL (back, a link) shows its own filters.
        key={contentFiltersToSearch({ ...filters, page: 1 }).toString()}
        filters={filters}
        categories={categories}
        onApply={list.apply}
      />
      {children(list.loading)}
      <ListPagination {...list.pagination(page, filters)} totalText={(count) => t('list.total', { count })} />
    </PageFrame>
  );
}
