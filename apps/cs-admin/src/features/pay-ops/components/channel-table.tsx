import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { App, Flex, Select, Space, Switch, Typography } from 'antd';
import type { PayAdminChannelItem } from '@gp/contracts/pay-admin';
import { DataTable } from '../../../lib/data-table.tsx';
import { payCalls } from '../api/pay-ops.calls.ts';
import { payErrorText } from '../model/pay-errors.ts';
import { payModeLabel } from '../model/labels.ts';
import layout from '../../../lib/layout.module.css';

const column = createColumnHelper<PayAdminChannelItem>();

/**
 * A game's payment channels per currency, open or closed: a closed channel is not offered, and a payment mode
 * with no open channel in a currency drops out of the game's top-up. Filtered by currency here.
 */
export function ChannelTable({ initial }: { initial: PayAdminChannelItem[] }) {
  const { t } = useTranslation('ops');
  const { message } = App.useApp();
  const [channels, setChannels] = useState(initial);
  const [currency, setCurrency] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState<number | null>(null);
  const currencies = [...new Set(channels.map((c) => c.currency))];
  const shown = currency ? channels.filter((c) => c.currency === currency) : channels;

  const columns = useMemo(() => {
    const toggle = async (channel: PayAdminChannelItem, open: boolean) => {
      setBusy(channel.pay_channel_id);
      try {
        const answer = await payCalls.setChannelOpen({
          pay_channel_id: channel.pay_channel_id,
          is_open: open ? 1 : 0,
        });
        setChannels((list) => list.map((c) => (c.pay_channel_id === answer.pay_channel_id ? answer : c)));
        void message.success(
          t(open ? 'pay.channel.openedDone' : 'pay.channel.closedDone', {
            name: answer.channel_name,
            currency: answer.currency,
          }),
        );
      } catch (error) {
        void message.error(payErrorText(t, error));
      } finally {
        setBusy(null);
      }
    };
    return [
      column.accessor('channel_name', {
        header: () => t('pay.channel.name'),
        cell: (c) => (
          <>
            <Typography.Text strong>{c.getValue()}</Typography.Text>
            <div>
              <Typography.Text type="secondary">{c.row.original.payment_type}</Typography.Text>
            </div>
          </>
        ),
      }),
      column.accessor('currency', { header: () => t('pay.channel.currency') }),
      column.accessor('pay_mode', {
        header: () => t('pay.channel.payMode'),
        cell: (c) => payModeLabel(t, c.getValue()),
      }),
      column.accessor('is_open', {
        header: () => t('pay.channel.state'),
        cell: (c) => {
          const channel = c.row.original;
          return (
            <Space size={8}>
              <Switch
                checked={c.getValue() === 1}
                loading={busy === channel.pay_channel_id}
                disabled={busy === channel.pay_channel_id}
                aria-label={t('pay.channel.openOf', {
                  name: channel.channel_name,
                  currency: channel.currency,
                })}
                onChange={(open) => void toggle(channel, open)}
              />
              <span>{c.getValue() === 1 ? t('pay.channel.open') : t('pay.channel.closed')}</span>
            </Space>
          );
        },
      }),
      column.accessor('sort', { header: () => t('pay.sort') }),
    ];
  }, [t, busy, message]);
  // TanStack Table rebuilds its instance every render by design; nothing here is memoized on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: shown,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.pay_channel_id),
  });
  return (
    <Flex vertical gap={12}>
      {currencies.length > 1 && (
        <Flex gap={8} align="center">
          <label htmlFor="channel-currency">{t('pay.channel.currency')}</label>
          <Select
            id="channel-currency"
            allowClear
            value={currency}
            onChange={setCurrency}
            placeholder={t('pay.channel.allCurrencies')}
            className={layout.control}
            options={currencies.map((c) => ({ value: c, label: c }))}
          />
        </Flex>
      )}
      <DataTable table={table} caption={t('pay.channel.caption')} empty={t('pay.channel.empty')} />
    </Flex>
  );
}
