/**
 * Links between the pages of a list (`?page=N`, DESIGN 7: links, so every page has a URL). Desktop shows the
 * page numbers around the current one; H5 has room for previous, "page 2 of 5" and next.
 */
import { useTranslation } from 'react-i18next';
import { SiteLink } from '@gp/ui/site-link';
import styles from './pager.module.css';

export type PageSlot = number | 'gap';

/** First, last, and two either side of the current page; runs of skipped pages become one gap. */
export function pageWindow(page: number, pageCount: number): PageSlot[] {
  const slots: PageSlot[] = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= 2) slots.push(n);
    else if (slots.at(-1) !== 'gap') slots.push('gap');
  }
  return slots;
}

interface PagerProps {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  compact?: boolean;
}

export function Pager({ page, pageCount, hrefFor, compact = false }: PagerProps) {
  const { t } = useTranslation('portal');
  if (pageCount <= 1) return null;
  const previous = page > 1 && (
    <SiteLink to={hrefFor(Math.min(page - 1, pageCount))} rel="prev" className={styles.step}>
      <span aria-hidden="true">‹ </span>
      {t('pager.previous')}
    </SiteLink>
  );
  const next = page < pageCount && (
    <SiteLink to={hrefFor(page + 1)} rel="next" className={styles.step}>
      {t('pager.next')}
      <span aria-hidden="true"> ›</span>
    </SiteLink>
  );
  return (
    <nav
      aria-label={t('pager.label')}
      className={compact ? `${styles.pager} ${styles.compact}` : styles.pager}
    >
      <ul className={styles.list}>
        <li className={styles.edge}>{previous}</li>
        {compact ? (
          <li className={styles.position}>{t('pager.position', { page, total: pageCount })}</li>
        ) : (
          pageWindow(page, pageCount).map((slot, i) =>
            slot === 'gap' ? (
              <li key={`gap-${i}`} className={styles.gap} aria-hidden="true">
                …
              </li>
            ) : (
              <li key={slot}>
                <SiteLink
                  to={hrefFor(slot)}
                  className={slot === page ? `${styles.number} ${styles.current}` : styles.number}
                  aria-current={slot === page ? 'page' : undefined}
                  aria-label={t('pager.page', { page: slot })}
                >
                  {slot}
                </SiteLink>
              </li>
            ),
          )
        )}
        <li className={styles.edge}>{next}</li>
      </ul>
    </nav>
  );
}
