import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { Alert, Button, Descriptions, Tag } from 'antd';
import { getHealth, SmsGuardCard } from '../features/status/index.ts';
import { useStaffSession } from '../lib/staff-session.ts';
import { PageFrame } from '../lib/page-frame.tsx';
import { tones } from '../lib/theme.ts';
import { useListPage } from '../lib/use-list-page.ts';

export async function loader() {
  return getHealth().catch(() => 'error' as const);
}

/** The service's health as the API reports it, so an agent can tell an outage from a mistake of their own. */
export default function Status() {
  const { t } = useTranslation('admin');
  const health = useLoaderData<typeof loader>();
  const list = useListPage();
  const { can } = useStaffSession();
  const [version, setVersion] = useState(0);
  // Dark solid tags: antd's light green/red presets miss WCAG AA contrast for 12px text.
  const tag = (up: boolean) => (
    <Tag color={up ? tones.success : tones.danger}>{up ? t('console.up') : t('console.down')}</Tag>
  );
  return (
    <>
      <PageFrame
        title={t('console.status')}
        plain
        toolbar={
          <Button
            onClick={() => {
              void list.refresh();
              setVersion((v) => v + 1);
            }}
            loading={list.loading}
          >
            {t('console.refresh')}
          </Button>
        }
      >
        {health === 'error' ? (
          <Alert type="error" showIcon title={t('errors:common.network')} />
        ) : (
          <Descriptions column={1} bordered>
            <Descriptions.Item label={t('console.api')}>{tag(health.status === 'up')}</Descriptions.Item>
            <Descriptions.Item label={t('console.database')}>
              {tag(health.database.status === 'up')} <span>{health.database.driver}</span>
              {health.database.latency_ms !== undefined && (
                <span> · {t('console.latency', { ms: health.database.latency_ms })}</span>
              )}
            </Descriptions.Item>
          </Descriptions>
        )}
      </PageFrame>
      {can('staff.accounts') && <SmsGuardCard version={version} />}
    </>
  );
}
