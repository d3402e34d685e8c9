import type { ArticleSummary } from '@gp/contracts/web';
import type { ArticleKind } from '../utils/article-kinds.ts';
import { ArticleCard } from './article-card.tsx';
import styles from './article-list.module.css';

/** A page of articles. Covers above the fold load at once; the rest lazily, as they come near. */
export function ArticleList({
  articles,
  kind,
  h5,
  headingLevel = 2,
  layout = 'rows',
  eagerCount = h5 ? 1 : 2,
}: {
  articles: ArticleSummary[];
  kind: ArticleKind;
  h5: boolean;
  headingLevel?: 2 | 3;
  /** `rows`: list pages; `grid`: cards side by side (home). */
  layout?: 'rows' | 'grid';
  /** How many covers are above the fold (list pages: the first one or two; sections lower down: none). */
  eagerCount?: number;
}) {
  return (
    <ul className={layout === 'grid' && !h5 ? styles.grid : styles.rows}>
      {articles.map((article, i) => (
        <li key={article.id}>
          <ArticleCard
            article={article}
            kind={kind}
            h5={h5}
            eager={i < eagerCount}
            headingLevel={headingLevel}
            stacked={layout === 'grid'}
          />
        </li>
      ))}
    </ul>
  );
}
