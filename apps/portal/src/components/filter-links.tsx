import { pill } from '@gp/ui/surface';
import { SiteLink } from '@gp/ui/site-link';
import styles from './filter-links.module.css';

export interface FilterOption {
  key: string;
  to: string;
  label: string;
  current: boolean;
}

/**
 * A list's filter as links (`?category=`, `?status=`), so a filtered list is a URL to share and the back button
 * works. The chosen one is marked as the current page for screen readers.
 */
export function FilterLinks({ label, options }: { label: string; options: FilterOption[] }) {
  return (
    <nav aria-label={label} className={styles.filter}>
      <ul className={styles.list}>
        {options.map((o) => (
          <li key={o.key}>
            <SiteLink
              to={o.to}
              className={o.current ? `${pill} ${styles.link} ${styles.current}` : `${pill} ${styles.link}`}
              aria-current={o.current ? 'page' : undefined}
            >
              {o.label}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
