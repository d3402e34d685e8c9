import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useH5RemScaling } from './rem-scale.ts';
import { useSiteRoute } from './shell-data.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import styles from './desktop-layout.module.css';

/** Desktop pages: at least 1300 px wide, header, and the footer everywhere but the home page (spec 2). */
export function DesktopLayout() {
  const { t } = useTranslation('common');
  const route = useSiteRoute();
  useH5RemScaling(false);
  return (
    <div className={styles.page}>
      <a href="#main" className={styles.skip}>
        {t('a11y.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" className={styles.main}>
        <Suspense>
          <Outlet />
        </Suspense>
      </main>
      {route?.id !== 'home' && <SiteFooter />}
    </div>
  );
}
