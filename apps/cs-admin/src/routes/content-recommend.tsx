import type { TFunction } from 'i18next';
import { createColumnHelper } from '@tanstack/react-table';
import { Flex, Tag, Typography } from 'antd';
import type { RecommendAdminSummary } from '@gp/contracts/content-admin';
import {
  recommendCalls,
  RecommendForm,
  recommendInputOf,
  type RowColumns,
  simpleListRoute,
} from '../features/content/index.ts';
import layout from '../lib/layout.module.css';
import { tones } from '../lib/theme.ts';

const column = createColumnHelper<RecommendAdminSummary>();

const route = simpleListRoute(recommendCalls, {
  scope: 'recommend',
  rowId: (r) => String(r.game_base_id),
  nameOf: (r) => r.game_name,
  keyOf: (r) => ({ game_base_id: r.game_base_id }),
  inputOf: recommendInputOf,
  columns: (t: TFunction) =>
    [
      column.accessor('game_name', {
        header: () => t('recommend.game'),
        cell: (c) => (
          <Flex gap={8} align="center">
            {c.row.original.game_icon && (
              <img src={c.row.original.game_icon} alt="" width={32} height={32} className={layout.rounded} />
            )}
            <Flex vertical gap={2} align="flex-start">
              <Typography.Text strong>{c.getValue()}</Typography.Text>
              {c.row.original.game_online === 0 && (
                <Tag color={tones.attention}>{t('recommend.gameOffline')}</Tag>
              )}
            </Flex>
          </Flex>
        ),
      }),
      column.accessor('tagline', { header: () => t('recommend.tagline') }),
    ] as RowColumns<RecommendAdminSummary>,
  form: (item, close, saved) => <RecommendForm item={item} onClose={close} onSaved={saved} />,
});

export const loader = route.loader;

/** Recommended games (content): the games the home page recommends, in order, with their pitch. */
export default route.Screen;
