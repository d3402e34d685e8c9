/**
 * The console's home: the day at a glance and the ratings, one staff call per figure
 * group, each behind the privilege of what it shows (the console hides a group the session cannot get):
 * - `home/tickets` (tickets.read): open tickets by state and game, the oldest waiting, tickets per hour today
 *   against the same weekday last week;
 * - `home/top_ups` (catalog, the top-up privilege): orders paid and credited per hour today, money per currency,
 *   paid orders not credited yet;
 * - `home/ratings` (tickets.read): ratings per week, agent and game with the reasons of low ones. Only leads see
 *   every agent's; the others see the ratings of the tickets they handled (`scope` says which). "Lead" is
 *   `ratingsLeadPrivilege`: tickets.export, the privilege that already lets its holder take every agent's
 *   tickets out of the console in one file.
 *
 * Days, hours and weeks are counted on the wall clock of `tz`, the agent's IANA time zone (the console sends its
 * browser's, as it shows every time in it): hour n of today is [midnight + n h, midnight + (n + 1) h), weeks
 * start on Monday. Codes: -101, -110, -401 as every staff call; -400 field `tz` for a zone the server does not
 * know.
 */
import { z } from 'zod';
import { gradeReasons, grades, workOrderStatuses } from './cs.contracts.ts';
import { defineStaffCall, type StaffPrivilege } from './staff.contracts.ts';

export const ratingsLeadPrivilege: StaffPrivilege = 'tickets.export';

export const homePolicy = {
  /** How many of the oldest waiting tickets and of the paid-not-credited orders the home lists. */
  listSize: 10,
  /** The ratings screen's weeks: at most this many back. */
  maxWeeks: 26,
  /** The low ratings listed with their reasons, newest first. */
  lowRatingsListed: 50,
} as const;

/** Whether the runtime knows `zone` as an IANA time zone (`Asia/Bangkok`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneRule = z.string().min(1).max(64).refine(isTimeZone, { message: 'unknown_time_zone' });

const count = z.number().int().nonnegative();
/** 24 counts, hour 0 (midnight to 1:00) first. */
const perHour = z.array(count);

export const homeTicketsData = z.object({
  /** Today's local midnight (ISO 8601, UTC) and the same weekday's a week earlier. */
  day_start: z.string(),
  last_week_start: z.string(),
  /** Tickets not closed, per state (no reply, processing, replied), every state listed. */
  open_by_state: z.array(z.object({ status: z.literal(workOrderStatuses), count })),
  /** Tickets not closed per game, most first. */
  open_by_game: z.array(z.object({ game_base_id: z.number().int(), game_name: z.string(), count })),
  /** Tickets waiting for us (no reply, processing), the member's latest message oldest first. */
  oldest_waiting: z.array(
    z.object({
      work_order_id: z.number().int(),
      work_order_status: z.literal(workOrderStatuses),
      question_title: z.string(),
      game_name: z.string(),
      last_asked_at: z.string(),
    }),
  ),
  waiting_total: count,
  /** New tickets per hour today and on the same weekday last week. */
  today: perHour,
  last_week: perHour,
});
export type HomeTicketsData = z.infer<typeof homeTicketsData>;

export const homeTopUpsData = z.object({
  day_start: z.string(),
  /** Orders paid (by their payment time) and credited (by their delivery time) per hour today. */
  paid: perHour,
  credited: perHour,
  /** Money of today's paid and credited orders per currency, in minor units (`exponent` digits). */
  money: z.array(
    z.object({
      currency: z.string(),
      exponent: z.number().int(),
      paid_count: count,
      paid_minor: z.number().int(),
      credited_count: count,
      credited_minor: z.number().int(),
    }),
  ),
  /** Paid orders whose credit has not arrived (paid, delivering, or failed after payment), oldest payment first. */
  stuck: z.array(
    z.object({
      order_no: z.string(),
      state: z.string(),
      game_name: z.string(),
      role_name: z.string(),
      price: z.number().int(),
      currency: z.string(),
      exponent: z.number().int(),
      paid_at: z.string(),
    }),
  ),
  stuck_total: count,
});
export type HomeTopUpsData = z.infer<typeof homeTopUpsData>;

/** Ratings of a group: how many of each grade (1 first), how many in all and their average (null: none). */
const gradeCounts = z.object({
  grades: z.array(count),
  rated: count,
  average: z.number().nullable(),
});

export const homeRatingsData = z.object({
  /** `all`: every agent's ratings (a lead); `own`: only those of the caller's tickets. */
  scope: z.enum(['all', 'own']),
  /** Oldest week first; each starts on its Monday's local midnight. */
  weeks: z.array(gradeCounts.extend({ week_start: z.string() })),
  by_agent: z.array(
    gradeCounts.extend({ staff_id: z.number().int().nullable(), staff_name: z.string().nullable() }),
  ),
  by_game: z.array(gradeCounts.extend({ game_base_id: z.number().int(), game_name: z.string() })),
  /** Reasons of the ratings of 1 and 2, every reason listed. */
  reasons: z.array(z.object({ reason: z.enum(gradeReasons), count })),
  /** The latest ratings of 1 and 2 with their reasons and the player's words. */
  low: z.array(
    z.object({
      work_order_id: z.number().int(),
      question_title: z.string(),
      game_name: z.string(),
      staff_name: z.string().nullable(),
      grade: z.literal(grades),
      reason: z.enum(gradeReasons).nullable(),
      comment: z.string().nullable(),
      graded_at: z.string(),
    }),
  ),
});
export type HomeRatingsData = z.infer<typeof homeRatingsData>;

const zoneRequest = z.object({ tz: timeZoneRule });

export const homeTicketsCall = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/home/tickets',
  privilege: 'tickets.read',
  keepsPublicData: true,
  request: zoneRequest,
  response: homeTicketsData,
});

export const homeTopUpsCall = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/home/top_ups',
  privilege: 'catalog',
  keepsPublicData: true,
  request: zoneRequest,
  response: homeTopUpsData,
});

/** Ratings of the last `weeks` weeks (this one included), optionally of one game and (leads) one agent. */
export const homeRatingsCall = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/home/ratings',
  privilege: 'tickets.read',
  keepsPublicData: true,
  request: zoneRequest.extend({
    weeks: z.coerce.number().int().min(1).max(homePolicy.maxWeeks).default(8),
    game_base_id: z.coerce.number().int().positive().optional(),
    /** Leads only; ignored for the others, who always see their own. */
    staff_id: z.coerce.number().int().positive().optional(),
  }),
  response: homeRatingsData,
});
