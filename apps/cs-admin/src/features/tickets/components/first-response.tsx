/**
 * The ticket's first response time as an item of the detail's header: when the first staff
 * reply came and how long after the ticket was opened; "no reply yet" before any.
 */
import type { TFunction } from 'i18next';
import type { DeskTicketDetail } from '@gp/contracts/desk';
import { formatDate, mediumDateTime } from '@gp/i18n/format';
import { formatWait } from '../model/format.ts';

export function firstResponseItem(ticket: DeskTicketDetail, t: TFunction<'desk'>, lang: string) {
  const at = ticket.first_replied_at;
  return {
    key: 'first-response',
    label: t('replies.firstResponse'),
    children: at ? (
      <time dateTime={at}>
        {t('replies.firstResponseAt', {
          time: formatDate(at, lang, { style: mediumDateTime }),
          wait: formatWait(Date.parse(at) - Date.parse(ticket.created_at), t),
        })}
      </time>
    ) : (
      t('replies.firstResponseNone')
    ),
  };
}
