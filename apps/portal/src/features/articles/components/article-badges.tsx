import { useTranslation } from 'react-i18next';
import type { ArticleCategory, ArticleSummary } from '@gp/contracts/web';
import { activityStatus, type ActivityStatus } from '../utils/activity-status.ts';
import { Icon } from '../../../components/icon.tsx';
import styles from './article-badges.module.css';

export function CategoryBadge({ category }: { category: ArticleCategory }) {
  const { t } = useTranslation('portal');
  return <span className={`${styles.badge} ${styles[category]}`}>{t(`articles.category.${category}`)}</span>;
}

export function PinnedBadge() {
  const { t } = useTranslation('portal');
  return (
    <span className={`${styles.badge} ${styles.pinned}`}>
      <Icon
        d="M10 1 15 6l-2 1-2.5 2.5.5 3.5-1 1-3-3L3 15H1v-2l4-4-3-3 1-1 3.5.5L9 3l1-2Z"
        className={styles.pin}
        viewBox="0 0 16 16"
      />
      {t('articles.pinned')}
    </span>
  );
}

export function StatusBadge({ status }: { status: ActivityStatus }) {
  const { t } = useTranslation('portal');
  return <span className={`${styles.badge} ${styles[status]}`}>{t(`articles.status.${status}`)}</span>;
}

/** An article's badges: its category, where its period stands (activities), pinned. */
export function ArticleBadges({
  article,
  className,
}: {
  article: Pick<ArticleSummary, 'category' | 'pinned' | 'start_time' | 'end_time'>;
  className: string | undefined;
}) {
  const status = activityStatus(article.start_time, article.end_time);
  return (
    <div className={className}>
      <CategoryBadge category={article.category} />
      {status && <StatusBadge status={status} />}
      {article.pinned === 1 && <PinnedBadge />}
    </div>
  );
}
