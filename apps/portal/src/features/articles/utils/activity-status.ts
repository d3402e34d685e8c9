export type ActivityStatus = 'upcoming' | 'ongoing' | 'ended';

/** Where an activity's period stands at `now`; items without a period (news) have no status. */
export function activityStatus(
  start: string | null,
  end: string | null,
  now: number = Date.now(),
): ActivityStatus | undefined {
  if (!start || !end) return undefined;
  if (now < Date.parse(start)) return 'upcoming';
  if (now > Date.parse(end)) return 'ended';
  return 'ongoing';
}
