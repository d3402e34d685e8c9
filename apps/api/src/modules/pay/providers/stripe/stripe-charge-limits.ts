/**
 * What one Stripe payment in a currency may be (docs.stripe.com/currencies, "Minimum and maximum charge
 * amounts"): at least the minimum of the table below, at most 99,999,999 of Stripe's units (eight digits:
 * USD 999,999.99). The catalog checks every price against them before players are offered it, so a price Stripe
 * would refuse at checkout is refused when staff type it instead.
 *
 * Stripe's table is per settlement currency; a currency it does not list must come to at least USD 0.50 at the
 * day's exchange rate, which no fixed figure can say. For the region's currencies Stripe does not list (VND, IDR,
 * PHP, TWD...) the minimum below is USD 0.50 rounded up generously, so a price that passes here passes there; any
 * other currency gets no minimum of ours and Stripe decides at checkout.
 */
import { currencyExponent } from '@gp/contracts/pay';
import type { ChargeLimits } from '../payment-provider.ts';
import { stripeExponent } from './stripe-amount.ts';

/** Stripe's largest amount in its own units, every currency. */
export const stripeMaxAmount = 99_999_999;

/** Minimum charge per currency in major units (Stripe's documented table, then the region's estimates). */
const minimumMajor: Readonly<Record<string, number>> = {
  // Documented by Stripe.
  USD: 0.5,
  AED: 2,
  AUD: 0.5,
  BGN: 1,
  BRL: 0.5,
  CAD: 0.5,
  CHF: 0.5,
  CZK: 15,
  DKK: 2.5,
  EUR: 0.5,
  GBP: 0.3,
  HKD: 4,
  HUF: 175,
  INR: 0.5,
  JPY: 50,
  MXN: 10,
  MYR: 2,
  NOK: 3,
  NZD: 0.5,
  PLN: 2,
  RON: 2,
  SEK: 3,
  SGD: 0.5,
  THB: 10,
  // USD 0.50 or more at any recent rate (see the file comment).
  VND: 15_000,
  IDR: 10_000,
  PHP: 30,
  TWD: 20,
  KRW: 800,
  CNY: 4,
};

/** Major units as Stripe's units, then ours (rounded up: a minimum never drops below Stripe's). */
function toOurMinor(stripeUnits: number, currency: string, roundUp: boolean): number {
  const ours = currencyExponent(currency);
  const theirs = stripeExponent(currency);
  const scaled = stripeUnits / 10 ** (theirs - ours);
  return roundUp ? Math.ceil(scaled) : Math.floor(scaled);
}

/** Stripe's limits for one payment in the currency, in our minor units. */
export function stripeChargeLimits(currency: string): ChargeLimits {
  const code = currency.toUpperCase();
  const major = minimumMajor[code];
  const min =
    major === undefined ? 1 : toOurMinor(Math.round(major * 10 ** stripeExponent(code)), code, true);
  return { min: Math.max(1, min), max: toOurMinor(stripeMaxAmount, code, false) };
}
