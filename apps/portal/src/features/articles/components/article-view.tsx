import { useTranslation } from 'react-i18next';
import type { ArticleDetail } from '@gp/contracts/web';
import { useHeadMeta } from '@gp/ui/use-head-meta';
import { kinds, type ArticleKind } from '../utils/article-kinds.ts';
import { ArrowLink } from '../../../components/arrow-link.tsx';
import { ArticleBadges } from './article-badges.tsx';
import { ArticleCover } from './article-cover.tsx';
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
  // A preview link must not be indexed, nor leak its token to other sites through the referrer.
  useHeadMeta({ robots: 'noindex, nofollow', referrer: 'no-referrer' }, article.preview);
  const back = (
    <ArrowLink to={kinds[kind].listPath} back>
      {t(`articles.${kind}.back`)}
    </ArrowLink>
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
        <ArticleBadges article={article} className={styles.badges} />
        <h1 className={styles.title}>{article.title}</h1>
        <p className={styles.dates}>
          <ArticleDates article={article} detailed />
        </p>
      </header>
      <ArticleCover
        article={article}
        h5={h5}
        className={styles.cover}
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
