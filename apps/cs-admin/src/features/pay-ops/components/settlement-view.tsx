import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Flex, Input, Pagination, Radio, Typography } from 'antd';
import type { SettlementItem, SettlementPage } from '@gp/contracts/pay-settlement';
import { formatDate, mediumDateTimeSeconds } from '@gp/i18n/format';
import { settlementCalls } from '../api/pay-ops.calls.ts';
import type { Settled } from '../../../lib/settle.ts';
import { settlementErrorText } from '../model/settlement-errors.ts';
import { SettlementResolveDialog } from './settlement-resolve-dialog.tsx';
import { SettlementTable } from './settlement-table.tsx';
import layout from '../../../lib/layout.module.css';

/** Yesterday in UTC, the day the daily check looks at. */
const yesterdayUtc = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/**
 * Payment settlement (catalog privilege): the latest check per provider, "run now" for a UTC day, and the
 * differences it found (open or resolved) with what to do and the actions that fit. `onChanged` reloads the page.
 */
export function SettlementView({
  status,
  page,
  loading,
  onStatus,
  onPage,
  onChanged,
}: {
  status: 'open' | 'resolved';
  page: Settled<SettlementPage>;
  loading: boolean;
  onStatus: (status: 'open' | 'resolved') => void;
  onPage: (page: number) => void;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation('ops');
  const { message } = App.useApp();
  const [day, setDay] = useState(yesterdayUtc);
  const [running, setRunning] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [resolving, setResolving] = useState<SettlementItem | null>(null);
  const [saving, setSaving] = useState(false);

  const run = async () => {
    setRunning(true);
    try {
      const runs = await settlementCalls.run({ day });
      const found = runs.reduce((sum, r) => sum + r.mismatches, 0);
      void message.success(t('settlement.ran', { day, count: found }));
      onChanged();
    } catch (error) {
      void message.error(settlementErrorText(t, error));
    } finally {
      setRunning(false);
    }
  };

  const recheck = useCallback(
    async (item: SettlementItem) => {
      setBusyId(item.id);
      try {
        const { answer, result } = await settlementCalls.recheck({ id: item.id });
        const said = t(`settlement.answer.${answer ?? 'none'}`);
        void message.info(
          result === 'applied' && answer === 'paid' ? `${said} ${t('settlement.credited')}` : said,
        );
        onChanged();
      } catch (error) {
        void message.error(settlementErrorText(t, error));
      } finally {
        setBusyId(null);
      }
    },
    [t, message, onChanged],
  );

  const save = async (item: SettlementItem, note: string) => {
    setSaving(true);
    try {
      await settlementCalls.resolve({ id: item.id, note });
      void message.success(t('settlement.resolvedMessage'));
      setResolving(null);
      onChanged();
    } catch (error) {
      void message.error(settlementErrorText(t, error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph className={layout.flush}>{t('settlement.intro')}</Typography.Paragraph>
      {page.data && (
        <section aria-label={t('settlement.runs')}>
          {page.data.runs.length === 0 ? (
            <Typography.Text type="secondary">{t('settlement.noRun')}</Typography.Text>
          ) : (
            <ul className={layout.bullets}>
              {page.data.runs.map((r) => (
                <li key={r.provider}>
                  {t('settlement.lastRun', {
                    provider: r.provider,
                    day: r.day,
                    time: formatDate(r.ran_at, i18n.language, { style: mediumDateTimeSeconds }),
                    payments: r.payments,
                    mismatches: r.mismatches,
                  })}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <Flex gap={8} align="center" wrap>
        <label htmlFor="settlement-day">{t('settlement.day')}</label>
        <Input
          id="settlement-day"
          type="date"
          value={day}
          className={layout.control}
          onChange={(event) => setDay(event.target.value)}
        />
        <Button onClick={() => void run()} loading={running} disabled={!day}>
          {t('settlement.run')}
        </Button>
      </Flex>
      <Radio.Group
        aria-label={t('settlement.show')}
        optionType="button"
        value={status}
        onChange={(event) => onStatus(event.target.value as 'open' | 'resolved')}
        options={[
          { value: 'open', label: t('settlement.open') },
          { value: 'resolved', label: t('settlement.resolved') },
        ]}
      />
      {page.error !== null || page.data === null ? (
        <Alert type="error" showIcon title={settlementErrorText(t, page.error)} />
      ) : (
        <>
          <SettlementTable
            items={page.data.list}
            busy={loading}
            busyId={busyId}
            onRecheck={(item) => void recheck(item)}
            onResolve={setResolving}
          />
          <Pagination
            current={page.data.page_num}
            pageSize={page.data.page_size}
            total={page.data.total}
            showSizeChanger={false}
            disabled={loading}
            showTotal={(total) => t('settlement.total', { count: total })}
            onChange={onPage}
            align="end"
          />
        </>
      )}
      <SettlementResolveDialog
        item={resolving}
        saving={saving}
        onSave={(item, note) => void save(item, note)}
        onClose={() => setResolving(null)}
      />
    </Flex>
  );
}
