import type { ArticleSummary } from '@gp/contracts/web';
import { SiteLink } from '@gp/ui/site-link';
import { currentLanguage } from '@gp/i18n';
import { formatDate } from '@gp/i18n/format';
import { kinds } from '../utils/article-kinds.ts';
import { ArticleCard } from './article-card.tsx';
import { CategoryBadge, PinnedBadge } from './article-badges.tsx';
import styles from './news-headlines.module.css';

/** The home page's top news: the first item as a card with its cover, the others as headlines. */
export function NewsHeadlines({ news, h5 }: { news: ArticleSummary[]; h5: boolean }) {
  const [first, ...rest] = news;
  if (!first) return null;
  return (
    <div className={h5 ? `${styles.layout} ${styles.h5}` : styles.layout}>
      <ArticleCard article={first} kind="news" h5={h5} headingLevel={3} stacked />
      {rest.length > 0 && (
        <ul className={styles.headlines}>
          {rest.map((item) => (
            <li key={item.id} className={styles.headline}>
              <div className={styles.badges}>
                <CategoryBadge category={item.category} />
                {item.pinned === 1 && <PinnedBadge />}
              </div>
              <h3 className={styles.title}>
                <SiteLink to={kinds.news.detailPath(item.id)} className={styles.link}>
                  {item.title}
                </SiteLink>
              </h3>
              <time className={styles.date} dateTime={item.publish_time}>
                {formatDate(item.publish_time, currentLanguage())}
              </time>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
