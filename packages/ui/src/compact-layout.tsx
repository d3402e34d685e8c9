import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitcher } from './language-switcher.tsx';
import { useRouteTitle } from './route-table.tsx';
import styles from './compact-layout.module.css';

/** A slim frame (logo home, language switcher, centred content) for hosts whose pages are forms and lists. */
export function CompactLayout({
  homeHref,
  width = 'narrow',
}: {
  homeHref: string;
  width?: 'narrow' | 'wide';
}) {
  const { t } = useTranslation('common');
  useRouteTitle();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <a href={homeHref} className={styles.logo}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{t('site.name')}</span>
        </a>
        <LanguageSwitcher />
      </header>
      <main className={`${styles.main} ${width === 'wide' ? styles.wide : ''}`}>
        <Suspense>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
