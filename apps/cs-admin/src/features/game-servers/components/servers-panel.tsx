import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { Alert, App, Button, Descriptions, Flex, Tag, Typography } from 'antd';
import type { GameServerDetail, GameServerServerItem } from '@gp/contracts/game-server-admin';
import { formatDate, mediumDateTimeSeconds } from '@gp/i18n/format';
import { DataTable, TimeCell } from '../../../lib/data-table.tsx';
import { tones } from '../../../lib/theme.ts';
import { gameServerCalls } from '../api/game-servers.calls.ts';
import { gameServerErrorText } from '../model/game-server-errors.ts';
import { useCheckText } from './check-results.tsx';

const column = createColumnHelper<GameServerServerItem>();

/**
 * The game server's health (last check, last sync) and the servers its list gave the catalog, with "Sync
 * servers": offered or not, the maintenance the game server reports and the staff's own flag.
 */
export function ServersPanel({
  gameBaseId,
  detail,
  onDetail,
}: {
  gameBaseId: number;
  detail: GameServerDetail;
  onDetail: (next: GameServerDetail) => void;
}) {
  const { t, i18n } = useTranslation('ops');
  const { message } = App.useApp();
  const checkText = useCheckText();
  const [syncing, setSyncing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const health = detail.health;
  const when = (iso: string | null) =>
    iso ? formatDate(iso, i18n.language, { style: mediumDateTimeSeconds }) : t('gameServer.health.never');

  const sync = async () => {
    setSyncing(true);
    setProblem(null);
    try {
      const result = await gameServerCalls.sync({ game_base_id: gameBaseId });
      onDetail(result.detail);
      if (result.ok)
        void message.success(
          t('gameServer.servers.synced', { added: result.added, offline: result.went_offline }),
        );
      else
        setProblem(
          t('gameServer.servers.syncFailed', {
            check: result.failed ? t(`gameServer.check.${result.failed}`) : '',
            reason: result.failed
              ? checkText({
                  check: result.failed,
                  status: 'fail',
                  reason: result.reason,
                  params: result.params,
                })
              : '',
          }),
        );
    } catch (error) {
      setProblem(gameServerErrorText(t, error));
    } finally {
      setSyncing(false);
    }
  };

  const columns = useMemo(
    () => [
      column.accessor('server_name', {
        header: () => t('gameServer.servers.name'),
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
        header: () => t('gameServer.servers.offered'),
        cell: (c) =>
          c.getValue() === 1 ? (
            <Tag color={tones.success}>{t('gameServer.servers.online')}</Tag>
          ) : (
            <Tag>{t('gameServer.servers.offline')}</Tag>
          ),
      }),
      column.accessor('reported_maintenance', {
        header: () => t('gameServer.servers.reported'),
        cell: (c) => {
          const server = c.row.original;
          if (!server.reported_at) return t('gameServer.servers.notReported');
          return (
            <Flex gap={4} wrap>
              {c.getValue() === 1 ? (
                <Tag color={tones.warning}>{t('gameServer.servers.reportedMaintenance')}</Tag>
              ) : (
                <Tag color={tones.success}>{t('gameServer.servers.reportedRunning')}</Tag>
              )}
              {server.is_maintenance === 1 && <Tag>{t('gameServer.servers.staffMaintenance')}</Tag>}
            </Flex>
          );
        },
      }),
      column.accessor('reported_at', {
        header: () => t('gameServer.servers.lastSeen'),
        cell: (c) => {
          const iso = c.getValue();
          return iso ? <TimeCell iso={iso} /> : '—';
        },
      }),
    ],
    [t],
  );
  // TanStack Table rebuilds its instance every render by design; nothing here is memoized on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({ data: detail.servers, columns, getCoreRowModel: getCoreRowModel() });

  const verdict = (ok: 0 | 1 | null | undefined, failed: string | null | undefined) =>
    ok === 0 ? (
      <Tag color={tones.danger}>
        {t('gameServer.health.failedAt', { check: failed ? t(`gameServer.check.${failed}`) : '' })}
      </Tag>
    ) : ok === 1 ? (
      <Tag color={tones.success}>{t('gameServer.health.ok')}</Tag>
    ) : null;

  return (
    <Flex vertical gap={16}>
      <section aria-labelledby="game-server-health">
        <Typography.Title level={3} id="game-server-health">
          {t('gameServer.health.title')}
        </Typography.Title>
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'check',
              label: t('gameServer.health.lastCheck'),
              children: (
                <Flex gap={8} wrap>
                  {when(health?.checked_at ?? null)}
                  {verdict(health?.check_ok, health?.check_failed)}
                </Flex>
              ),
            },
            {
              key: 'sync',
              label: t('gameServer.health.lastSync'),
              children: (
                <Flex gap={8} wrap>
                  {when(health?.synced_at ?? null)}
                  {verdict(health?.sync_ok, health?.sync_failed)}
                </Flex>
              ),
            },
          ]}
        />
        <Typography.Paragraph type="secondary">{t('gameServer.health.daily')}</Typography.Paragraph>
      </section>
      <section aria-labelledby="game-server-servers">
        <Typography.Title level={3} id="game-server-servers">
          {t('gameServer.servers.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('gameServer.servers.help')}</Typography.Paragraph>
        {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
        <Button
          loading={syncing}
          disabled={syncing || detail.source === 'none'}
          onClick={() => void sync()}
          style={{ marginBottom: 16 }}
        >
          {t('gameServer.servers.sync')}
        </Button>
        <DataTable
          table={table}
          caption={t('gameServer.servers.title')}
          empty={t('gameServer.servers.empty')}
        />
      </section>
    </Flex>
  );
}
