import { describe, expect, it } from 'vitest';
import { formatMoney, minorToDecimal } from './money.ts';

describe('minorToDecimal', () => {
  it('places the decimal point by the exponent, exactly', () => {
    expect(minorToDecimal(17900, 2)).toBe('179.00');
    expect(minorToDecimal(5, 2)).toBe('0.05');
    expect(minorToDecimal(0, 2)).toBe('0.00');
    expect(minorToDecimal(119000, 0)).toBe('119000');
    expect(minorToDecimal(1500, 3)).toBe('1.500');
    expect(minorToDecimal(-250, 2)).toBe('-2.50');
    expect(minorToDecimal(159900000, 2)).toBe('1599000.00');
  });
});

describe('formatMoney', () => {
  it('formats minor units in the page language with the currency sign and its decimals', () => {
    expect(formatMoney(17900, 'THB', 2, 'en')).toBe('฿179.00');
    expect(formatMoney(119000, 'VND', 0, 'en')).toBe('₫119,000');
    expect(formatMoney(119000, 'VND', 0, 'vi')).toBe('119.000\u00a0₫');
    expect(formatMoney(17900, 'THB', 2, 'th')).toBe('฿179.00');
    expect(formatMoney(7900000, 'IDR', 2, 'en')).toBe('Rp\u00a079,000.00');
    expect(formatMoney(499, 'USD', 2, 'zh')).toBe('US$4.99');
    expect(formatMoney(499, 'USD', 2, 'en')).toBe('$4.99');
    expect(formatMoney(698, 'SGD', 2, 'en')).toBe('SGD\u00a06.98');
    expect(formatMoney(490, 'MYR', 2, 'en')).toBe('RM\u00a04.90');
    expect(formatMoney(27900, 'PHP', 2, 'cn')).toBe('₱279.00');
  });
});
