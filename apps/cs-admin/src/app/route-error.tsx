import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button, Result, Typography } from 'antd';
import layout from '../lib/layout.module.css';
import { ApiError } from '@gp/api-client';
import { errorText } from '@gp/i18n';

/**
 * A screen that could not load (API unreachable, a refused call, a lost chunk): the reason, a server error's
 * reference, and a way back.
 */
export function RouteError() {
  const { t } = useTranslation('admin');
  const error = useRouteError();
  const message =
    error instanceof ApiError ? errorText(t, error.domain, error.code) : t('errors:common.network');
  // A server error's reference, for the staff member to pass on to whoever reads the logs.
  const requestId = error instanceof ApiError ? error.requestId : undefined;
  return (
    <Result
      status="error"
      title={
        <Typography.Title level={1} className={layout.pageTitle}>
          {t('console.loadFailed')}
        </Typography.Title>
      }
      subTitle={
        requestId ? (
          <>
            {message}
            <br />
            <Typography.Text copyable={{ text: requestId }} type="secondary">
              {t('common:error.reference', { id: requestId })}
            </Typography.Text>
          </>
        ) : (
          message
        )
      }
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('console.reload')}
        </Button>
      }
    />
  );
}
