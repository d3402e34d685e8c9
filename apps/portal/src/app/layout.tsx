import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLoaderData } from 'react-router';
import { useRouteTitle } from '@gp/ui/route-table';
import { SiteHeader } from '../features/navigation/components/site-header.tsx';
import type { Navigation } from '../features/navigation/api/load-navigation.ts';
import styles from './layout.module.css';

export function Layout() {
  const navigation = useLoaderData() as Navigation;
  const { t } = useTranslation();
  useRouteTitle();
  return (
    <div className={styles.page}>
      <a href="#main" className={styles.skip}>
        {t('common:a11y.skipToContent')}
      </a>
      <SiteHeader navigation={navigation} />
      <main id="main" className={styles.main}>
        <Suspense>
          <Outlet />
        </Suspense>
      </main>
      <footer className={styles.footer}>
        <p>{t('common:footer.copyright', { year: new Date().getFullYear() })}</p>
      </footer>
    </div>
  );
}
