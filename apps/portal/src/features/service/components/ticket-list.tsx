/**
 * The member's tickets: a table on desktop (title, game, status, last update), cards on H5. Titles link to the
 * ticket; the ticket number goes with the title for screen readers and search.
 */
import { useTranslation } from 'react-i18next';
import type { WorkOrderSummary } from '@gp/contracts/cs';
import { SiteLink } from '@gp/ui/site-link';
import { currentLanguage } from '@gp/i18n';
import { dateTimeZone, formatDate } from '@gp/i18n/format';
import { servicePaths } from '../model/query.ts';
import { StatusBadge } from './status-badge.tsx';
import styles from './tickets.module.css';

function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDate(iso, currentLanguage(), { style: dateTimeZone })}</time>;
}

export function TicketList({ tickets, h5 }: { tickets: readonly WorkOrderSummary[]; h5: boolean }) {
  const { t } = useTranslation('service');
  if (h5) {
    return (
      <ul className={styles.cards} aria-label={t('history.caption')}>
        {tickets.map((w) => (
          <li key={w.work_order_id} className={styles.card}>
            <div className={styles.cardHead}>
              <span className={styles.number}>{t('history.number', { id: w.work_order_id })}</span>
              <StatusBadge status={w.work_order_status} />
            </div>
            <SiteLink to={servicePaths.detail(w.work_order_id)} className={styles.cardTitle}>
              {w.question_title}
            </SiteLink>
            <p className={styles.cardMeta}>
              {w.game_name} · {w.question_type_name}
            </p>
            <p className={styles.cardMeta}>
              {t('history.updated')}: <When iso={w.updated_at} />
            </p>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{t('history.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('history.title')}</th>
          <th scope="col">{t('history.game')}</th>
          <th scope="col">{t('history.status')}</th>
          <th scope="col">{t('history.updated')}</th>
        </tr>
      </thead>
      <tbody>
        {tickets.map((w) => (
          <tr key={w.work_order_id}>
            <td>
              <SiteLink to={servicePaths.detail(w.work_order_id)} className={styles.titleLink}>
                {w.question_title}
              </SiteLink>
              <span className={styles.sub}>
                {t('history.number', { id: w.work_order_id })} · {w.question_type_name}
              </span>
            </td>
            <td>{w.game_name}</td>
            <td>
              <StatusBadge status={w.work_order_status} />
            </td>
            <td>
              <When iso={w.updated_at} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
