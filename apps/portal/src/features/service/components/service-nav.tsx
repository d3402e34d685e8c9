/**
 * The customer-service pages: the FAQ (service home), submit a ticket, my tickets, contact details. On the home
 * they are cards with a line each; on the other pages a bar of links with the current one marked.
 */
import { useTranslation } from 'react-i18next';
import { SiteLink } from '@gp/ui/site-link';
import { servicePaths } from '../model/query.ts';
import styles from './service-nav.module.css';

const icons = {
  question:
    'M4 4h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-6.6L8 21v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm0 2v9h6v2.3l2.9-2.3H20V6H4Zm3 2h10v2H7V8Zm0 3h7v2H7v-2Z',
  history:
    'M13 3a9 9 0 1 1-8.5 12h2.1A7 7 0 1 0 6 9.3V12H2V5h2v2.5A9 9 0 0 1 13 3Zm-1 4h2v5.6l3.7 2.2-1 1.7L12 13.7V7Z',
  info: 'M12 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10Zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6Zm0 10c4.4 0 8 2 8 4.5V21H4v-2.5C4 16 7.6 14 12 14Zm0 2c-3.3 0-5.7 1.3-6 2.5v.5h12v-.5c-.3-1.2-2.7-2.5-6-2.5Z',
} as const;

export type ServicePage = 'home' | 'question' | 'history' | 'info';

/** The entry points of the service home. */
export function ServiceEntries() {
  const { t } = useTranslation('service');
  const entries = [
    { key: 'question', to: servicePaths.question },
    { key: 'history', to: servicePaths.history },
    { key: 'info', to: servicePaths.info },
  ] as const;
  return (
    <nav aria-label={t('nav.label')} className={styles.entries}>
      <ul className={styles.entryList}>
        {entries.map((e) => (
          <li key={e.key} className={styles.entry}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.icon}>
              <path fill="currentColor" d={icons[e.key]} />
            </svg>
            <SiteLink to={e.to} className={styles.entryLink} aria-describedby={`service-entry-${e.key}`}>
              {t(`nav.${e.key}`)}
            </SiteLink>
            <p id={`service-entry-${e.key}`} className={styles.entryBody}>
              {t(`home.entries.${e.key}`)}
            </p>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The bar of service links above a service page. */
export function ServiceNav({ current }: { current?: ServicePage }) {
  const { t } = useTranslation('service');
  const links = [
    { key: 'home', to: servicePaths.home },
    { key: 'question', to: servicePaths.question },
    { key: 'history', to: servicePaths.history },
    { key: 'info', to: servicePaths.info },
  ] as const;
  return (
    <nav aria-label={t('nav.label')} className={styles.bar}>
      <ul className={styles.barList}>
        {links.map((l) => (
          <li key={l.key}>
            <SiteLink
              to={l.to}
              className={l.key === current ? `${styles.barLink} ${styles.current}` : styles.barLink}
              aria-current={l.key === current ? 'page' : undefined}
            >
              {t(`nav.${l.key}`)}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
