/**
 * Money, numbers and dates for every app, in the reader's language: the one place that turns our language codes
 * into Intl locales. Dates are always in the Gregorian calendar: Intl's default for Thai is the Buddhist era
 * (2569 for 2026), while articles, tickets and orders all say 2026, so a Thai reader would see two years for
 * one date. Intl only and the language list: the player bundles carry this module.
 */
import { isEnabledLanguage, languageFromTag, optionOf } from './languages.ts';

/**
 * The Intl locale of one of our language codes (`cn` -> zh-Hans, `zh` -> zh-Hant); a browser tag such as
 * `th-TH` or `zh-Hant` maps to its language the same way; anything else is en.
 */
export function intlLocale(lang: string): string {
  if (isEnabledLanguage(lang)) return optionOf(lang).lang;
  const match = languageFromTag(lang);
  return match ? optionOf(match).lang : 'en';
}

function cached<T>(cache: Map<string, T>, key: string, create: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = create();
    cache.set(key, value);
  }
  return value;
}

/**
 * A file's size: "820 kB", "1.2 MB" (1 MB = 1,024 x 1,024 bytes, like the 5 MB attachment limit); one decimal
 * under ten, never "0 kB" for a file that has bytes.
 */
export function formatFileSize(bytes: number, lang: string): string {
  const [value, unit] =
    bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'megabyte'] : [Math.max(bytes / 1024, 0.1), 'kilobyte'];
  return new Intl.NumberFormat(intlLocale(lang), {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

// ---------------------------------------------------------------------------------------------------- money

/** 17900, 2 -> "179.00"; 119000, 0 -> "119000"; -5, 2 -> "-0.05". */
export function minorToDecimal(minor: number, exponent: number): string {
  const negative = minor < 0;
  const digits = String(Math.abs(Math.trunc(minor))).padStart(exponent + 1, '0');
  const whole = exponent > 0 ? digits.slice(0, -exponent) : digits;
  const fraction = exponent > 0 ? `.${digits.slice(-exponent)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * A typed amount ("549", "549.5", "1,549.00") as minor units of a currency with `exponent` decimals; null when it
 * is not a plain positive amount with at most that many decimals. Read by its digits, never through a float.
 */
export function decimalToMinor(text: string, exponent: number): number | null {
  const plain = text.trim().replace(/[,\s]/g, '');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(plain);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > exponent) return null;
  const digits = `${match[1]}${fraction.padEnd(exponent, '0')}`.replace(/^0+(?=\d)/, '');
  const minor = Number(digits);
  return Number.isSafeInteger(minor) ? minor : null;
}

const wholeMarkets = new Map<string, boolean>();

/**
 * Whether `currency`'s market writes its prices without decimals (IDR, VND): Intl's own digits for the currency
 * are its cash habits, so they answer it for every currency we may add, with no list of ours to keep. Asked in
 * one locale: a currency's habits are its market's, not the reader's.
 */
export function writtenWhole(currency: string): boolean {
  return cached(wholeMarkets, currency, () => {
    try {
      return (
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits === 0
      );
    } catch {
      return false;
    }
  });
}

/**
 * An amount as its market writes it in plain digits, and as a price field shows it for editing: the exact decimal
 * ("35.00" THB, "119000" VND), without the fraction where the currency's market writes none and the fraction is
 * zero (1500000 IDR -> "15000"; 1500050 IDR -> "15000.50": a fraction there is real money, never dropped).
 * `decimalToMinor` reads it back to the same minor units.
 */
export function marketDecimal(minor: number, currency: string, exponent: number): string {
  const decimal = minorToDecimal(minor, exponent);
  return exponent > 0 && writtenWhole(currency) ? decimal.replace(/\.0+$/, '') : decimal;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(locale: string, currency: string, digits: number, display: 'symbol' | 'narrowSymbol') {
  return cached(
    moneyFormats,
    `${locale}|${currency}|${digits}|${display}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        currencyDisplay: display,
        // The digits come from the price's exponent (ISO 4217: VND 0, IDR 2), never from Intl's cash digits
        // alone: rounding to those (IDR 0) would show 15,000.50 as 15,001.
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }),
  );
}

const currencySign = (parts: Intl.NumberFormatPart[]) => parts.find((p) => p.type === 'currency')?.value;

/**
 * An amount in integer minor units of `currency`, `exponent` decimals, as `lang` writes it: "฿179.00" (THB 17900
 * in en), "₫119,000" (VND 119000 in en), "119.000 ₫" in vi, "US$4.99" in zh. A currency whose market writes no
 * decimals goes without a zero fraction ("Rp 15,000", not "Rp 15,000.00"), yet keeps one that is not zero
 * ("Rp 15,000.50"): money is never shown rounded. The language's own sign for the currency; where it only has
 * the ISO code, the local sign (฿, ₱, Rp, RM) - unless that is a bare "$", which would pass SGD off as US
 * dollars: then the code stays ("SGD 6.98"). The amount reaches Intl as an exact decimal string, never through
 * a float.
 */
export function formatMoney(minor: number, currency: string, exponent: number, lang: string): string {
  const locale = intlLocale(lang);
  const amount = marketDecimal(minor, currency, exponent) as `${number}`;
  const digits = amount.includes('.') ? exponent : 0;
  try {
    const symbol = moneyFormat(locale, currency, digits, 'symbol').formatToParts(amount);
    if (currencySign(symbol) !== currency.toUpperCase()) return symbol.map((p) => p.value).join('');
    const narrow = moneyFormat(locale, currency, digits, 'narrowSymbol').formatToParts(amount);
    return (currencySign(narrow) === '$' ? symbol : narrow).map((p) => p.value).join('');
  } catch {
    // A code Intl does not know: the amount and the code as they are.
    return `${amount} ${currency}`;
  }
}

/** The currency's name in `lang` ("Thai Baht"), or the code when the browser has none. */
export function currencyName(currency: string, lang: string): string {
  try {
    return new Intl.DisplayNames([intlLocale(lang)], { type: 'currency' }).of(currency) ?? currency;
  } catch {
    return currency;
  }
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A count with the language's grouping: 12,000 in en, 12.000 in vi. */
export function formatNumber(value: number, lang: string): string {
  const locale = intlLocale(lang);
  return cached(numberFormats, locale, () => new Intl.NumberFormat(locale)).format(value);
}

// ---------------------------------------------------------------------------------------------------- dates

/** A way to write a moment: one of the presets below, so every screen writes its kind of moment alike. */
export type DateStyle = Readonly<Intl.DateTimeFormatOptions>;

// Presets as separate exports rather than a table, written out rather than spread: a player page carries only
// the ones it uses. The examples are en in UTC+7.

/** "Nov 19, 2026" - lists of articles. */
export const dateOnly = { year: 'numeric', month: 'short', day: 'numeric' } as const satisfies DateStyle;
/** "Nov 19, 2026, 03:21 AM" - the player's orders. */
export const dateTime = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
} as const satisfies DateStyle;
/** "Nov 19, 2026, 3:21 AM GMT+7" - where the reader must see which zone the time was converted to. */
export const dateTimeZone = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
} as const satisfies DateStyle;
/** "Nov 19, 2026, 3:21 AM" - the console's ticket desk. */
export const mediumDateTime = { dateStyle: 'medium', timeStyle: 'short' } as const satisfies DateStyle;
/** "Nov 19, 2026, 3:21:42 AM" - the console's records (audit, content, orders). */
export const mediumDateTimeSeconds = {
  dateStyle: 'medium',
  timeStyle: 'medium',
} as const satisfies DateStyle;
/** "3:21 AM" - a moment later today. */
export const timeOnly = { timeStyle: 'short' } as const satisfies DateStyle;

export interface DateFormatOptions {
  /** How much of the moment to write (default `dateOnly`). */
  style?: DateStyle;
  /** IANA zone; when absent the page's (`setTimeZoneSource`), else the runtime's own (tests pin one). */
  timeZone?: string;
}

/**
 * The cookie holding the browser's time zone for the server: a page the server renders writes its dates in it,
 * so the browser, taking the page over, writes the same text. One name for every host: it is the device's.
 */
export const timeZoneCookie = 'gp_tz';

/** Zones found valid: asked per server-rendered page, and making a formatter to find out costs far more. */
const knownZones = new Set<string>();

/** An IANA time zone this runtime knows (`Asia/Bangkok`). */
export function isTimeZone(zone: string | undefined | null): zone is string {
  if (!zone || zone.length > 64) return false;
  if (knownZones.has(zone)) return true;
  let canonical: string;
  try {
    canonical = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return false;
  }
  // Only names as the runtime writes them are kept (any casing of one is valid too): bounded by the zones it knows.
  if (canonical === zone) knownZones.add(zone);
  return true;
}

let zoneSource: () => string | undefined = () => undefined;

/**
 * Where a date takes its zone from when the call names none: on the server the render's (several run at once),
 * in a browser that took over a server-rendered page the zone that page was written in, so the takeover writes
 * every date as the server did (boot.tsx); otherwise the runtime's own.
 */
export function setTimeZoneSource(source: () => string | undefined): void {
  zoneSource = source;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The Intl formatter of a style in `lang`, always in the Gregorian calendar; made once per locale, style and zone
 * (making one costs far more than formatting with it: a list of dates would otherwise make one per date, a long
 * task on a phone).
 */
function dateFormat(lang: string, options: DateFormatOptions): Intl.DateTimeFormat {
  return cached(dateFormats, formatterKey(lang, options), () => {
    const { style = dateOnly, timeZone = zoneSource() } = options;
    return new Intl.DateTimeFormat(intlLocale(lang), { ...style, calendar: 'gregory', timeZone });
  });
}

/** What sets a formatter apart: the locale, the zone and the style. */
function formatterKey(
  lang: string,
  { style = dateOnly, timeZone = zoneSource() }: DateFormatOptions,
): string {
  return `${intlLocale(lang)} ${timeZone ?? ''} ${JSON.stringify(style)}`;
}

/**
 * The texts of the dates a server render wrote, by what was written (`write`), while the browser takes
 * that page over: the takeover writes each the same without making an Intl formatter. The first formatter a page
 * makes costs a phone tens of milliseconds (the runtime loads its locale data then), a long task of its own.
 */
let written: ReadonlyMap<string, string> | undefined;
/** The texts a server render in progress writes (renderToString is synchronous: one render at a time). */
let writing: Record<string, string> | undefined;

/** `text()`, or the text the server wrote for the same moments in the same way (`adoptWrittenDates`). */
function write(
  kind: 'date' | 'range',
  lang: string,
  options: DateFormatOptions,
  moments: readonly Date[],
  text: () => string,
): string {
  // Neither taking a page over nor rendering one: nothing to look up or record.
  if (!written && !writing) return text();
  const key = `${kind} ${formatterKey(lang, options)} ${moments.map((m) => m.getTime()).join(' ')}`;
  const known = written?.get(key);
  if (known !== undefined) return known;
  const value = text();
  if (writing) writing[key] = value;
  return value;
}

/** Runs a server render (synchronous), returning what it rendered and the dates it wrote, for `adoptWrittenDates`. */
export function recordWrittenDates<T>(render: () => T): { result: T; dates: Record<string, string> } {
  const dates: Record<string, string> = {};
  writing = dates;
  try {
    return { result: render(), dates };
  } finally {
    writing = undefined;
  }
}

/** In the browser: the dates the server wrote on this page (`recordWrittenDates`), written the same again. */
export function adoptWrittenDates(dates: Readonly<Record<string, string>>): void {
  written = new Map(Object.entries(dates));
}

/**
 * A moment (ISO 8601 from the API, epoch milliseconds or a Date) as `lang` writes it: "Nov 18, 2026",
 * "18 พ.ย. 2026", "2026年11月18日". Nothing for no value; the text as it came when it is no date.
 */
export function formatDate(
  value: string | number | Date | null | undefined,
  lang: string,
  options: DateFormatOptions = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return write('date', lang, options, [date], () => dateFormat(lang, options).format(date));
}

/**
 * A period, shortened where both ends share parts: "Nov 23 – Dec 7, 2026"; with `dateTimeZone`
 * "Nov 23, 2026, 9:00 AM GMT+7 – Dec 7, 2026, 10:59 PM GMT+7".
 */
export function formatDateRange(
  start: string | number | Date,
  end: string | number | Date,
  lang: string,
  options: DateFormatOptions = {},
): string {
  const [from, to] = [new Date(start), new Date(end)];
  return write('range', lang, options, [from, to], () => dateFormat(lang, options).formatRange(from, to));
}
