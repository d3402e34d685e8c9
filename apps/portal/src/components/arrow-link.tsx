import type { ReactNode } from 'react';
import { SiteLink } from '@gp/ui/site-link';
import styles from './arrow-link.module.css';

/** A link with an arrow: `back` to where the reader came from (the arrow before), else on to more (after). */
export function ArrowLink({
  to,
  back = false,
  children,
}: {
  to: string;
  back?: boolean;
  children: ReactNode;
}) {
  return (
    <SiteLink to={to} className={styles.link}>
      {back && <span aria-hidden="true">‹ </span>}
      {children}
      {!back && <span aria-hidden="true"> ›</span>}
    </SiteLink>
  );
}
