/**
 * Amounts between our minor units (the ISO 4217 exponent: VND 0, IDR 2, THB / SGD / MYR / PHP / USD 2) and
 * Stripe's (docs.stripe.com/currencies): Stripe's zero-decimal currencies (VND, JPY, KRW, ...) are whole units,
 * its three-decimal ones (BHD, JOD, KWD, OMR, TND) thousandths, every other currency hundredths - IDR included,
 * which Stripe treats as two-decimal. An amount that does not fit Stripe's units is refused, never rounded.
 */
import { currencyExponent } from '@gp/contracts/pay';

const zeroDecimal = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
const threeDecimal = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** How many decimals Stripe's amounts of `currency` have. */
export function stripeExponent(currency: string): number {
  const code = currency.toUpperCase();
  if (zeroDecimal.has(code)) return 0;
  if (threeDecimal.has(code)) return 3;
  return 2;
}

function rescale(amount: number, from: number, to: number, what: string): number {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError(`${what}: ${amount} is not an amount`);
  if (to >= from) return amount * 10 ** (to - from);
  const divisor = 10 ** (from - to);
  if (amount % divisor !== 0)
    throw new RangeError(`${what}: ${amount} has fractions the currency cannot carry`);
  return amount / divisor;
}

/** Our minor units of `currency` in Stripe's units (`unit_amount`). */
export function toStripeAmount(amount: number, currency: string): number {
  return rescale(amount, currencyExponent(currency.toUpperCase()), stripeExponent(currency), currency);
}

/** Stripe's units (`amount_total`) in our minor units of `currency`. */
export function fromStripeAmount(amount: number, currency: string): number {
  return rescale(amount, stripeExponent(currency), currencyExponent(currency.toUpperCase()), currency);
}
