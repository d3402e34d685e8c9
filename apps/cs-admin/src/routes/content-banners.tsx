import type { TFunction } from 'i18next';
import { createColumnHelper } from '@tanstack/react-table';
import { Flex, Typography } from 'antd';
import type { BannerAdminSummary } from '@gp/contracts/content-admin';
import { formatDate, mediumDateTimeSeconds } from '@gp/i18n/format';
import {
  bannerCalls,
  BannerForm,
  bannerInputOf,
  type RowColumns,
  simpleListRoute,
} from '../features/content/index.ts';
import layout from '../lib/layout.module.css';

const column = createColumnHelper<BannerAdminSummary>();

const route = simpleListRoute(bannerCalls, {
  scope: 'banner',
  rowId: (b) => String(b.id),
  nameOf: (b) => b.title,
  keyOf: (b) => ({ id: b.id }),
  inputOf: bannerInputOf,
  columns: (t: TFunction, language: string) =>
    [
      column.accessor('image', {
        header: () => t('banner.image'),
        cell: (c) => (
          <img
            src={c.getValue().url}
            alt={t('image.previewAlt', { field: c.row.original.title })}
            className={`${layout.framed} ${layout.thumbnail}`}
          />
        ),
      }),
      column.accessor('title', {
        header: () => t('list.title'),
        cell: (c) => (
          <Flex vertical gap={2}>
            <Typography.Text strong>{c.getValue()}</Typography.Text>
            <Typography.Text type="secondary" className={`${layout.small} ${layout.breakAll}`}>
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
            from: formatDate(c.row.original.starts_at, language, { style: mediumDateTimeSeconds }),
            to: formatDate(c.row.original.ends_at, language, { style: mediumDateTimeSeconds }),
          }),
      }),
    ] as RowColumns<BannerAdminSummary>,
  form: (item, close, saved) => <BannerForm banner={item} onClose={close} onSaved={saved} />,
});

export const loader = route.loader;

/** Home banners (content): the carousel's slides in order, with their pictures, links and periods. */
export default route.Screen;
