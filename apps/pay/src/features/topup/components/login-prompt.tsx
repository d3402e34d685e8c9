import { useTranslation } from 'react-i18next';
import { unseenUntilKnown } from '@gp/ui/until-known';
import { useLoginRedirect } from '@gp/ui/use-login-redirect';
import { LookupLink } from './order-lookup.tsx';
import styles from './topup.module.css';

/**
 * What a visitor sees instead of the member steps: why to log in, and the way there (and back). `pending`: the
 * page does not know yet whether the reader is a member (a server-rendered page taking over), so the prompt keeps
 * its place unseen rather than flash by before a member's steps replace it.
 */
export function LoginPrompt({ pending = false }: { pending?: boolean }) {
  const { t } = useTranslation('pay');
  const { loginHref } = useLoginRedirect();
  return (
    <section className={unseenUntilKnown(styles.panel, !pending)} aria-labelledby="login-needed">
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
