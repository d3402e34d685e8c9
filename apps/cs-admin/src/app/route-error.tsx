import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button, Result, Typography } from 'antd';
import { ApiError } from '@gp/api-client';
import { errorText } from '@gp/i18n';

/** A screen that could not load (API unreachable, a refused call, a lost chunk): the reason and a way back. */
export function RouteError() {
  const { t } = useTranslation('admin');
  const error = useRouteError();
  const message =
    error instanceof ApiError ? errorText(t, error.domain, error.code) : t('errors:common.network');
  return (
    <Result
      status="error"
      title={
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          {t('console.loadFailed')}
        </Typography.Title>
      }
      subTitle={message}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('console.reload')}
        </Button>
      }
    />
  );
}
