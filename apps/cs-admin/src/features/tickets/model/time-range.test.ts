import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { deskFilters } from '@gp/contracts/desk';
import { fitsRange, isDisabledDay, rangeToTimes, timesToRange } from './time-range.ts';

const day = (s: string) => dayjs(`${s}T12:00:00`);

describe('queue time range', () => {
  it('allows three calendar months and not a day more, in either order', () => {
    expect(fitsRange(day('2026-01-15'), day('2026-04-14'))).toBe(true);
    expect(fitsRange(day('2026-01-15'), day('2026-04-15'))).toBe(false);
    expect(fitsRange(day('2026-04-14'), day('2026-01-15'))).toBe(true);
    // A day the target month lacks is its last day, as on the server: 30 Nov + 3 months = 28 Feb.
    expect(fitsRange(day('2025-11-30'), day('2026-02-27'))).toBe(true);
    expect(fitsRange(day('2025-11-30'), day('2026-02-28'))).toBe(false);
  });

  it('disables future days, and once one end is picked the days beyond the limit', () => {
    const today = day('2026-05-20');
    expect(isDisabledDay(day('2026-05-21'), undefined, today)).toBe(true);
    expect(isDisabledDay(day('2026-05-20'), undefined, today)).toBe(false);
    expect(isDisabledDay(day('2026-01-01'), undefined, today)).toBe(false);
    expect(isDisabledDay(day('2026-01-01'), day('2026-05-01'), today)).toBe(true);
    expect(isDisabledDay(day('2026-02-02'), day('2026-05-01'), today)).toBe(false);
  });

  it('sends whole days: from the first day start to the day after the last (exclusive)', () => {
    const times = rangeToTimes([day('2026-03-10'), day('2026-03-01')]);
    // Local midnights with the local offset, so the server counts months on the agent's wall clock.
    expect(times.start_time).toMatch(/^2026-03-01T00:00:00[+-]\d{2}:\d{2}$/);
    expect(times.end_time).toMatch(/^2026-03-11T00:00:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(times.start_time)).toBe(dayjs('2026-03-01T00:00:00').valueOf());
    expect(deskFilters.safeParse(times).success).toBe(true);
    const back = timesToRange(times.start_time, times.end_time)!;
    expect(back.map((d) => d.format('YYYY-MM-DD'))).toEqual(['2026-03-01', '2026-03-10']);
    expect(timesToRange(times.start_time, undefined)).toBeNull();
  });
});
