import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { Flex, Tag, Typography } from 'antd';
import type { RecommendAdminData, RecommendAdminSummary } from '@gp/contracts/content-admin';
import {
  contentFiltersFromUrl,
  pageQueryOf,
  recommendCalls,
  RecommendForm,
  recommendInputOf,
  type RowColumns,
  type SimpleKind,
  SimpleList,
} from '../features/content/index.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = contentFiltersFromUrl(new URL(request.url));
  return { filters, page: await recommendCalls.page(pageQueryOf(filters)) };
}

const kind: SimpleKind<RecommendAdminSummary, RecommendAdminData> = {
  scope: 'recommend',
  rowId: (r) => String(r.game_base_id),
  nameOf: (r) => r.game_name,
  detail: (r) => recommendCalls.detail({ game_base_id: r.game_base_id }),
  remove: (r) => recommendCalls.delete({ game_base_id: r.game_base_id }),
  setOnline: (r, online) => recommendCalls.save(recommendInputOf(r, online)),
};

const column = createColumnHelper<RecommendAdminSummary>();

/** Recommended games (content): the games the home page recommends, in order, with their pitch. */
export default function ContentRecommend() {
  const { t } = useTranslation('cms');
  const { filters, page } = useLoaderData<typeof loader>();
  const columns = useMemo(
    () =>
      [
        column.accessor('game_name', {
          header: () => t('recommend.game'),
          cell: (c) => (
            <Flex gap={8} align="center">
              {c.row.original.game_icon && (
                <img
                  src={c.row.original.game_icon}
                  alt=""
                  width={32}
                  height={32}
                  style={{ borderRadius: 6 }}
                />
              )}
              <Flex vertical gap={2} align="flex-start">
                <Typography.Text strong>{c.getValue()}</Typography.Text>
                {c.row.original.game_online === 0 && <Tag color="#ad4e00">{t('recommend.gameOffline')}</Tag>}
              </Flex>
            </Flex>
          ),
        }),
        column.accessor('tagline', { header: () => t('recommend.tagline') }),
      ] as RowColumns<RecommendAdminSummary>,
    [t],
  );
  return (
    <SimpleList
      kind={kind}
      filters={filters}
      page={page}
      columns={columns}
      renderForm={(editing, close, saved) => (
        <RecommendForm item={editing.item} onClose={close} onSaved={saved} />
      )}
    />
  );
}
