import { useTranslation } from 'react-i18next';
import type { ArticleCategory } from '@gp/contracts/web';
import { SiteLink } from '@gp/ui/site-link';
import { kinds, listHref, type ArticleKind } from '../utils/article-kinds.ts';
import styles from './category-tabs.module.css';

/**
 * The category filter: links (`?category=`), so a filtered list is a URL to share and the back button works.
 * The chosen one is marked as the current page for screen readers.
 */
export function CategoryTabs({ kind, current }: { kind: ArticleKind; current: ArticleCategory | undefined }) {
  const { t } = useTranslation('portal');
  const options: (ArticleCategory | undefined)[] = [undefined, ...kinds[kind].categories];
  return (
    <nav aria-label={t('articles.filter')} className={styles.tabs}>
      <ul className={styles.list}>
        {options.map((category) => {
          const selected = category === current;
          return (
            <li key={category ?? 'all'}>
              <SiteLink
                to={listHref(kind, { page: 1, category })}
                className={selected ? `${styles.tab} ${styles.selected}` : styles.tab}
                aria-current={selected ? 'page' : undefined}
              >
                {category ? t(`articles.category.${category}`) : t('articles.all')}
              </SiteLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
