/**
 * Money on screen (DESIGN 5): integer minor units plus currency and exponent, formatted by Intl.NumberFormat in
 * the page language. The amount goes to Intl as an exact decimal string, never through a float.
 */
import { currentLanguage, optionOf } from '@gp/i18n';
import type { EnabledLanguage } from '@gp/config';

/** 17900, 2 -> "179.00"; 119000, 0 -> "119000"; -5, 2 -> "-0.05". */
export function minorToDecimal(minor: number, exponent: number): string {
  const negative = minor < 0;
  const digits = String(Math.abs(Math.trunc(minor))).padStart(exponent + 1, '0');
  const whole = exponent > 0 ? digits.slice(0, -exponent) : digits;
  const fraction = exponent > 0 ? `.${digits.slice(-exponent)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
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

function sign(parts: Intl.NumberFormatPart[]): string | undefined {
  return parts.find((p) => p.type === 'currency')?.value;
}

/**
 * "฿179.00" (THB 17900 in en), "₫119,000" (VND 119000 in en), "119.000 ₫" in vi, "US$4.99" in zh. The language's
 * own sign for the currency; where it only has the ISO code, the local sign (฿, ₱, Rp, RM) - unless that is a
 * bare "$", which would pass SGD off as US dollars: then the code stays ("SGD 6.98").
 */
export function formatMoney(
  minor: number,
  currency: string,
  exponent: number,
  lang: EnabledLanguage = currentLanguage(),
): string {
  const tag = optionOf(lang).lang;
  // Intl formats decimal strings exactly (Intl.NumberFormat v3); the type still says number.
  const amount = minorToDecimal(minor, exponent) as unknown as number;
  const symbol = formatter(tag, currency, exponent, 'symbol').formatToParts(amount);
  if (sign(symbol) !== currency.toUpperCase()) return symbol.map((p) => p.value).join('');
  const narrow = formatter(tag, currency, exponent, 'narrowSymbol').formatToParts(amount);
  return (sign(narrow) === '$' ? symbol : narrow).map((p) => p.value).join('');
}

/** The currency's name in the page language ("Thai Baht"), or the code when the browser has none. */
export function currencyName(currency: string, lang: EnabledLanguage = currentLanguage()): string {
  try {
    return new Intl.DisplayNames([optionOf(lang).lang], { type: 'currency' }).of(currency) ?? currency;
  } catch {
    return currency;
  }
}
