import { describe, expect, it } from 'vitest';
import { addMonths, offsetMinutes, resolveRange } from './desk-range.ts';

describe('desk time range', () => {
  it('reads the offset of an ISO time', () => {
    expect(offsetMinutes('2024-03-01T00:00:00Z')).toBe(0);
    expect(offsetMinutes('2024-03-01T00:00:00+07:00')).toBe(420);
    expect(offsetMinutes('2024-03-01T00:00:00.250-05:30')).toBe(-330);
  });

  it('adds calendar months on the wall clock, a missing day becoming the month end', () => {
    expect(addMonths(new Date('2024-01-31T10:00:00Z'), 1).toISOString()).toBe('2024-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2024-05-31T00:00:00Z'), -3).toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(addMonths(new Date('2024-11-15T00:00:00Z'), 3).toISOString()).toBe('2025-02-15T00:00:00.000Z');
    // 1 March 00:00 in UTC+7 is 29 February 17:00 UTC; three months later is 1 June 00:00 there.
    expect(addMonths(new Date('2024-02-29T17:00:00Z'), 3, 420).toISOString()).toBe(
      '2024-05-31T17:00:00.000Z',
    );
  });

  it('fills a missing bound with three months and refuses more', () => {
    const now = new Date('2024-06-15T12:00:00Z');
    expect(resolveRange({}, now)).toEqual({ from: new Date('2024-03-15T12:00:00Z'), before: null });
    expect(resolveRange({ end_time: '2024-05-31T00:00:00Z' }, now)).toEqual({
      from: new Date('2024-02-29T00:00:00Z'),
      before: new Date('2024-05-31T00:00:00Z'),
    });
    expect(resolveRange({ start_time: '2024-01-10T00:00:00-05:00' }, now).before?.toISOString()).toBe(
      '2024-04-10T05:00:00.000Z',
    );
    expect(() =>
      resolveRange({ start_time: '2024-01-10T00:00:00Z', end_time: '2024-04-10T00:00:01Z' }, now),
    ).toThrow(/end_time/);
  });
});
