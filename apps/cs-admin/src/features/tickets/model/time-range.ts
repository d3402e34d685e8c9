/**
 * The queue's time range as agents pick it: whole days in their own time zone, the first day from its start
 * (inclusive) to the end of the last day (`end_time` exclusive: the next day's start). The server refuses more
 * than `deskPolicy.maxRangeMonths` calendar months counted on the wall clock of the offset sent (-400 `end_time`
 * `range_too_long`; a day the target month lacks becomes its last day, as dayjs does), so the bounds carry the
 * agent's offset and the picker disables the days that would exceed the limit.
 */
import dayjs, { type Dayjs } from 'dayjs';
import { deskPolicy } from '@gp/contracts/desk';

/** True when the days `first`..`last` (both included, in either order) fit into the allowed span. */
export function fitsRange(a: Dayjs, b: Dayjs): boolean {
  const [first, last] = a.isAfter(b) ? [b, a] : [a, b];
  const end = last.startOf('day').add(1, 'day');
  return !end.isAfter(first.startOf('day').add(deskPolicy.maxRangeMonths, 'month'));
}

/**
 * Whether the picker disables `day`: days after today (nothing was asked then), and, once one end is chosen
 * (`from`), days that would make the range longer than allowed.
 */
export function isDisabledDay(day: Dayjs, from: Dayjs | undefined, today: Dayjs = dayjs()): boolean {
  if (day.isAfter(today, 'day')) return true;
  return from !== undefined && !fitsRange(from, day);
}

/** An instant written with the agent's own UTC offset: the server counts the months on that wall clock. */
const withOffset = (at: Dayjs) => at.format('YYYY-MM-DDTHH:mm:ssZ');

/** The call's bounds for the picked days. */
export function rangeToTimes(range: readonly [Dayjs, Dayjs]): { start_time: string; end_time: string } {
  const [a, b] = range;
  const [first, last] = a.isAfter(b) ? [b, a] : [a, b];
  return {
    start_time: withOffset(first.startOf('day')),
    end_time: withOffset(last.startOf('day').add(1, 'day')),
  };
}

/** The picker's days for bounds read from a URL; null unless both are there. */
export function timesToRange(start: string | undefined, end: string | undefined): [Dayjs, Dayjs] | null {
  if (!start || !end) return null;
  const first = dayjs(start);
  // end_time is exclusive: the last day shown is the one before it.
  const last = dayjs(end).subtract(1, 'millisecond');
  if (!first.isValid() || !last.isValid()) return null;
  return [first.startOf('day'), last.startOf('day')];
}
