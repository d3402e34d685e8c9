/** Pieces the top-up screens share: the page frame with its h1, and the variant of the current path. */
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigationType } from 'react-router';
import { topupApiOf } from '../model/variant.ts';
import { placeOf } from '../model/place.ts';
import styles from './topup-page.module.css';

export function useTopup() {
  const { pathname } = useLocation();
  const place = placeOf(pathname);
  return { place, api: topupApiOf(place.variant) };
}

/**
 * A top-up page: the h1 and, on the side, the way to the history (or back). After moving to another H5 step
 * inside the app, focus goes to the h1 so a screen reader starts reading the new step; a fresh page load leaves
 * focus where the browser puts it.
 */
export function TopupPage({
  title,
  h5,
  aside,
  children,
}: {
  title: string;
  h5: boolean;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const navigationType = useNavigationType();
  const { key } = useLocation();
  useEffect(() => {
    // Desktop steps share one page and move focus themselves.
    if (h5 && key !== 'default' && navigationType !== 'POP') heading.current?.focus();
  }, [h5, key, navigationType]);
  return (
    <div className={h5 ? `${styles.page} ${styles.h5}` : styles.page} data-form={h5 ? 'h5' : 'desktop'}>
      <div className={styles.titleRow}>
        <h1 ref={heading} tabIndex={-1} className={styles.title}>
          {title}
        </h1>
        {aside}
      </div>
      {children}
    </div>
  );
}

export function HistoryLink({ to }: { to: string }) {
  const { t } = useTranslation('pay');
  return <Link to={to}>{t('paygame.history')}</Link>;
}
