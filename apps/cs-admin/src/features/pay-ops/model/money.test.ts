import { describe, expect, it } from 'vitest';
import { decimalToMinor, formatMoney, minorToDecimal } from './money.ts';

describe('money', () => {
  it('writes minor units as decimals of the currency', () => {
    expect(minorToDecimal(54900, 2)).toBe('549.00');
    expect(minorToDecimal(5, 2)).toBe('0.05');
    expect(minorToDecimal(119000, 0)).toBe('119000');
    expect(minorToDecimal(1234, 3)).toBe('1.234');
  });

  it('reads typed prices back into minor units by their digits', () => {
    expect(decimalToMinor('549', 2)).toBe(54900);
    expect(decimalToMinor('549.5', 2)).toBe(54950);
    expect(decimalToMinor(' 1,549.00 ', 2)).toBe(154900);
    expect(decimalToMinor('0.29', 2)).toBe(29);
    expect(decimalToMinor('119000', 0)).toBe(119000);
    // Float arithmetic would give 1004.9999...: digits do not.
    expect(decimalToMinor('10.05', 2)).toBe(1005);
  });

  it('refuses what is no plain amount in the currency', () => {
    expect(decimalToMinor('549.001', 2)).toBeNull();
    expect(decimalToMinor('1.5', 0)).toBeNull();
    expect(decimalToMinor('-5', 2)).toBeNull();
    expect(decimalToMinor('5e3', 2)).toBeNull();
    expect(decimalToMinor('', 2)).toBeNull();
    expect(decimalToMinor('99999999999999999999', 2)).toBeNull();
  });

  it('formats with the currency in the console language', () => {
    expect(formatMoney(54900, 'THB', 2, 'en')).toBe('฿549.00');
    expect(formatMoney(119000, 'VND', 0, 'en')).toBe('₫119,000');
    expect(formatMoney(119000, 'VND', 0, 'vi')).toMatch(/^119\.000\s₫$/);
    // A bare "$" would pass Singapore dollars off as US dollars.
    expect(formatMoney(698, 'SGD', 2, 'en')).toMatch(/^SGD\s?6\.98$/);
  });
});
