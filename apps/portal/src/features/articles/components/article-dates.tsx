import { Trans, useTranslation } from 'react-i18next';
import type { ArticleSummary } from '@gp/contracts/web';
import { formatDate, formatPeriod } from '../../../utils/format-date.ts';

/**
 * When an article is from: an activity's period (with times on its own page), else its publish date. Both in
 * the reader's language and time zone; `<time>` keeps the exact instant for machines.
 */
export function ArticleDates({ article, detailed = false }: { article: ArticleSummary; detailed?: boolean }) {
  const { t } = useTranslation('portal');
  if (article.start_time && article.end_time) {
    return (
      <Trans
        t={t}
        i18nKey="articles.period"
        values={{ period: formatPeriod(article.start_time, article.end_time, { withTime: detailed }) }}
        components={{ time: <time dateTime={`${article.start_time}/${article.end_time}`} /> }}
      />
    );
  }
  return (
    <Trans
      t={t}
      i18nKey="articles.published"
      values={{ date: formatDate(article.publish_time) }}
      components={{ time: <time dateTime={article.publish_time} /> }}
    />
  );
}
