/**
 * The home's figures as rows: what the charts draw and the tables beside them list, from one source, so the
 * screen-reader table always says what the chart shows.
 */

/** The agent's time zone as the browser knows it; the console shows every time in it. */
export function agentTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** "09:00" for hour 9 of the day. */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

export interface HourRow {
  hour: string;
  /** One count per series, in the order of the series given. */
  values: number[];
}

/** One row per hour of the day with the count of each series. */
export function hourRows(series: number[][]): HourRow[] {
  const hours = Math.max(0, ...series.map((s) => s.length));
  return Array.from({ length: hours }, (_, h) => ({
    hour: hourLabel(h),
    values: series.map((s) => s[h] ?? 0),
  }));
}

/** Long-format points for a chart with several series: one point per hour and series. */
export function seriesPoints(rows: HourRow[], names: string[]): { x: string; y: number; series: string }[] {
  return rows.flatMap((r) => names.map((series, i) => ({ x: r.hour, y: r.values[i] ?? 0, series })));
}
