/**
 * What customer service's action on a ticket's order found (an `order_note` of the thread), worded in
 * the reader's language with its time in the reader's time zone: the server keeps only the code and the order's
 * state and time, so the same note reads right in all five languages.
 */
import type { TFunction } from 'i18next';
import type { OrderNote } from '@gp/contracts/cs';
import type { EnabledLanguage } from '@gp/config';
import { dateTimeZone, formatDate } from '@gp/i18n/format';

export function orderNoteText(t: TFunction, note: OrderNote, lang: EnabledLanguage): string {
  const time = note.at ? formatDate(note.at, lang, { style: dateTimeZone }) : '';
  return t(`common:orderHelp.note.${note.code}`, { time });
}
