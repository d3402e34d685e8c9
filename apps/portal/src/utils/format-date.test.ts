import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatPeriod } from './format-date.ts';

const utc = { timeZone: 'UTC' } as const;

describe('formatDate', () => {
  it('writes the date in the reader language', () => {
    expect(formatDate('2026-11-18T20:21:42.614Z', { ...utc, lang: 'en' })).toBe('Nov 18, 2026');
    expect(formatDate('2026-11-18T20:21:42.614Z', { ...utc, lang: 'cn' })).toBe('2026年11月18日');
    expect(formatDate('2026-11-18T20:21:42.614Z', { ...utc, lang: 'zh' })).toBe('2026年11月18日');
    expect(formatDate('2026-11-18T20:21:42.614Z', { ...utc, lang: 'vi' })).toMatch(/18.*11.*2026/);
  });

  it('keeps Thai dates in the Gregorian years the articles use, not the Buddhist era', () => {
    const thai = formatDate('2026-11-18T20:21:42.614Z', { ...utc, lang: 'th' });
    expect(thai).toContain('พ.ย.');
    expect(thai).toContain('2026');
    expect(thai).not.toContain('2569');
  });

  it('turns the UTC instant into the reader time zone, which can change the day', () => {
    expect(formatDate('2026-11-18T20:21:42.614Z', { lang: 'en', timeZone: 'Asia/Bangkok' })).toBe(
      'Nov 19, 2026',
    );
    expect(formatDate('2026-11-18T20:21:42.614Z', { lang: 'en', timeZone: 'America/New_York' })).toBe(
      'Nov 18, 2026',
    );
  });
});

describe('formatPeriod', () => {
  it('shortens a range inside one year', () => {
    // ICU puts thin spaces around the dash.
    const text = formatPeriod('2026-11-23T02:00:00Z', '2026-12-07T15:59:00Z', { ...utc, lang: 'en' });
    expect(text.replace(/\s/g, ' ')).toBe('Nov 23 – Dec 7, 2026');
  });

  it('adds times and the zone on request, in the reader time zone', () => {
    const text = formatPeriod('2026-12-02T02:00:00Z', '2026-12-15T15:59:00Z', {
      lang: 'en',
      timeZone: 'Asia/Bangkok',
      withTime: true,
    });
    expect(text).toMatch(/Dec 2, 2026.*9:00\sAM.*GMT\+7.*Dec 15, 2026.*10:59\sPM/);
  });
});

describe('formatDateTime', () => {
  it('writes the date, the time and the zone it was converted to', () => {
    expect(formatDateTime('2026-11-18T20:21:42.614Z', { lang: 'en', timeZone: 'Asia/Bangkok' })).toBe(
      'Nov 19, 2026, 3:21 AM GMT+7',
    );
  });
});
