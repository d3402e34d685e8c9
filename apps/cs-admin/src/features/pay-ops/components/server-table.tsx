import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { App, Space, Switch, Tag, Typography } from 'antd';
import type { PayAdminServerItem } from '@gp/contracts/pay-admin';
import { DataTable, TimeCell } from '../../../lib/data-table.tsx';
import { payCalls } from '../api/pay-ops.calls.ts';
import { payErrorText } from '../model/pay-errors.ts';
import { tones } from '../../../lib/theme.ts';

const column = createColumnHelper<PayAdminServerItem>();

/**
 * A game's servers with the maintenance switch: under maintenance, players see the server so and its top-ups are
 * refused. Each change shows at once from the server's answer.
 */
export function ServerTable({ gameBaseId, initial }: { gameBaseId: number; initial: PayAdminServerItem[] }) {
  const { t } = useTranslation('ops');
  const { message } = App.useApp();
  const [servers, setServers] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);

  const columns = useMemo(() => {
    const toggle = async (server: PayAdminServerItem, on: boolean) => {
      setBusy(server.cp_server_id);
      try {
        const answer = await payCalls.setMaintenance({
          game_base_id: gameBaseId,
          cp_server_id: server.cp_server_id,
          is_maintenance: on ? 1 : 0,
        });
        setServers((list) => list.map((s) => (s.cp_server_id === answer.cp_server_id ? answer : s)));
        void message.success(
          t(on ? 'pay.server.maintenanceOn' : 'pay.server.maintenanceOff', { name: answer.server_name }),
        );
      } catch (error) {
        void message.error(payErrorText(t, error));
      } finally {
        setBusy(null);
      }
    };
    return [
      column.accessor('server_name', {
        header: () => t('pay.server.name'),
        cell: (c) => (
          <>
            <Typography.Text strong>{c.getValue()}</Typography.Text>
            <div>
              <Typography.Text type="secondary">{c.row.original.cp_server_id}</Typography.Text>
            </div>
          </>
        ),
      }),
      column.accessor('is_online', {
        header: () => t('pay.server.offered'),
        cell: (c) =>
          c.getValue() === 1 ? (
            <Tag color={tones.success}>{t('pay.server.online')}</Tag>
          ) : (
            <Tag>{t('pay.server.offline')}</Tag>
          ),
      }),
      column.accessor('is_maintenance', {
        header: () => t('pay.server.maintenance'),
        cell: (c) => {
          const server = c.row.original;
          return (
            <Space size={8}>
              <Switch
                checked={c.getValue() === 1}
                loading={busy === server.cp_server_id}
                disabled={busy === server.cp_server_id}
                aria-label={t('pay.server.maintenanceOf', { name: server.server_name })}
                onChange={(on) => void toggle(server, on)}
              />
              <span>{c.getValue() === 1 ? t('pay.server.underMaintenance') : t('pay.server.running')}</span>
            </Space>
          );
        },
      }),
      column.accessor('sort', { header: () => t('pay.sort') }),
      column.accessor('updated_at', {
        header: () => t('pay.updated'),
        cell: (c) => <TimeCell iso={c.getValue()} />,
      }),
    ];
  }, [t, busy, gameBaseId, message]);
  // TanStack Table rebuilds its instance every render by design; nothing here is memoized on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: servers,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.cp_server_id,
  });
  return <DataTable table={table} caption={t('pay.server.caption')} empty={t('pay.server.empty')} />;
}
