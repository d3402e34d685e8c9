import { describe, expect, it } from 'vitest';
import { stripeChargeLimits } from './stripe-charge-limits.ts';

describe("Stripe's charge limits in our minor units", () => {
  it('has the documented minimums (THB 10.00, SGD 0.50, MYR 2.00, USD 0.50, JPY 50)', () => {
    expect(stripeChargeLimits('THB')).toEqual({ min: 1000, max: 99_999_999 });
    expect(stripeChargeLimits('sgd')).toEqual({ min: 50, max: 99_999_999 });
    expect(stripeChargeLimits('MYR').min).toBe(200);
    expect(stripeChargeLimits('USD').min).toBe(50);
    expect(stripeChargeLimits('JPY')).toEqual({ min: 50, max: 99_999_999 });
  });

  it("converts Stripe's units where they differ from ours", () => {
    // ISK: ours whole krónur, Stripe's hundredths; its eight digits are 999,999 krónur.
    expect(stripeChargeLimits('ISK')).toEqual({ min: 1, max: 999_999 });
    // VND: whole dong both sides.
    expect(stripeChargeLimits('VND')).toEqual({ min: 15_000, max: 99_999_999 });
    expect(stripeChargeLimits('IDR').min).toBe(1_000_000);
  });

  it('sets no minimum of its own for a currency it has no figure for', () => {
    expect(stripeChargeLimits('ZAR')).toEqual({ min: 1, max: 99_999_999 });
  });
});
