import { useTranslation } from 'react-i18next';
import { useLoginRedirect } from '@gp/ui/use-login-redirect';
import { LookupLink } from './order-lookup.tsx';
import styles from './topup.module.css';

/** What a visitor sees instead of the member steps: why to log in, and the way there (and back). */
export function LoginPrompt() {
  const { t } = useTranslation('pay');
  const { loginHref } = useLoginRedirect();
  return (
    <section className={styles.panel} aria-labelledby="login-needed">
      <h2 id="login-needed" className={styles.heading}>
        {t('login.heading')}
      </h2>
      <p className={styles.hint}>{t('login.prompt')}</p>
      <div className={styles.actions}>
        <a className={styles.primary} href={loginHref()}>
          {t('login.action')}
        </a>
      </div>
      <p className={styles.hint}>
        <LookupLink />
      </p>
    </section>
  );
}
