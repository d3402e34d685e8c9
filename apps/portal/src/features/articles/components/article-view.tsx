import { useTranslation } from 'react-i18next';
import type { ArticleDetail } from '@gp/contracts/web';
import { SiteLink } from '@gp/ui/site-link';
import { useHeadMeta } from '@gp/ui/use-head-meta';
import { activityStatus } from '../utils/activity-status.ts';
import { kinds, type ArticleKind } from '../utils/article-kinds.ts';
import { CategoryBadge, PinnedBadge, StatusBadge } from './article-badges.tsx';
import { ArticleDates } from './article-dates.tsx';
import styles from './article-view.module.css';

/** A news item's or an activity's own page: badges, title, dates, cover, body, and the way back to its list. */
export function ArticleView({
  article,
  kind,
  h5,
}: {
  article: ArticleDetail;
  kind: ArticleKind;
  h5: boolean;
}) {
  const { t } = useTranslation('portal');
  const cover = h5 ? article.cover_h5 : article.cover;
  const status = activityStatus(article.start_time, article.end_time);
  // A preview link must not be indexed, nor leak its token to other sites through the referrer.
  useHeadMeta({ robots: 'noindex, nofollow', referrer: 'no-referrer' }, article.preview);
  const back = (
    <SiteLink to={kinds[kind].listPath} className={styles.back}>
      <span aria-hidden="true">‹ </span>
      {t(`articles.${kind}.back`)}
    </SiteLink>
  );
  return (
    <article className={h5 ? `${styles.article} ${styles.h5}` : styles.article}>
      {article.preview && (
        <div className={styles.preview} role="note" aria-labelledby="preview-notice">
          <p id="preview-notice" className={styles.previewTitle}>
            {t('articles.preview.title')}
          </p>
          <p className={styles.previewBody}>{t('articles.preview.body')}</p>
        </div>
      )}
      {back}
      <header className={styles.header}>
        <div className={styles.badges}>
          <CategoryBadge category={article.category} />
          {status && <StatusBadge status={status} />}
          {article.pinned === 1 && <PinnedBadge />}
        </div>
        <h1 className={styles.title}>{article.title}</h1>
        <p className={styles.dates}>
          <ArticleDates article={article} detailed />
        </p>
      </header>
      <img
        className={styles.cover}
        src={cover.url}
        alt=""
        width={cover.width || (h5 ? 640 : 800)}
        height={cover.height || (h5 ? 360 : 450)}
        // The cover is the largest thing on the page: fetch it first.
        fetchPriority="high"
      />
      <div
        className={styles.body}
        // body_html is sanitized by the API (allow-listed tags and attributes, safe links), on the way into
        // the database and again on the way out; the portal never builds HTML from anything else.
        dangerouslySetInnerHTML={{ __html: article.body_html }}
      />
      <footer className={styles.footer}>{back}</footer>
    </article>
  );
}
