import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { Button, Space, Switch, Typography } from 'antd';
import type { GameAdminItem } from '@gp/contracts/catalog-admin';
import { DataTable, TimeCell } from '../../../lib/data-table.tsx';
import layout from '../../../lib/layout.module.css';

export interface GameActions {
  edit(game: GameAdminItem): void;
  setOnline(game: GameAdminItem, online: boolean): void;
  remove(game: GameAdminItem): void;
}

const column = createColumnHelper<GameAdminItem>();

/** One page of games: icon, names, ids, order, the online switch (shown on the site or not) and actions. */
export function GamesTable({
  games,
  actions,
  busyGame,
  busy,
}: {
  games: GameAdminItem[];
  actions: GameActions;
  /** The game an action is running on: its switch and buttons wait. */
  busyGame: number | null;
  busy: boolean;
}) {
  const { t } = useTranslation('ops');
  const columns = useMemo(
    () => [
      column.accessor('game_icon', {
        header: () => t('games.icon'),
        // Next to the name it shows, the picture adds nothing for a screen reader.
        cell: (c) =>
          c.getValue() ? (
            <img src={c.getValue()} alt="" width={40} height={40} className={layout.contain} />
          ) : (
            <Typography.Text type="secondary">{t('games.noIcon')}</Typography.Text>
          ),
      }),
      column.accessor('game_name', {
        header: () => t('games.name'),
        cell: (c) => (
          <>
            <Typography.Text strong>{c.getValue()}</Typography.Text>
            <div>
              <Typography.Text type="secondary">{c.row.original.slug}</Typography.Text>
            </div>
          </>
        ),
      }),
      column.accessor('game_id', {
        header: () => t('games.gameId'),
        cell: (c) => <Typography.Text code>{c.getValue()}</Typography.Text>,
      }),
      column.accessor('sort', { header: () => t('games.sort') }),
      column.accessor('is_online', {
        header: () => t('games.online'),
        cell: (c) => {
          const game = c.row.original;
          return (
            <Space size={8}>
              <Switch
                checked={c.getValue() === 1}
                loading={busyGame === game.game_base_id}
                disabled={busyGame === game.game_base_id}
                aria-label={t('games.onlineOf', { name: game.game_name })}
                onChange={(on) => actions.setOnline(game, on)}
              />
              <span>{c.getValue() === 1 ? t('games.shown') : t('games.hidden')}</span>
            </Space>
          );
        },
      }),
      column.accessor('updated_at', {
        header: () => t('games.updated'),
        cell: (c) => <TimeCell iso={c.getValue()} />,
      }),
      column.display({
        id: 'actions',
        header: () => t('common.actions'),
        cell: (c) => {
          const game = c.row.original;
          const busyRow = busyGame === game.game_base_id;
          return (
            <Space size={4} wrap>
              <Button
                size="small"
                onClick={() => actions.edit(game)}
                aria-label={t('games.editOf', { name: game.game_name })}
              >
                {t('common.edit')}
              </Button>
              <Button
                size="small"
                danger
                disabled={busyRow}
                onClick={() => actions.remove(game)}
                aria-label={t('games.deleteOf', { name: game.game_name })}
              >
                {t('common.delete')}
              </Button>
            </Space>
          );
        },
      }),
    ],
    [t, actions, busyGame],
  );
  // TanStack Table rebuilds its instance every render by design; nothing here is memoized on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: games,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.game_base_id),
  });
  return <DataTable table={table} caption={t('games.title')} empty={t('games.empty')} busy={busy} />;
}
