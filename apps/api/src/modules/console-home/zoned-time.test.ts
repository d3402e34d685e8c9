import { describe, expect, it } from 'vitest';
import { dayStart, dayStartAdd, weekStart, zoneOffsetMs } from './zoned-time.ts';

describe('zoned time', () => {
  it('finds the local midnight of a zone east and west of UTC and with a half-hour offset', () => {
    const at = new Date('2026-03-10T20:30:00Z');
    // 03:30 on 11 March in Bangkok (UTC+7).
    expect(dayStart(at, 'Asia/Bangkok').toISOString()).toBe('2026-03-10T17:00:00.000Z');
    expect(dayStart(at, 'UTC').toISOString()).toBe('2026-03-10T00:00:00.000Z');
    // 02:00 on 11 March in Kolkata (UTC+5:30).
    expect(dayStart(at, 'Asia/Kolkata').toISOString()).toBe('2026-03-10T18:30:00.000Z');
    // 16:30 on 10 March in New York (UTC-4 after the change of 8 March).
    expect(dayStart(at, 'America/New_York').toISOString()).toBe('2026-03-10T04:00:00.000Z');
    expect(zoneOffsetMs(at, 'Asia/Kolkata')).toBe(5.5 * 3_600_000);
  });

  it('moves by calendar days across a change of offset and finds the week’s Monday', () => {
    const at = new Date('2026-03-10T20:30:00Z');
    // A week earlier New York was on UTC-5: its midnight is an hour later in UTC.
    expect(dayStartAdd(at, 'America/New_York', -7).toISOString()).toBe('2026-03-03T05:00:00.000Z');
    // 10 March 2026 is a Tuesday; 11 March in Bangkok a Wednesday: both weeks start on Monday 9 March.
    expect(weekStart(at, 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(weekStart(at, 'Asia/Bangkok').toISOString()).toBe('2026-03-08T17:00:00.000Z');
    // A Monday is its own week's start.
    expect(weekStart(new Date('2026-03-09T12:00:00Z'), 'UTC').toISOString()).toBe('2026-03-09T00:00:00.000Z');
  });
});
