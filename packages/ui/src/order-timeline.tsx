import { useTranslation } from 'react-i18next';
import type { OrderTimelineEntry } from '@gp/contracts/pay';
import { currentLanguage } from '@gp/i18n';
import { dateTime, formatDate } from '@gp/i18n/format';
import styles from './order-timeline.module.css';

/**
 * An order's timeline for players: the pay pages, the order inside a ticket and the lookup without
 * login show the same steps with the same words. Times are in the reader's time zone (the browser's) and
 * language. An ordered list, so screen readers announce "3 of 4"; the latest step is marked as the current one.
 */
export function OrderTimeline({
  timeline,
  label,
}: {
  timeline: readonly OrderTimelineEntry[];
  label?: string;
}) {
  const { t } = useTranslation('common');
  const lang = currentLanguage();
  if (timeline.length === 0) return null;
  return (
    <ol className={styles.timeline} aria-label={label ?? t('orderTimeline.label')}>
      {timeline.map((entry, i) => {
        const latest = i === timeline.length - 1;
        return (
          <li
            key={`${entry.step}-${entry.at}`}
            className={styles.step}
            data-step={entry.step}
            aria-current={latest ? 'step' : undefined}
          >
            <span className={styles.name}>{t(`orderTimeline.steps.${entry.step}`)}</span>{' '}
            <time className={styles.time} dateTime={entry.at}>
              {formatDate(entry.at, lang, { style: dateTime })}
            </time>
          </li>
        );
      })}
    </ol>
  );
}
