import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { carryLanguage } from '@gp/i18n';
import { useShell } from './shell-context.tsx';
import { useSiteRoute } from './shell-data.ts';
import styles from './back-bar.module.css';

/**
 * The bar that replaces the H5 header on form pages (spec 2): back, and the page title. A page opened directly
 * (no history to go back to) goes to the H5 home instead of leaving the site.
 */
export function BackBar() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const shell = useShell();
  const route = useSiteRoute();
  const back = () => {
    const state = window.history.state as { idx?: number } | null;
    if (state?.idx && state.idx > 0) navigate(-1);
    else window.location.assign(carryLanguage(`${shell.hosts.apps.portal}/h5`));
  };
  return (
    <header className={styles.bar}>
      <button type="button" className={styles.back} onClick={back} aria-label={t('shell.back')}>
        <span aria-hidden="true">‹</span>
      </button>
      <span className={styles.title}>{route ? t(`routes.${route.title}`) : ''}</span>
    </header>
  );
}
