import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Typography } from 'antd';
import { ApiError } from '@gp/api-client';
import { errorText } from '@gp/i18n';
import { ScreenResult } from './screen-result.tsx';

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
    <ScreenResult
      status="error"
      title={t('console.loadFailed')}
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
      action={t('console.reload')}
      onAction={() => window.location.reload()}
    />
  );
}
