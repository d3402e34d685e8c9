/**
 * The H5 header (spec 2 "Layout"): logo, top-up button, language switcher, and the login button or the
 * member's avatar, which asks before logging out (cancel / logout). A failed logout says why in the dialog.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@gp/api-client';
import { errorText } from '@gp/i18n';
import { LanguageSwitcher } from '../language-switcher.tsx';
import { afterLogoutUrl, loginUrl, logout } from './session.ts';
import { usePageUrl, useShell } from './shell-context.tsx';
import { useShellData } from './shell-data.ts';
import { unseenUntilKnown } from '../until-known.ts';
import { SiteLink } from './site-link.tsx';
import styles from './h5-header.module.css';

export function H5Header() {
  const { t } = useTranslation('common');
  const shell = useShell();
  const pageUrl = usePageUrl();
  const { user, userKnown } = useShellData();
  const dialog = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const confirmLogout = async () => {
    setBusy(true);
    setError('');
    try {
      await logout(shell.api);
      window.location.assign(afterLogoutUrl(shell.hosts, true, new URL(window.location.href)));
    } catch (e) {
      setError(e instanceof ApiError ? errorText(t, e.domain, e.code) : t('errors:common.network'));
      setBusy(false);
    }
  };

  return (
    <header className={styles.header}>
      <SiteLink to="/" className={styles.logo} aria-label={t('site.home')}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
      </SiteLink>
      <SiteLink to="/paygame/" className={styles.pay}>
        {t('nav.pay')}
      </SiteLink>
      <LanguageSwitcher id="h5-language" compact />
      {user ? (
        <button
          type="button"
          className={styles.avatar}
          aria-label={t('header.accountOf', { name: user.nickName })}
          onClick={() => {
            setError('');
            dialog.current?.showModal();
          }}
        >
          <span aria-hidden="true">{[...user.nickName][0]?.toUpperCase() ?? '?'}</span>
        </button>
      ) : (
        <a className={unseenUntilKnown(styles.login, userKnown)} href={loginUrl(shell.hosts, true, pageUrl)}>
          {t('nav.login')}
        </a>
      )}
      <dialog ref={dialog} className={styles.dialog} aria-labelledby="logout-title">
        <h2 id="logout-title" className={styles.dialogTitle}>
          {t('header.logoutConfirm')}
        </h2>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={() => dialog.current?.close()}>
            {t('header.cancel')}
          </button>
          <button
            type="button"
            className={styles.primary}
            disabled={busy}
            onClick={() => void confirmLogout()}
          >
            {t('header.logout')}
          </button>
        </div>
      </dialog>
    </header>
  );
}
