import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { HydrateLater } from '../hydrate-later.tsx';
import { BackBar } from './back-bar.tsx';
import { H5Header } from './h5-header.tsx';
import { useH5RemScaling } from './rem-scale.ts';
import { useSiteRoute } from './shell-data.ts';
import { SiteFooter } from './site-footer.tsx';
import styles from './h5-layout.module.css';

/** H5 pages: rem scaled to the phone's width; the header, or a back bar on the form pages of spec 2. */
export function H5Layout() {
  const route = useSiteRoute();
  useH5RemScaling(true);
  return (
    <div className={styles.page}>
      {route?.chrome === 'backBar' ? (
        <BackBar />
      ) : (
        <HydrateLater>
          <H5Header />
        </HydrateLater>
      )}
      <main id="main" className={styles.main}>
        <Suspense>
          <Outlet />
        </Suspense>
      </main>
      <HydrateLater>
        <SiteFooter compact />
      </HydrateLater>
    </div>
  );
}
