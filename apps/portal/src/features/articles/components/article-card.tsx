import type { ArticleSummary } from '@gp/contracts/web';
import { SiteLink } from '@gp/ui/site-link';
import { kinds, type ArticleKind } from '../utils/article-kinds.ts';
import card from '../../../components/card.module.css';
import { ArticleBadges } from './article-badges.tsx';
import { ArticleCover } from './article-cover.tsx';
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
  return (
    <article
      className={[card.card, styles.card, stacked ? styles.stacked : h5 ? styles.compact : '']
        .filter(Boolean)
        .join(' ')}
    >
      <ArticleCover
        article={article}
        h5={h5}
        className={styles.cover}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
      <div className={styles.body}>
        <div className={styles.head}>
          <ArticleBadges article={article} className={styles.badges} />
          <Heading className={styles.title}>
            {/* The link covers the whole card (see card.module.css), so the cover is a target too. */}
            <SiteLink to={kinds[kind].detailPath(article.id)} className={card.link}>
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
