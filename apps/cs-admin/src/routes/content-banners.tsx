import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { Flex, Typography } from 'antd';
import type { BannerAdminData, BannerAdminSummary } from '@gp/contracts/content-admin';
import { formatDate, mediumDateTimeSeconds } from '@gp/i18n/format';
import {
  bannerCalls,
  BannerForm,
  bannerInputOf,
  contentFiltersFromUrl,
  pageQueryOf,
  type RowColumns,
  type SimpleKind,
  SimpleList,
} from '../features/content/index.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = contentFiltersFromUrl(new URL(request.url));
  return { filters, page: await bannerCalls.page(pageQueryOf(filters)) };
}

const kind: SimpleKind<BannerAdminSummary, BannerAdminData> = {
  scope: 'banner',
  rowId: (b) => String(b.id),
  nameOf: (b) => b.title,
  detail: (b) => bannerCalls.detail({ id: b.id }),
  remove: (b) => bannerCalls.delete({ id: b.id }),
  setOnline: (b, online) => bannerCalls.save(bannerInputOf(b, online)),
};

const column = createColumnHelper<BannerAdminSummary>();

/** Home banners (content): the carousel's slides in order, with their pictures, links and periods. */
export default function ContentBanners() {
  const { t, i18n } = useTranslation('cms');
  const { filters, page } = useLoaderData<typeof loader>();
  const columns = useMemo(
    () =>
      [
        column.accessor('image', {
          header: () => t('banner.image'),
          cell: (c) => (
            <img
              src={c.getValue().url}
              alt={t('image.previewAlt', { field: c.row.original.title })}
              style={{ display: 'block', width: 120, height: 'auto', border: '1px solid #d9d9d9' }}
            />
          ),
        }),
        column.accessor('title', {
          header: () => t('list.title'),
          cell: (c) => (
            <Flex vertical gap={2}>
              <Typography.Text strong>{c.getValue()}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
                {c.row.original.link}
              </Typography.Text>
            </Flex>
          ),
        }),
        column.display({
          id: 'period',
          header: () => t('banner.period'),
          cell: (c) =>
            t('banner.periodValue', {
              from: formatDate(c.row.original.starts_at, i18n.language, { style: mediumDateTimeSeconds }),
              to: formatDate(c.row.original.ends_at, i18n.language, { style: mediumDateTimeSeconds }),
            }),
        }),
      ] as RowColumns<BannerAdminSummary>,
    [t, i18n.language],
  );
  return (
    <SimpleList
      kind={kind}
      filters={filters}
      page={page}
      columns={columns}
      renderForm={(editing, close, saved) => (
        <BannerForm banner={editing.item} onClose={close} onSaved={saved} />
      )}
    />
  );
}
