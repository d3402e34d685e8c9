/**
 * Amounts between our minor units (ISO 4217 exponent: IDR 2, VND 0, PHP / THB / MYR 2) and Xendit's, which are
 * decimal numbers of the currency's main unit: IDR and VND whole (Xendit takes no fractions of either), the others
 * with up to two decimals. An amount Xendit cannot carry is refused, never rounded.
 */
import { currencyExponent } from '@gp/contracts/pay';

const wholeOnly = new Set(['IDR', 'VND']);

/** How many decimals Xendit's amounts of `currency` may have. */
export function xenditDecimals(currency: string): number {
  return wholeOnly.has(currency.toUpperCase()) ? 0 : 2;
}

/** Our minor units of `currency` as Xendit's amount (a number of main units). */
export function toXenditAmount(minor: number, currency: string): number {
  if (!Number.isSafeInteger(minor) || minor < 0)
    throw new RangeError(`${currency}: ${minor} is not an amount`);
  const exponent = currencyExponent(currency.toUpperCase());
  const allowed = xenditDecimals(currency);
  if (exponent > allowed && minor % 10 ** (exponent - allowed) !== 0)
    throw new RangeError(`${currency}: ${minor} has fractions Xendit does not take`);
  // Exact: an integer of at most `allowed` decimals divided by a power of ten is the nearest double of it.
  return minor / 10 ** exponent;
}

/** Xendit's amount (main units) in our minor units of `currency`; refused when it has more decimals than ours. */
export function fromXenditAmount(amount: number, currency: string): number {
  const exponent = currencyExponent(currency.toUpperCase());
  const minor = Math.round(amount * 10 ** exponent);
  if (!Number.isSafeInteger(minor) || minor < 0 || Math.abs(minor - amount * 10 ** exponent) > 1e-6)
    throw new RangeError(`${currency}: ${amount} is not an amount of ours`);
  return minor;
}
