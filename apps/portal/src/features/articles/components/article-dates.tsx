import { useTranslation } from 'react-i18next';
import type { ArticleSummary } from '@gp/contracts/web';
import { currentLanguage } from '@gp/i18n';
import { dateOnly, dateTimeZone, formatDate, formatDateRange } from '@gp/i18n/format';

/**
 * A translation with one `<time>` element around its value ("Published <time>{{date}}</time>"). Done here
 * rather than with react-i18next's `Trans`, which brings an HTML parser (~5 KB gzip) into the home page's first
 * load for this one tag. A translation without the tag shows as plain text.
 */
function WithTime({ text, dateTime }: { text: string; dateTime: string }) {
  const match = /^([\s\S]*)<time>([\s\S]*)<\/time>([\s\S]*)$/.exec(text);
  if (!match) return <>{text}</>;
  return (
    <>
      {match[1]}
      <time dateTime={dateTime}>{match[2]}</time>
      {match[3]}
    </>
  );
}

/**
 * When an article is from: an activity's period (with times on its own page), else its publish date. Both in
 * the reader's language and time zone; `<time>` keeps the exact instant for machines.
 */
export function ArticleDates({ article, detailed = false }: { article: ArticleSummary; detailed?: boolean }) {
  const { t } = useTranslation('portal');
  if (article.start_time && article.end_time) {
    const period = formatDateRange(article.start_time, article.end_time, currentLanguage(), {
      style: detailed ? dateTimeZone : dateOnly,
    });
    return (
      <WithTime
        text={t('articles.period', { period })}
        dateTime={`${article.start_time}/${article.end_time}`}
      />
    );
  }
  return (
    <WithTime
      text={t('articles.published', { date: formatDate(article.publish_time, currentLanguage()) })}
      dateTime={article.publish_time}
    />
  );
}
