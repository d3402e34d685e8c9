/**
 * Dates in the reader's language and the browser's time zone (the API sends ISO 8601 in UTC). Always the
 * Gregorian calendar: the articles staff write say "2 December 2026" in every language, and a Thai list
 * dated in the Buddhist era (2569) next to a body saying 2026 would read as two different years.
 */
import { currentLanguage, optionOf } from '@gp/i18n';
import type { EnabledLanguage } from '@gp/config';

export interface DateFormatContext {
  lang?: EnabledLanguage;
  /** IANA zone; the browser's own when absent (tests pin one). */
  timeZone?: string;
}

function formatter(options: Intl.DateTimeFormatOptions, context: DateFormatContext): Intl.DateTimeFormat {
  const lang = optionOf(context.lang ?? currentLanguage()).lang;
  return new Intl.DateTimeFormat(lang, {
    calendar: 'gregory',
    ...options,
    ...(context.timeZone ? { timeZone: context.timeZone } : {}),
  });
}

const dateOnly: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
// Periods name the zone: bodies quote GMT+8 times, readers should see which zone the portal converted to.
const dateTime: Intl.DateTimeFormatOptions = {
  ...dateOnly,
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/** "Nov 18, 2026" / "18 พ.ย. 2026" / "2026年11月18日". */
export function formatDate(iso: string, context: DateFormatContext = {}): string {
  return formatter(dateOnly, context).format(new Date(iso));
}

/**
 * A period, shortened where both ends share parts: "Nov 23 – Dec 7, 2026" in lists, and with times and the
 * zone on detail pages ("Nov 23, 2026, 3:21 AM GMT+7 – Dec 7, 2026, 3:21 AM GMT+7").
 */
export function formatPeriod(
  startIso: string,
  endIso: string,
  context: DateFormatContext & { withTime?: boolean } = {},
): string {
  return formatter(context.withTime ? dateTime : dateOnly, context).formatRange(
    new Date(startIso),
    new Date(endIso),
  );
}

/** A moment with its time and zone: "Nov 18, 2026, 3:21 PM GMT+7" (ticket messages, rating deadlines). */
export function formatDateTime(iso: string, context: DateFormatContext = {}): string {
  return formatter(dateTime, context).format(new Date(iso));
}
