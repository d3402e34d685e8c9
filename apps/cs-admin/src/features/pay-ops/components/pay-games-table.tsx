import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { Button, Space, Tag, Typography } from 'antd';
import type { PayAdminGameItem } from '@gp/contracts/pay-admin';
import { DataTable } from '../../../lib/data-table.tsx';
import { tones } from '../../../lib/theme.ts';

const column = createColumnHelper<PayAdminGameItem>();

/** The games of a region's top-up catalog: open for top-up or not, shown on the site or not, their currencies. */
export function PayGamesTable({
  games,
  selected,
  onSelect,
}: {
  games: PayAdminGameItem[];
  selected: number | undefined;
  onSelect: (game: PayAdminGameItem) => void;
}) {
  const { t } = useTranslation('ops');
  const columns = useMemo(
    () => [
      column.accessor('game_name', {
        header: () => t('pay.game.name'),
        cell: (c) => <Typography.Text strong>{c.getValue()}</Typography.Text>,
      }),
      column.accessor('game_id', {
        header: () => t('pay.game.gameId'),
        cell: (c) => <Typography.Text code>{c.getValue()}</Typography.Text>,
      }),
      column.display({
        id: 'state',
        header: () => t('pay.game.state'),
        cell: ({ row }) => (
          <Space size={4} wrap>
            {row.original.is_open === 1 ? (
              <Tag color={tones.success}>{t('pay.game.open')}</Tag>
            ) : (
              <Tag color={tones.danger}>{t('pay.game.closed')}</Tag>
            )}
            {row.original.is_online === 0 && <Tag>{t('pay.game.offlineOnSite')}</Tag>}
          </Space>
        ),
      }),
      column.accessor('currencies', {
        header: () => t('pay.game.currencies'),
        cell: (c) => c.getValue().join(', '),
      }),
      column.display({
        id: 'actions',
        header: () => t('common.actions'),
        cell: ({ row }) => {
          const current = row.original.game_base_id === selected;
          return (
            <Button
              size="small"
              type={current ? 'primary' : 'default'}
              aria-pressed={current}
              aria-label={t('pay.game.manageOf', { name: row.original.game_name })}
              onClick={() => onSelect(row.original)}
            >
              {t('pay.game.manage')}
            </Button>
          );
        },
      }),
    ],
    [t, selected, onSelect],
  );
  // TanStack Table rebuilds its instance every render by design; nothing here is memoized on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: games,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.game_base_id),
  });
  return <DataTable table={table} caption={t('pay.game.caption')} empty={t('pay.game.empty')} />;
}
