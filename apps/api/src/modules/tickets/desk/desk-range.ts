/**
 * The queue's time range (spec 5, 9: at most three months). Months are calendar months counted on the wall
 * clock of the offset the console sent (an agent in UTC+7 choosing 1 March to 1 June gets exactly three months,
 * whatever that is in UTC); a day the target month lacks becomes its last day (30 November + 3 = 28/29 February).
 */
import { deskPolicy } from '@gp/contracts/desk';
import { RequestValidationError } from '../../../http/app-error.ts';

const minute = 60_000;

/** The created_at bounds of a query: `from` inclusive, `before` exclusive (null: up to now). */
export interface CreatedRange {
  from: Date;
  before: Date | null;
}

/** Minutes east of UTC of an ISO 8601 time's offset (`Z` and no offset: 0). */
export function offsetMinutes(iso: string): number {
  const match = /([+-])(\d{2}):?(\d{2})$/.exec(iso);
  if (!match || /z$/i.test(iso)) return 0;
  const [, sign, hours, minutes] = match;
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

/** `at` moved by whole calendar months on the wall clock of `offset` minutes east of UTC. */
export function addMonths(at: Date, months: number, offset = 0): Date {
  const wall = new Date(at.getTime() + offset * minute);
  const year = wall.getUTCFullYear();
  const month = wall.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const moved = Date.UTC(
    year,
    month,
    Math.min(wall.getUTCDate(), lastDay),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
    wall.getUTCMilliseconds(),
  );
  return new Date(moved - offset * minute);
}

/**
 * The range of `start_time` / `end_time`: both given, as given (-400 `end_time` `range_too_long` past three
 * months); one given, three months from or up to it; none, the three months up to now.
 */
export function resolveRange(
  input: { start_time?: string | undefined; end_time?: string | undefined },
  now: Date,
): CreatedRange {
  const months = deskPolicy.maxRangeMonths;
  const { start_time: start, end_time: end } = input;
  if (start && end) {
    const from = new Date(start);
    const before = new Date(end);
    if (before.getTime() > addMonths(from, months, offsetMinutes(start)).getTime()) {
      throw new RequestValidationError([{ field: 'end_time', code: 'range_too_long' }]);
    }
    return { from, before };
  }
  if (start) {
    const from = new Date(start);
    return { from, before: addMonths(from, months, offsetMinutes(start)) };
  }
  if (end) {
    const before = new Date(end);
    return { from: addMonths(before, -months, offsetMinutes(end)), before };
  }
  return { from: addMonths(now, -months), before: null };
}
