import { useTranslation } from 'react-i18next';
import { SiteLink } from './site-link.tsx';
import styles from './site-footer.module.css';

const links = [
  ['/about', 'footer.about'],
  ['/terms', 'footer.terms'],
  ['/privacy', 'footer.privacy'],
  ['/siteinfo', 'footer.siteinfo'],
  ['/tokusyouhou', 'footer.tokusyouhou'],
] as const;

/** Copyright with the current year and the static pages; `compact` is the H5 form with the logo (spec 2). */
export function SiteFooter({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <footer className={compact ? styles.compact : styles.footer}>
      {compact && <img src="/favicon.svg" alt={t('site.name')} width={28} height={28} />}
      <nav aria-label={t('footer.label')}>
        <ul className={styles.links}>
          {links.map(([to, key]) => (
            <li key={to}>
              <SiteLink to={to}>{t(key)}</SiteLink>
            </li>
          ))}
        </ul>
      </nav>
      <p className={styles.copyright}>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
