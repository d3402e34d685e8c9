/**
 * The frame of a customer-service page: the service links (desktop, and H5 pages that keep the normal header;
 * the back-bar pages have the back bar instead), the page heading and its introduction.
 */
import type { ReactNode } from 'react';
import { ServiceNav, type ServicePage } from './service-nav.tsx';
import styles from './service-page.module.css';

export function ServiceLayout({
  h5,
  title,
  intro,
  nav,
  current,
  above,
  children,
}: {
  h5: boolean;
  title: ReactNode;
  intro?: ReactNode;
  /** Show the bar of service links. */
  nav: boolean;
  current?: ServicePage;
  /** Shown above the heading (the ticket number on a ticket). */
  above?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={h5 ? `${styles.page} ${styles.h5}` : styles.page}>
      {nav && <ServiceNav {...(current ? { current } : {})} />}
      {above}
      <h1 className={styles.heading}>{title}</h1>
      {intro && <p className={styles.intro}>{intro}</p>}
      {children}
    </div>
  );
}
