import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '@gp/api-client';
import { errorText } from '@gp/i18n';
import styles from './route-error.module.css';

/**
 * What a route shows when its data could not be loaded: the translated message for the error's code (never
 * the server's text), a server error's reference for support, and a way to try again.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  let message: string;
  if (error instanceof ApiError) message = errorText(t, error.domain, error.code);
  else if (isRouteErrorResponse(error) && error.status === 404) message = t('error.notFound');
  else message = t('errors:common.network');
  const requestId = error instanceof ApiError ? error.requestId : undefined;
  return (
    <section className={styles.box} role="alert">
      <h1 className={styles.title}>{t('error.title')}</h1>
      <p>{message}</p>
      {requestId && <p className={styles.reference}>{t('error.reference', { id: requestId })}</p>}
      <button type="button" className={styles.retry} onClick={() => window.location.reload()}>
        {t('state.retry')}
      </button>
    </section>
  );
}
