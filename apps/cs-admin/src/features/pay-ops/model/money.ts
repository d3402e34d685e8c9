/**
 * Money on the console: integer minor units with their currency and exponent (ISO 4217), formatted by
 * Intl.NumberFormat in the console language as the pay app formats them; typed prices are read back into minor
 * units by their digits, never through a float.
 */
import { intlTag } from '../../../app/locale.ts';

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
 * is not a plain positive amount with at most that many decimals.
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

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(tag: string, currency: string, exponent: number, display: 'symbol' | 'narrowSymbol') {
  const key = `${tag}|${currency}|${exponent}|${display}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag, {
      style: 'currency',
      currency,
      currencyDisplay: display,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    });
    formatters.set(key, format);
  }
  return format;
}

const sign = (parts: Intl.NumberFormatPart[]) => parts.find((p) => p.type === 'currency')?.value;

/**
 * "฿179.00" (THB 17900 in en), "₫119,000" (VND 119000 in en). The language's own sign for the currency; where it
 * only has the ISO code, the local sign - unless that is a bare "$", which would pass SGD off as US dollars.
 */
export function formatMoney(minor: number, currency: string, exponent: number, lang: string): string {
  const tag = intlTag(lang);
  // Intl formats decimal strings exactly (Intl.NumberFormat v3); the type still says number.
  const amount = minorToDecimal(minor, exponent) as unknown as number;
  try {
    const symbol = formatter(tag, currency, exponent, 'symbol').formatToParts(amount);
    if (sign(symbol) !== currency.toUpperCase()) return symbol.map((p) => p.value).join('');
    const narrow = formatter(tag, currency, exponent, 'narrowSymbol').formatToParts(amount);
    return (sign(narrow) === '$' ? symbol : narrow).map((p) => p.value).join('');
  } catch {
    // A code Intl does not know: the amount and the code as they are.
    return `${minorToDecimal(minor, exponent)} ${currency}`;
  }
}
