import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Descriptions, Tag, Typography } from 'antd';
import { getHealth, type Health } from '../features/status/api/get-health.ts';

/** The service's health as the API reports it, so an agent can tell an outage from a mistake of their own. */
export default function Status() {
  const { t } = useTranslation('admin');
  const [health, setHealth] = useState<Health | 'error' | undefined>();
  const refresh = useCallback(() => {
    setHealth(undefined);
    getHealth().then(setHealth, () => setHealth('error'));
  }, []);
  useEffect(refresh, [refresh]);
  const tag = (up: boolean) => <Tag color={up ? 'green' : 'red'}>{up ? t('console.up') : t('console.down')}</Tag>;
  return (
    <Card
      title={<Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>{t('console.status')}</Typography.Title>}
      extra={<Button onClick={refresh}>{t('console.refresh')}</Button>}
      loading={health === undefined}
    >
      {health === 'error' ? (
        <Alert type="error" showIcon title={t('errors:common.network')} />
      ) : health ? (
        <Descriptions column={1} bordered>
          <Descriptions.Item label={t('console.api')}>{tag(health.status === 'up')}</Descriptions.Item>
          <Descriptions.Item label={t('console.database')}>
            {tag(health.database.status === 'up')} {health.database.driver}
            {health.database.latency_ms !== undefined && ` · ${t('console.latency', { ms: health.database.latency_ms })}`}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Card>
  );
}
