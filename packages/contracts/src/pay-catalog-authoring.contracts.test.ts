import { describe, expect, it } from 'vitest';
import {
  iso4217Exponents,
  isKnownCurrency,
  knownCurrencies,
  majorToMinor,
  payProductForm,
} from './pay-catalog-authoring.contracts.ts';
import { currencyExponent } from './pay-values.ts';

describe('currencies a game may sell in', () => {
  it('knows the exponent of every code it accepts, the same as the players’ calls use', () => {
    expect(knownCurrencies.length).toBeGreaterThan(150);
    for (const code of knownCurrencies) expect(currencyExponent(code), code).toBe(iso4217Exponents[code]);
    expect(iso4217Exponents).toMatchObject({
      THB: 2,
      VND: 0,
      IDR: 2,
      PHP: 2,
      JPY: 0,
      KWD: 3,
      BIF: 0,
      IQD: 3,
    });
  });

  it('refuses codes it does not know (no guessed exponent)', () => {
    expect(isKnownCurrency('THB')).toBe(true);
    expect(isKnownCurrency('XYZ')).toBe(false);
    expect(isKnownCurrency('XAU')).toBe(false);
    expect(isKnownCurrency('thb')).toBe(false);
    expect(isKnownCurrency('toString')).toBe(false);
  });
});

describe('majorToMinor', () => {
  it('reads amounts by their digits in the currency’s units', () => {
    expect(majorToMinor('35.00', 2)).toEqual({ minor: 3500 });
    expect(majorToMinor('35', 2)).toEqual({ minor: 3500 });
    expect(majorToMinor('35.5', 2)).toEqual({ minor: 3550 });
    expect(majorToMinor('0.29', 2)).toEqual({ minor: 29 });
    expect(majorToMinor('119000', 0)).toEqual({ minor: 119000 });
    expect(majorToMinor('1.250', 3)).toEqual({ minor: 1250 });
    // Trailing zeros beyond the currency's decimals say nothing.
    expect(majorToMinor('35.000', 2)).toEqual({ minor: 3500 });
    expect(majorToMinor('119000.0', 0)).toEqual({ minor: 119000 });
  });

  it('refuses more decimals than the currency has, and what is no amount', () => {
    expect(majorToMinor('35.001', 2)).toEqual({ problem: 'too_many_decimals' });
    expect(majorToMinor('1.5', 0)).toEqual({ problem: 'too_many_decimals' });
    for (const text of ['', '-1', '1,000', '1e3', '3 5', '.5', 'abc', '9'.repeat(20)])
      expect(majorToMinor(text, 2), text).toEqual({ problem: 'invalid' });
  });
});

describe('the product form', () => {
  const form = {
    game_base_id: 1,
    product_id: 'sfl.gem_100',
    credit_amount: 100,
    texts: { en: { name: '100 Gems' }, th: { name: '', marketing_desc_1: '' }, cn: null },
  };

  it('needs en; a blank optional language has no text', () => {
    const parsed = payProductForm.parse(form);
    expect(parsed.texts).toEqual({
      en: { name: '100 Gems', marketing_desc_1: '', marketing_desc_2: '' },
      th: undefined,
      cn: undefined,
      vi: undefined,
      zh: undefined,
    });
    expect(parsed).toMatchObject({ sort: 0, is_on_sale: 1, sale_from: null, sale_until: null });
    expect(payProductForm.safeParse({ ...form, texts: { en: { name: ' ' } } }).success).toBe(false);
  });

  it('takes product ids the game server can echo, and whole positive credit', () => {
    for (const id of ['a b', 'ü', 'x'.repeat(65), ''])
      expect(payProductForm.safeParse({ ...form, product_id: id }).success, id).toBe(false);
    for (const credit of [0, -1, 1.5])
      expect(payProductForm.safeParse({ ...form, credit_amount: credit }).success, String(credit)).toBe(
        false,
      );
  });
});
