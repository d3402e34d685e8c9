import { describe, expect, it, vi } from 'vitest';
import {
  adoptWrittenDates,
  currencyName,
  dateTime,
  dateTimeZone,
  decimalToMinor,
  formatDate,
  formatDateRange,
  formatFileSize,
  formatMoney,
  formatNumber,
  intlLocale,
  isTimeZone,
  marketDecimal,
  setTimeZoneSource,
  mediumDateTime,
  mediumDateTimeSeconds,
  minorToDecimal,
  timeOnly,
  recordWrittenDates,
  writtenWhole,
} from './format.ts';

const utc = { timeZone: 'UTC' } as const;
const at = '2026-11-18T20:21:42.614Z';

describe('intlLocale', () => {
  it('maps our codes and browser tags to Intl locales, en otherwise', () => {
    expect(intlLocale('en')).toBe('en');
    expect(intlLocale('th')).toBe('th');
    expect(intlLocale('cn')).toBe('zh-Hans');
    expect(intlLocale('zh')).toBe('zh-Hant');
    expect(intlLocale('vi')).toBe('vi');
    // What i18next may report as its language.
    expect(intlLocale('zh-Hans')).toBe('zh-Hans');
    expect(intlLocale('zh-Hant')).toBe('zh-Hant');
    expect(intlLocale('th-TH')).toBe('th');
    expect(intlLocale('ja')).toBe('en');
    expect(intlLocale('')).toBe('en');
  });
});

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

describe('writtenWhole', () => {
  it('takes the markets that write no decimals from Intl, not from a list of ours', () => {
    expect(writtenWhole('IDR')).toBe(true);
    expect(writtenWhole('VND')).toBe(true);
    for (const currency of ['THB', 'PHP', 'MYR', 'SGD', 'USD']) expect(writtenWhole(currency)).toBe(false);
    expect(writtenWhole('XX1')).toBe(false);
  });
});

describe('marketDecimal', () => {
  it('drops only a zero fraction, only where the market writes whole amounts', () => {
    expect(marketDecimal(1500000, 'IDR', 2)).toBe('15000');
    expect(marketDecimal(1500050, 'IDR', 2)).toBe('15000.50');
    expect(marketDecimal(119000, 'VND', 0)).toBe('119000');
    expect(marketDecimal(17900, 'THB', 2)).toBe('179.00');
    expect(marketDecimal(0, 'IDR', 2)).toBe('0');
  });

  it('reads back through decimalToMinor to the same minor units', () => {
    for (const [minor, currency, exponent] of [
      [1500000, 'IDR', 2],
      [1500050, 'IDR', 2],
      [5, 'IDR', 2],
      [119000, 'VND', 0],
      [17900, 'THB', 2],
    ] as const)
      expect(decimalToMinor(marketDecimal(minor, currency, exponent), exponent)).toBe(minor);
  });
});

describe('decimalToMinor', () => {
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
});

describe('formatMoney', () => {
  // Each language's own sign placement and grouping (vi puts the sign last and groups with dots), the same
  // digits for a currency in every language.
  it('writes THB with its two decimals in every language', () => {
    expect(formatMoney(17900, 'THB', 2, 'en')).toBe('฿179.00');
    expect(formatMoney(17900, 'THB', 2, 'th')).toBe('฿179.00');
    expect(formatMoney(17900, 'THB', 2, 'cn')).toBe('฿179.00');
    expect(formatMoney(17900, 'THB', 2, 'vi')).toBe('179,00\u00a0฿');
    expect(formatMoney(17900, 'THB', 2, 'zh')).toBe('฿179.00');
  });

  it('writes VND, which has no minor unit, as whole dong in every language', () => {
    expect(formatMoney(119000, 'VND', 0, 'en')).toBe('₫119,000');
    expect(formatMoney(119000, 'VND', 0, 'th')).toBe('₫119,000');
    expect(formatMoney(119000, 'VND', 0, 'cn')).toBe('₫119,000');
    expect(formatMoney(119000, 'VND', 0, 'vi')).toBe('119.000\u00a0₫');
    expect(formatMoney(119000, 'VND', 0, 'zh')).toBe('₫119,000');
  });

  it('writes IDR without the zero fraction no Indonesian shop writes, in every language', () => {
    // 1500000 minor units at exponent 2 (ISO 4217) is 15,000.00 rupiah.
    expect(formatMoney(1500000, 'IDR', 2, 'en')).toBe('Rp\u00a015,000');
    expect(formatMoney(1500000, 'IDR', 2, 'th')).toBe('Rp\u00a015,000');
    expect(formatMoney(1500000, 'IDR', 2, 'cn')).toBe('Rp\u00a015,000');
    expect(formatMoney(1500000, 'IDR', 2, 'vi')).toBe('15.000\u00a0Rp');
    expect(formatMoney(1500000, 'IDR', 2, 'zh')).toBe('Rp\u00a015,000');
  });

  it('keeps a fraction that is not zero, exactly, where the market writes whole amounts', () => {
    // Rounding to the market's habit would show 15,001: money is never shown wrongly.
    expect(formatMoney(1500050, 'IDR', 2, 'en')).toBe('Rp\u00a015,000.50');
    expect(formatMoney(1500050, 'IDR', 2, 'th')).toBe('Rp\u00a015,000.50');
    expect(formatMoney(1500050, 'IDR', 2, 'cn')).toBe('Rp\u00a015,000.50');
    expect(formatMoney(1500050, 'IDR', 2, 'vi')).toBe('15.000,50\u00a0Rp');
    expect(formatMoney(1500050, 'IDR', 2, 'zh')).toBe('Rp\u00a015,000.50');
    expect(formatMoney(1500001, 'IDR', 2, 'en')).toBe('Rp\u00a015,000.01');
    expect(formatMoney(5, 'IDR', 2, 'en')).toBe('Rp\u00a00.05');
    expect(formatMoney(-1500000, 'IDR', 2, 'en')).toBe('-Rp\u00a015,000');
    expect(formatMoney(0, 'IDR', 2, 'en')).toBe('Rp\u00a00');
  });

  it('keeps the zero fraction of a currency its market writes with decimals', () => {
    expect(formatMoney(1500000, 'THB', 2, 'en')).toBe('฿15,000.00');
    expect(formatMoney(1500000, 'PHP', 2, 'en')).toBe('₱15,000.00');
    expect(formatMoney(1500000, 'MYR', 2, 'vi')).toBe('15.000,00\u00a0RM');
  });

  it('never passes another dollar off as the US dollar', () => {
    expect(formatMoney(499, 'USD', 2, 'zh')).toBe('US$4.99');
    expect(formatMoney(499, 'USD', 2, 'en')).toBe('$4.99');
    expect(formatMoney(698, 'SGD', 2, 'en')).toBe('SGD\u00a06.98');
    expect(formatMoney(490, 'MYR', 2, 'en')).toBe('RM\u00a04.90');
    expect(formatMoney(27900, 'PHP', 2, 'cn')).toBe('₱279.00');
  });

  it('keeps amounts exact beyond float precision', () => {
    // 9007199254740991 / 100 as a float is ...409.90.
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'THB', 2, 'en')).toBe('฿90,071,992,547,409.91');
  });

  it('writes a code Intl does not know with the amount as it is', () => {
    expect(formatMoney(1250, 'XX1', 2, 'en')).toBe('12.50 XX1');
  });
});

describe('currencyName and formatNumber', () => {
  it('name the currency and group digits in the language', () => {
    expect(currencyName('THB', 'en')).toBe('Thai Baht');
    expect(currencyName('VND', 'vi')).toBe('Đồng Việt Nam');
    expect(currencyName('XX1', 'en')).toBe('XX1');
    expect(formatNumber(12000, 'en')).toBe('12,000');
    expect(formatNumber(12000, 'vi')).toBe('12.000');
  });
});

describe('formatDate', () => {
  it('writes the date in each language', () => {
    expect(formatDate(at, 'en', utc)).toBe('Nov 18, 2026');
    expect(formatDate(at, 'cn', utc)).toBe('2026年11月18日');
    expect(formatDate(at, 'zh', utc)).toBe('2026年11月18日');
    expect(formatDate(at, 'vi', utc)).toBe('18 thg 11, 2026');
    expect(formatDate(at, 'th', utc)).toBe('18 พ.ย. 2026');
  });

  it('writes Thai years in the Gregorian calendar in every style, never the Buddhist era', () => {
    for (const style of [
      undefined,
      dateTime,
      dateTimeZone,
      mediumDateTime,
      mediumDateTimeSeconds,
      timeOnly,
    ]) {
      const thai = formatDate('2026-11-18T20:21:42.614Z', 'th', { ...utc, style });
      const shown = JSON.stringify(style);
      if (style !== timeOnly) expect(thai, shown).toContain('2026');
      expect(thai, shown).not.toContain('2569');
    }
    // Also when the language comes as a browser tag.
    expect(formatDate(at, 'th-TH', utc)).toBe('18 พ.ย. 2026');
  });

  it('turns the UTC instant into the given time zone, which can change the day', () => {
    expect(formatDate(at, 'en', { timeZone: 'Asia/Bangkok' })).toBe('Nov 19, 2026');
    expect(formatDate(at, 'en', { timeZone: 'America/New_York' })).toBe('Nov 18, 2026');
  });

  it('writes the time as each style asks', () => {
    const bangkok = { timeZone: 'Asia/Bangkok' } as const;
    expect(formatDate(at, 'en', { ...bangkok, style: dateTime })).toBe('Nov 19, 2026, 03:21 AM');
    expect(formatDate(at, 'en', { ...bangkok, style: dateTimeZone })).toBe('Nov 19, 2026, 3:21 AM GMT+7');
    expect(formatDate(at, 'en', { ...bangkok, style: mediumDateTime })).toBe('Nov 19, 2026, 3:21 AM');
    expect(formatDate(at, 'en', { ...bangkok, style: mediumDateTimeSeconds })).toBe(
      'Nov 19, 2026, 3:21:42 AM',
    );
    expect(formatDate(at, 'en', { ...bangkok, style: timeOnly })).toBe('3:21 AM');
    expect(formatDate(at, 'th', { ...bangkok, style: mediumDateTimeSeconds })).toBe('19 พ.ย. 2026 03:21:42');
    expect(formatDate(at, 'cn', { ...bangkok, style: mediumDateTime })).toBe('2026年11月19日 03:21');
  });

  it('accepts epoch milliseconds and Dates; nothing for no value; the text itself when it is no date', () => {
    expect(formatDate(Date.parse(at), 'en', utc)).toBe('Nov 18, 2026');
    expect(formatDate(new Date(at), 'en', utc)).toBe('Nov 18, 2026');
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate(undefined, 'en')).toBe('');
    expect(formatDate('soon', 'en')).toBe('soon');
  });
});

describe('formatDateRange', () => {
  it('shortens a range inside one year', () => {
    // ICU puts thin spaces around the dash.
    const text = formatDateRange('2026-11-23T02:00:00Z', '2026-12-07T15:59:00Z', 'en', utc);
    expect(text.replace(/\s/g, ' ')).toBe('Nov 23 – Dec 7, 2026');
    const thai = formatDateRange('2026-11-23T02:00:00Z', '2026-12-07T15:59:00Z', 'th', utc);
    expect(thai).toContain('2026');
    expect(thai).not.toContain('2569');
  });

  it('adds times and the zone on request, in the given time zone', () => {
    const text = formatDateRange('2026-12-02T02:00:00Z', '2026-12-15T15:59:00Z', 'en', {
      timeZone: 'Asia/Bangkok',
      style: dateTimeZone,
    });
    expect(text).toMatch(/Dec 2, 2026.*9:00\sAM.*GMT\+7.*Dec 15, 2026.*10:59\sPM/);
  });
});

describe('formatFileSize', () => {
  it('writes kB below a megabyte and MB above, with one decimal under ten', () => {
    expect(formatFileSize(2048, 'en')).toBe('2 kB');
    expect(formatFileSize(1536 * 1024, 'en')).toBe('1.5 MB');
    expect(formatFileSize(5 * 1024 * 1024, 'en')).toBe('5 MB');
    expect(formatFileSize(12, 'en')).toBe('0.1 kB');
    expect(formatFileSize(12 * 1024 * 1024, 'zh-Hant')).toMatch(/^12\s?MB$/);
  });
});

describe('the zone of dates', () => {
  it("takes the source's zone when a call names none, the call's over it", () => {
    const at = '2026-11-19T16:30:00Z'; // 23:30 in Bangkok, 00:30 the next day in Manila
    try {
      setTimeZoneSource(() => 'Asia/Manila');
      expect(formatDate(at, 'en')).toBe('Nov 20, 2026');
      expect(formatDate(at, 'en', { timeZone: 'Asia/Bangkok' })).toBe('Nov 19, 2026');
      setTimeZoneSource(() => 'Asia/Bangkok');
      expect(formatDate(at, 'en')).toBe('Nov 19, 2026');
      expect(formatDateRange(at, '2026-11-21T16:30:00Z', 'en')).toMatch(/^Nov 19\s–\s21, 2026$/);
    } finally {
      setTimeZoneSource(() => undefined);
    }
  });

  it('knows an IANA zone from anything else', () => {
    expect(isTimeZone('Asia/Ho_Chi_Minh')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    for (const bad of ['Mars/Olympus', '', undefined, null, 'x'.repeat(65)])
      expect(isTimeZone(bad)).toBe(false);
  });
});

describe('the dates a server render wrote', () => {
  const at = '2026-11-19T16:30:00Z';
  const end = '2026-11-21T16:30:00Z';

  it('are recorded by what was written, and written again the same without a formatter', () => {
    setTimeZoneSource(() => 'Asia/Bangkok');
    try {
      const { result, dates } = recordWrittenDates(() => [
        formatDate(at, 'th'),
        formatDateRange(at, end, 'en', { style: dateTime }),
      ]);
      expect(Object.values(dates)).toEqual(result);
      // Outside a render nothing is recorded.
      expect(recordWrittenDates(() => 0).dates).toEqual({});
      formatDate(at, 'vi');
      expect(Object.keys(recordWrittenDates(() => 0).dates)).toEqual([]);

      // The browser taking the page over: Intl writes none of these dates.
      adoptWrittenDates(dates);
      // `format` is a getter handing out a bound function (the types call it a method): reading it is what writing
      // a date takes.
      const format = vi.spyOn(
        Intl.DateTimeFormat.prototype as unknown as { format: unknown },
        'format',
        'get',
      );
      const formatRange = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatRange');
      try {
        expect(formatDate(at, 'th')).toBe(result[0]);
        expect(formatDateRange(at, end, 'en', { style: dateTime })).toBe(result[1]);
        expect(format).not.toHaveBeenCalled();
        expect(formatRange).not.toHaveBeenCalled();
        // Another moment, language, style or zone is formatted as usual.
        expect(formatDate(end, 'th')).not.toBe(result[0]);
        expect(formatDate(at, 'th', { timeZone: 'Asia/Manila' })).not.toBe(result[0]);
        expect(format).toHaveBeenCalledTimes(2);
        expect(formatDate(at, 'en')).toBe('Nov 19, 2026');
        expect(formatDate(at, 'en', { style: dateTime })).toMatch(/^Nov 19, 2026, 11:30\sPM$/);
      } finally {
        format.mockRestore();
        formatRange.mockRestore();
      }
    } finally {
      adoptWrittenDates({});
      setTimeZoneSource(() => undefined);
    }
  });
});
