import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { Alert, App, Button, Flex, Select, Space, Switch, Typography } from 'antd';
import type { PayAdminChannelItem } from '@gp/contracts/pay-admin';
import type { PayChannelProviderData } from '@gp/contracts/pay-channel-authoring';
import { DataTable } from '../../../lib/data-table.tsx';
import { Money } from '../../../lib/money.tsx';
import { channelCalls } from '../api/channel-authoring.calls.ts';
import { payCalls } from '../api/pay-ops.calls.ts';
import { unpayableText } from '../model/channel-setup.ts';
import { payErrorText } from '../model/pay-errors.ts';
import { payModeLabel } from '../model/labels.ts';
import { ChannelEditor } from './channel-editor.tsx';
import layout from '../../../lib/layout.module.css';

const column = createColumnHelper<PayAdminChannelItem>();

/** A channel's per-order limits, in its currency. */
function Limits({ channel }: { channel: PayAdminChannelItem }) {
  const { t } = useTranslation('ops');
  const money = (minor: number) => (
    <Money minor={minor} currency={channel.currency} exponent={channel.exponent} />
  );
  const { min_amount: min, max_amount: max } = channel;
  if (min === null && max === null) return <>{t('pay.channels.noLimit')}</>;
  if (max === null)
    return (
      <>
        {t('pay.channels.from')} {money(min!)}
      </>
    );
  if (min === null)
    return (
      <>
        {t('pay.channels.upTo')} {money(max)}
      </>
    );
  return (
    <>
      {money(min)} – {money(max)}
    </>
  );
}

/**
 * A game's payment channels per currency, open or closed, with the provider that takes each and whether it can
 * here: a closed channel, or one its provider cannot take, is not offered, and a payment mode with no offered
 * channel in a currency drops out of the game's top-up. A channel its provider cannot take cannot be switched on
 * (the switch is disabled and says why). Channels are added and edited in the channel editor. Filtered by
 * currency here.
 */
export function ChannelTable({
  gameBaseId,
  currencies: gameCurrencies,
  initial,
}: {
  gameBaseId: number;
  /** The currencies the game sells in: a new channel's choices. */
  currencies: readonly string[];
  initial: PayAdminChannelItem[];
}) {
  const { t } = useTranslation('ops');
  const { message } = App.useApp();
  const [channels, setChannels] = useState(initial);
  const [currency, setCurrency] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState<number | null>(null);
  // The channel being edited; 'new' while adding one.
  const [editing, setEditing] = useState<PayAdminChannelItem | 'new' | null>(null);
  const [providers, setProviders] = useState<PayChannelProviderData | null>(null);
  const [providersError, setProvidersError] = useState<unknown>(null);
  const currencies = [...new Set(channels.map((c) => c.currency))];
  const shown = currency ? channels.filter((c) => c.currency === currency) : channels;

  useEffect(() => {
    let live = true;
    channelCalls.providers({}).then(
      (data) => live && setProviders(data),
      (error: unknown) => live && setProvidersError(error),
    );
    return () => {
      live = false;
    };
  }, []);

  const saved = (item: PayAdminChannelItem, created: boolean) => {
    setChannels((list) =>
      created ? [...list, item] : list.map((c) => (c.pay_channel_id === item.pay_channel_id ? item : c)),
    );
    setEditing(null);
    void message.success(
      t(created ? 'pay.channels.created' : 'pay.channels.saved', {
        name: item.channel_name,
        currency: item.currency,
      }),
    );
  };

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
      column.accessor('provider_in_use', {
        header: () => t('pay.channels.provider'),
        cell: (c) => {
          const channel = c.row.original;
          return (
            <>
              <div>
                {c.getValue() ?? t('pay.channels.noProvider')}
                {channel.provider === null && c.getValue() !== null && (
                  <Typography.Text type="secondary"> {t('pay.channels.siteDefault')}</Typography.Text>
                )}
              </div>
              {channel.method_keys.length > 0 && (
                <Typography.Text type="secondary">{channel.method_keys.join(', ')}</Typography.Text>
              )}
              <div>
                {channel.unpayable_reason ? (
                  <Typography.Text type="danger">{t('pay.channels.cannotPay')}</Typography.Text>
                ) : (
                  <Typography.Text type="success">{t('pay.channels.canPay')}</Typography.Text>
                )}
              </div>
            </>
          );
        },
      }),
      column.display({
        id: 'limits',
        header: () => t('pay.channels.limits'),
        cell: (c) => <Limits channel={c.row.original} />,
      }),
      column.accessor('is_open', {
        header: () => t('pay.channel.state'),
        cell: (c) => {
          const channel = c.row.original;
          const reason = channel.unpayable_reason;
          // Switching off is always allowed; on only when the provider can take the channel here.
          const locked = c.getValue() === 0 && reason !== null;
          const reasonId = `channel-reason-${channel.pay_channel_id}`;
          return (
            <>
              <Space size={8}>
                <Switch
                  checked={c.getValue() === 1}
                  loading={busy === channel.pay_channel_id}
                  disabled={busy === channel.pay_channel_id || locked}
                  aria-label={t('pay.channel.openOf', {
                    name: channel.channel_name,
                    currency: channel.currency,
                  })}
                  aria-describedby={reason ? reasonId : undefined}
                  onChange={(open) => void toggle(channel, open)}
                />
                <span>{c.getValue() === 1 ? t('pay.channel.open') : t('pay.channel.closed')}</span>
              </Space>
              {reason && (
                <div id={reasonId}>
                  <Typography.Text type="secondary">{unpayableText(t, reason, channel)}</Typography.Text>
                </div>
              )}
            </>
          );
        },
      }),
      column.accessor('sort', { header: () => t('pay.sort') }),
      column.display({
        id: 'actions',
        header: () => t('common.actions'),
        cell: (c) => (
          <Button
            size="small"
            disabled={!providers}
            aria-label={t('pay.channels.editOf', {
              name: c.row.original.channel_name,
              currency: c.row.original.currency,
            })}
            onClick={() => setEditing(c.row.original)}
          >
            {t('common.edit')}
          </Button>
        ),
      }),
    ];
  }, [t, busy, message, providers]);
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
      {providersError !== null && <Alert type="error" showIcon title={payErrorText(t, providersError)} />}
      <Flex gap={8} align="center" justify="space-between" wrap>
        <Button type="primary" disabled={!providers} onClick={() => setEditing('new')}>
          {t('pay.channels.add')}
        </Button>
      </Flex>
      {editing && providers && (
        <ChannelEditor
          gameBaseId={gameBaseId}
          currencies={gameCurrencies}
          channel={editing === 'new' ? null : editing}
          providers={providers}
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      )}
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
