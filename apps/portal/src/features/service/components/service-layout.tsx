/**
 * The frame of a customer-service page: the service links (desktop, and H5 pages that keep the normal header;
 * the back-bar pages have the back bar instead), the page heading and its introduction.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
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
      <PageHeading h5={h5} title={title} intro={intro} />
      {children}
    </div>
  );
}

/** The pages of the service bar beyond the home: their heading (the route's name) and introduction. */
const barPages = {
  question: { title: 'common:routes.serviceQuestion', intro: 'question.intro' },
  history: { title: 'common:routes.serviceHistory', intro: 'history.intro' },
  info: { title: 'common:routes.serviceInfo', intro: 'info.intro' },
} as const;

/**
 * A page of the service bar (submit a ticket, my tickets, contact details): the bar with the page marked, then
 * its heading and introduction; `panel` sets the content on a panel (a form).
 */
export function ServiceBarPage({
  h5,
  page,
  panel = false,
  children,
}: {
  h5: boolean;
  page: keyof typeof barPages;
  panel?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('service');
  return (
    <ServiceLayout h5={h5} nav current={page} title={t(barPages[page].title)} intro={t(barPages[page].intro)}>
      {panel ? <div className={styles.panel}>{children}</div> : children}
    </ServiceLayout>
  );
}
