import { useTranslation } from 'react-i18next';
import type { ArticleCategory } from '@gp/contracts/web';
import type { ActivityStatus } from '../utils/activity-status.ts';
import styles from './article-badges.module.css';

export function CategoryBadge({ category }: { category: ArticleCategory }) {
  const { t } = useTranslation('portal');
  return <span className={`${styles.badge} ${styles[category]}`}>{t(`articles.category.${category}`)}</span>;
}

export function PinnedBadge() {
  const { t } = useTranslation('portal');
  return (
    <span className={`${styles.badge} ${styles.pinned}`}>
      <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" className={styles.pin}>
        <path
          fill="currentColor"
          d="M10 1 15 6l-2 1-2.5 2.5.5 3.5-1 1-3-3L3 15H1v-2l4-4-3-3 1-1 3.5.5L9 3l1-2Z"
        />
      </svg>
      {t('articles.pinned')}
    </span>
  );
}

export function StatusBadge({ status }: { status: ActivityStatus }) {
  const { t } = useTranslation('portal');
  return <span className={`${styles.badge} ${styles[status]}`}>{t(`articles.status.${status}`)}</span>;
}
