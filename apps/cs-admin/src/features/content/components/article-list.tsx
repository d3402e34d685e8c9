/** The news or activities list: every article with its status, pin, languages and times; edit and delete. */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { App, Button, Flex, Space, Tag, Typography } from 'antd';
import type { ArticleAdminSummary, ArticleKind } from '@gp/contracts/content-admin';
import { formatDate, mediumDateTimeSeconds } from '@gp/i18n/format';
import { DataTable } from '../../../lib/data-table.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { articleCalls, type ArticlePage } from '../api/content.calls.ts';
import { type ContentFilters } from '../model/content-filters.ts';
import { articleBasePath } from '../model/article-paths.ts';
import { LanguageMarks } from './language-marks.tsx';
import { ListScreen } from './list-screen.tsx';
import { StatusTag } from './status-tag.tsx';
import layout from '../../../lib/layout.module.css';
import { tones } from '../../../lib/theme.ts';

const column = createColumnHelper<ArticleAdminSummary>();

export function ArticleList({
  kind,
  filters,
  page,
}: {
  kind: ArticleKind;
  filters: ContentFilters;
  page: ArticlePage;
}) {
  const { t, i18n } = useTranslation('cms');
  const { message, modal } = App.useApp();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [busyId, setBusyId] = useState<number | null>(null);
  const scope = kind === 'news' ? 'news' : 'activity';
  const base = articleBasePath(kind);

  const remove = (article: ArticleAdminSummary) =>
    void modal.confirm({
      title: t('delete.confirmTitle', { name: article.title }),
      content: t('delete.articleConfirm'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        setBusyId(article.id);
        try {
          await articleCalls[kind].delete({ id: article.id });
          void message.success(t('delete.done', { name: article.title }));
          await revalidator.revalidate();
        } catch (error) {
          void message.error(errorMessage(t, error));
        } finally {
          setBusyId(null);
        }
      },
    });

  const columns = useMemo(
    () => [
      column.accessor('title', {
        header: () => t('list.title'),
        cell: (c) => (
          <Flex vertical gap={4} align="flex-start">
            <Link to={`${base}/${c.row.original.id}`}>{c.getValue()}</Link>
            <Space size={4} wrap>
              {c.row.original.pinned === 1 && <Tag color={tones.info}>{t('list.pinned')}</Tag>}
              <Typography.Text type="secondary" className={layout.small}>
                {t(`category.${c.row.original.category}`)}
              </Typography.Text>
            </Space>
          </Flex>
        ),
      }),
      column.accessor('status', {
        header: () => t('list.status'),
        cell: (c) => <StatusTag status={c.getValue()} />,
      }),
      column.accessor('languages', {
        header: () => t('list.languages'),
        cell: (c) => <LanguageMarks languages={c.getValue()} />,
      }),
      column.accessor('publish_at', {
        header: () => t('list.publishAt'),
        cell: (c) =>
          c.row.original.status === 'draft'
            ? ''
            : formatDate(c.getValue(), i18n.language, { style: mediumDateTimeSeconds }),
      }),
      column.accessor('unpublish_at', {
        header: () => t('list.unpublishAt'),
        cell: (c) => formatDate(c.getValue(), i18n.language, { style: mediumDateTimeSeconds }),
      }),
      column.accessor('updated_at', {
        header: () => t('list.updatedAt'),
        cell: (c) => formatDate(c.getValue(), i18n.language, { style: mediumDateTimeSeconds }),
      }),
      column.display({
        id: 'actions',
        header: () => t('list.actions'),
        cell: (c) => (
          <Space size={4} wrap>
            <Link
              to={`${base}/${c.row.original.id}`}
              aria-label={t('actions.editOf', { name: c.row.original.title })}
            >
              {t('actions.edit')}
            </Link>
            <Button
              size="small"
              danger
              loading={busyId === c.row.original.id}
              onClick={() => remove(c.row.original)}
              aria-label={t('actions.deleteOf', { name: c.row.original.title })}
            >
              {t('actions.delete')}
            </Button>
          </Space>
        ),
      }),
    ],
    // remove reads modal and the revalidator at call time; both are stable enough for a table.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, base, busyId],
  );
  // TanStack Table rebuilds its instance every render by design; nothing here is memoized on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: page.list,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
  });

  return (
    <ListScreen
      title={t(`${scope}.title`)}
      intro={t(`${scope}.intro`)}
      action={
        <Button type="primary" onClick={() => void navigate(`${base}/new`)}>
          {t(`${scope}.add`)}
        </Button>
      }
      filters={filters}
      categories
      page={page}
    >
      {(busy) => (
        <DataTable table={table} caption={t(`${scope}.title`)} empty={t('list.empty')} busy={busy} />
      )}
    </ListScreen>
  );
}
