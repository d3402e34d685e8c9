/** A ticket's facts above its conversation: number, status, game, question type, character, e-mail, dates. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkOrderDetailData } from '@gp/contracts/cs';
import { currentLanguage } from '@gp/i18n';
import { dateTimeZone, formatDate } from '@gp/i18n/format';
import { StatusBadge } from './status-badge.tsx';
import styles from './ticket-summary.module.css';

export function TicketSummary({ ticket }: { ticket: WorkOrderDetailData }) {
  const { t } = useTranslation('service');
  const character = [ticket.character_name, ticket.character_id && `(${ticket.character_id})`]
    .filter(Boolean)
    .join(' ');
  const rows: [string, ReactNode][] = [
    [t('detail.number'), ticket.work_order_id],
    [t('detail.status'), <StatusBadge key="s" status={ticket.work_order_status} />],
    [t('detail.game'), ticket.game_name],
    [t('detail.type'), ticket.question_type_name],
    ...(character ? [[t('detail.character'), character] as [string, ReactNode]] : []),
    [t('detail.email'), ticket.email],
    [
      t('detail.submitted'),
      <time key="c" dateTime={ticket.created_at}>
        {formatDate(ticket.created_at, currentLanguage(), { style: dateTimeZone })}
      </time>,
    ],
  ];
  return (
    <dl className={styles.summary}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.row}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
