import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Card, Descriptions, Progress, Table, Tag } from 'antd';
import type { SmsAdminStatusData } from '@gp/contracts/sms-admin';
import { statusCalls } from '../api/status.calls.ts';
import layout from '../../../lib/layout.module.css';
import { tones } from '../../../lib/theme.ts';

/**
 * The SMS cost guards as staff see them: today's SMS (UTC day) against the global budget, whether sends are
 * stopped, the caps in force and the calling codes sent to most today. `version` changes reload it.
 */
export function SmsGuardCard({ version }: { version: number }) {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<SmsAdminStatusData | 'error' | undefined>();

  useEffect(() => {
    let live = true;
    statusCalls.sms({}).then(
      (data) => live && setStatus(data),
      () => live && setStatus('error'),
    );
    return () => {
      live = false;
    };
  }, [version]);

  return (
    <Card title={<h2 className={layout.sectionTitle}>{t('smsGuards.title')}</h2>} className={layout.gapAbove}>
      {status === 'error' ? (
        <Alert type="error" showIcon title={t('smsGuards.loadFailed')} />
      ) : !status ? (
        <span role="status">{t('smsGuards.loading')}</span>
      ) : (
        <>
          {status.exhausted && (
            <Alert type="error" showIcon title={t('smsGuards.exhausted')} className={layout.gapBelow} />
          )}
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('smsGuards.today', { day: status.day })}>
              {t('smsGuards.count', { sent: status.sent, budget: status.budget })}{' '}
              {status.exhausted ? (
                <Tag color={tones.danger}>{t('smsGuards.stopped')}</Tag>
              ) : (
                <Tag color={tones.success}>{t('smsGuards.sending')}</Tag>
              )}
              <Progress
                percent={Math.min(100, Math.round((status.sent / status.budget) * 100))}
                status={status.exhausted ? 'exception' : 'normal'}
                aria-label={t('smsGuards.budgetUsed')}
              />
            </Descriptions.Item>
            <Descriptions.Item label={t('smsGuards.caps')}>
              {t('smsGuards.capsValue', {
                number: status.caps.per_number,
                address: status.caps.per_address,
                prefix: status.caps.per_prefix,
              })}
            </Descriptions.Item>
          </Descriptions>
          <Table
            className={layout.gapAbove}
            size="small"
            pagination={false}
            rowKey="calling_code"
            dataSource={status.prefixes}
            locale={{ emptyText: <span className={layout.muted}>{t('smsGuards.none')}</span> }}
            title={() => t('smsGuards.topPrefixes')}
            columns={[
              {
                title: t('smsGuards.callingCode'),
                dataIndex: 'calling_code',
                render: (code: string) => `+${code}`,
              },
              {
                title: t('smsGuards.sent'),
                dataIndex: 'sent',
                render: (sent: number) => `${sent} / ${status.caps.per_prefix}`,
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
