import type { ArticleSummary } from '@gp/contracts/web';
import { SiteLink } from '@gp/ui/site-link';
import { activityStatus } from '../utils/activity-status.ts';
import { kinds, type ArticleKind } from '../utils/article-kinds.ts';
import { CategoryBadge, PinnedBadge, StatusBadge } from './article-badges.tsx';
import { ArticleDates } from './article-dates.tsx';
import styles from './article-card.module.css';

interface ArticleCardProps {
  article: ArticleSummary;
  kind: ArticleKind;
  h5: boolean;
  /** Above the fold: load the cover at once; every other cover waits until it is scrolled near. */
  eager?: boolean;
  headingLevel?: 2 | 3;
  /** Cover on top (home page); otherwise beside the text, as a thumbnail on H5. */
  stacked?: boolean;
}

/** One news item or activity in a list: cover, badges, title (the link to its page), summary, dates. */
export function ArticleCard({
  article,
  kind,
  h5,
  eager = false,
  headingLevel = 2,
  stacked,
}: ArticleCardProps) {
  const Heading = `h${headingLevel}` as const;
  const cover = h5 ? article.cover_h5 : article.cover;
  const status = activityStatus(article.start_time, article.end_time);
  return (
    <article
      className={[styles.card, stacked ? styles.stacked : h5 ? styles.compact : ''].filter(Boolean).join(' ')}
    >
      <img
        className={styles.cover}
        src={cover.url}
        // The title says what the cover shows; repeating it would be read twice.
        alt=""
        width={cover.width || (h5 ? 640 : 800)}
        height={cover.height || (h5 ? 360 : 450)}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
      <div className={styles.body}>
        <div className={styles.head}>
          <div className={styles.badges}>
            <CategoryBadge category={article.category} />
            {status && <StatusBadge status={status} />}
            {article.pinned === 1 && <PinnedBadge />}
          </div>
          <Heading className={styles.title}>
            {/* The link covers the whole card (see .link::after), so the cover is a target too. */}
            <SiteLink to={kinds[kind].detailPath(article.id)} className={styles.link}>
              {article.title}
            </SiteLink>
          </Heading>
        </div>
        <p className={styles.summary}>{article.summary}</p>
        <p className={styles.dates}>
          <ArticleDates article={article} />
        </p>
      </div>
    </article>
  );
}
