/**
 * Local days and weeks of an IANA time zone, computed with Intl alone (no time-zone data in the database, so
 * PGlite and PostgreSQL agree). Bucketing happens in SQL on hours since the local midnight these answer.
 */

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

const formats = new Map<string, Intl.DateTimeFormat>();

function wallFormat(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, format);
  }
  return format;
}

/** The wall clock of `zone` at `at`, as if it were UTC (its fields are the local ones). */
function wallClock(at: Date, zone: string): Date {
  const parts = Object.fromEntries(
    wallFormat(zone)
      .formatToParts(at)
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second));
}

/** Milliseconds `zone` is ahead of UTC at `at`. */
export function zoneOffsetMs(at: Date, zone: string): number {
  const whole = new Date(Math.floor(at.getTime() / 1000) * 1000);
  return wallClock(whole, zone).getTime() - whole.getTime();
}

/** The instant of a wall-clock time in `zone` (fields of `wall` read as UTC). */
function instantOf(wall: number, zone: string): Date {
  // The offset at the guess is right except across a change of offset; a second pass settles it.
  const guess = wall - zoneOffsetMs(new Date(wall), zone);
  return new Date(wall - zoneOffsetMs(new Date(guess), zone));
}

/** The local midnight of the day `at` falls on in `zone`. */
export function dayStart(at: Date, zone: string): Date {
  const wall = wallClock(at, zone);
  return instantOf(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()), zone);
}

/** The local midnight `days` calendar days from the day of `at` (negative: earlier). */
export function dayStartAdd(at: Date, zone: string, days: number): Date {
  const wall = wallClock(at, zone);
  return instantOf(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate() + days), zone);
}

/** The local midnight of the Monday of the week `at` falls in. */
export function weekStart(at: Date, zone: string): Date {
  const wall = wallClock(at, zone);
  const sinceMonday = (wall.getUTCDay() + 6) % 7;
  return dayStartAdd(at, zone, -sinceMonday);
}

export { dayMs, hourMs };
