/**
 * How the desk writes waits, countdowns and sizes: in the console language's conventions (Intl), durations from
 * the `desk` texts. Dates and times come from `@gp/i18n/format` (`mediumDateTime` on the desk).
 */
import type { TFunction } from 'i18next';
import { formatDate, mediumDateTime, timeOnly } from '@gp/i18n/format';

/** A moment in the next minutes or hours (a lock's or a link's end): the time, with the date unless today. */
export function formatUntil(iso: string, lang: string, now: number = Date.now()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const sameDay = new Date(now).toDateString() === date.toDateString();
  return formatDate(date, lang, { style: sameDay ? timeOnly : mediumDateTime });
}

/** How long something has waited, to the minute: "2 d 3 h", "3 h 5 min", "12 min", "under a minute". */
export function formatWait(ms: number, t: TFunction): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return t('desk:wait.underMinute');
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return t('desk:wait.daysHours', { days, hours });
  if (hours > 0) return t('desk:wait.hoursMinutes', { hours, minutes: mins });
  return t('desk:wait.minutes', { minutes: mins });
}

/** A short countdown, m:ss (the recall window is two minutes). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
