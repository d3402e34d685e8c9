/** Times in the player's language and time zone (the API sends ISO 8601 in UTC); always the Gregorian calendar. */
import { currentLanguage, optionOf } from '@gp/i18n';
import type { EnabledLanguage } from '@gp/config';

export function formatDateTime(iso: string, lang: EnabledLanguage = currentLanguage(), timeZone?: string) {
  return new Intl.DateTimeFormat(optionOf(lang).lang, {
    calendar: 'gregory',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}
