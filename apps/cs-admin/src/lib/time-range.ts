/**
 * A time range picked to the minute (a list filter's "when"), as a list's filters keep it: local minutes, the start
 * inclusive and the end minute still included - the calls' ends are exclusive, so it is the minute after.
 */
import dayjs, { type Dayjs } from 'dayjs';

/** ISO times: `from` inclusive, `to` exclusive. */
export interface TimeRange {
  from?: string;
  to?: string;
}

/** A picked range as ISO times (either end may be open). */
export function rangeFilters(start: Dayjs | null, end: Dayjs | null): TimeRange {
  return {
    ...(start ? { from: start.startOf('minute').toISOString() } : {}),
    ...(end ? { to: end.startOf('minute').add(1, 'minute').toISOString() } : {}),
  };
}

/**
 * The range picker's values back from the ISO times (the end shown as the last minute included); the other
 * filters beside them are passed over.
 */
export function rangeValues(
  range: TimeRange & Readonly<Record<string, unknown>>,
): [Dayjs | null, Dayjs | null] | null {
  if (!range.from && !range.to) return null;
  return [range.from ? dayjs(range.from) : null, range.to ? dayjs(range.to).subtract(1, 'minute') : null];
}
