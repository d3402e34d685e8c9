/**
 * The console's home: the day's tickets and top-ups and the ratings, each counted on the agent's wall clock
 * (`tz`). Who may read which group is the contracts' privilege; within the ratings, only holders of
 * `ratingsLeadPrivilege` see every agent's, the others the tickets they handled last (`operatorStaffId`).
 */
import { gradeReasons, grades, lowGradeMax, workOrderStatuses, type GradeReason } from '@gp/contracts/cs';
import {
  homePolicy,
  ratingsLeadPrivilege,
  type HomeRatingsData,
  type HomeTicketsData,
  type HomeTopUpsData,
} from '@gp/contracts/console-home';
import { currencyExponent } from '@gp/contracts/pay';
import { privilegeId } from '@gp/contracts/staff';
import type { Clock } from '../../config/clock.ts';
import type { Db } from '../../db/database.ts';
import { nameIn } from '../pay/index.ts';
import type { AuthenticatedStaff } from '../staff/index.ts';
import { ConsoleHomeRepository } from './console-home.repository.ts';
import { dayStart, dayStartAdd, hourMs, weekStart } from './zoned-time.ts';

const hoursInDay = 24;

/** The 25 edges of a day's 24 hours from `start`. */
function hourEdges(start: Date): Date[] {
  return Array.from({ length: hoursInDay + 1 }, (_, h) => new Date(start.getTime() + h * hourMs));
}

/** Bucket counts (1-based, from width_bucket) as a list of `size`, bucket 1 first. */
function spread(rows: { bucket: number; count: number }[], size: number): number[] {
  const out = new Array<number>(size).fill(0);
  for (const r of rows) if (r.bucket >= 1 && r.bucket <= size) out[r.bucket - 1]! += r.count;
  return out;
}

interface Tally {
  grades: number[];
  rated: number;
  sum: number;
}
const emptyTally = (): Tally => ({ grades: new Array<number>(grades.length).fill(0), rated: 0, sum: 0 });
function add(tally: Tally, grade: number, n: number) {
  tally.grades[grade - 1]! += n;
  tally.rated += n;
  tally.sum += grade * n;
}
function counted(tally: Tally) {
  return {
    grades: tally.grades,
    rated: tally.rated,
    average: tally.rated === 0 ? null : Math.round((tally.sum / tally.rated) * 100) / 100,
  };
}

export interface RatingsQuery {
  tz: string;
  weeks: number;
  game_base_id?: number | undefined;
  staff_id?: number | undefined;
}

export class ConsoleHomeService {
  private readonly repo: ConsoleHomeRepository;
  private readonly now: Clock;

  constructor(options: { db: Db; now: Clock }) {
    this.repo = new ConsoleHomeRepository(options.db);
    this.now = options.now;
  }

  async tickets(tz: string, lang: string): Promise<HomeTicketsData> {
    const now = this.now();
    const today = dayStart(now, tz);
    const lastWeek = dayStartAdd(now, tz, -7);
    const [byState, byGame, waiting, todayRows, lastWeekRows] = await Promise.all([
      this.repo.openByState(),
      this.repo.openByGame(lang),
      this.repo.oldestWaiting(lang, homePolicy.listSize),
      this.repo.ticketsPerBucket(hourEdges(today)),
      this.repo.ticketsPerBucket(hourEdges(lastWeek)),
    ]);
    const open = workOrderStatuses.filter((s) => s !== 3);
    return {
      day_start: today.toISOString(),
      last_week_start: lastWeek.toISOString(),
      open_by_state: open.map((status) => ({
        status,
        count: byState.find((r) => r.status === status)?.count ?? 0,
      })),
      open_by_game: byGame.map((r) => ({
        game_base_id: r.gameBaseId,
        game_name: r.gameName,
        count: r.count,
      })),
      oldest_waiting: waiting.rows.map((r) => ({
        work_order_id: r.id,
        work_order_status: r.status as 0 | 1,
        question_title: r.title,
        game_name: r.gameName,
        last_asked_at: r.lastAskedAt.toISOString(),
      })),
      waiting_total: waiting.total,
      today: spread(todayRows, hoursInDay),
      last_week: spread(lastWeekRows, hoursInDay),
    };
  }

  async topUps(tz: string, lang: string): Promise<HomeTopUpsData> {
    const now = this.now();
    const today = dayStart(now, tz);
    const tomorrow = dayStartAdd(now, tz, 1);
    const edges = hourEdges(today);
    const [paid, credited, paidMoney, creditedMoney, stuck] = await Promise.all([
      this.repo.ordersPerBucket('paidAt', edges),
      this.repo.ordersPerBucket('deliveredAt', edges),
      this.repo.moneyPerCurrency('paidAt', today, tomorrow),
      this.repo.moneyPerCurrency('deliveredAt', today, tomorrow),
      this.repo.stuckOrders(homePolicy.listSize),
    ]);
    const currencies = [...new Set([...paidMoney, ...creditedMoney].map((r) => r.currency))].sort();
    return {
      day_start: today.toISOString(),
      paid: spread(paid, hoursInDay),
      credited: spread(credited, hoursInDay),
      money: currencies.map((currency) => {
        const p = paidMoney.find((r) => r.currency === currency);
        const c = creditedMoney.find((r) => r.currency === currency);
        return {
          currency,
          exponent: currencyExponent(currency),
          paid_count: p?.count ?? 0,
          paid_minor: p?.minor ?? 0,
          credited_count: c?.count ?? 0,
          credited_minor: c?.minor ?? 0,
        };
      }),
      stuck: stuck.rows.map((o) => ({
        order_no: o.orderNo,
        state: o.state,
        game_name: nameIn(o.names.game, lang, o.gameId),
        role_name: o.roleName,
        price: o.price,
        currency: o.currency,
        exponent: currencyExponent(o.currency),
        // The query selects paid orders only.
        paid_at: o.paidAt!.toISOString(),
      })),
      stuck_total: stuck.total,
    };
  }

  async ratings(staff: AuthenticatedStaff, query: RatingsQuery, lang: string): Promise<HomeRatingsData> {
    const lead = staff.privilegeIds.includes(privilegeId(ratingsLeadPrivilege));
    const now = this.now();
    const thisWeek = weekStart(now, query.tz);
    // Week edges on the wall clock: each Monday's local midnight, then next Monday's.
    const edges = Array.from({ length: query.weeks + 1 }, (_, i) =>
      dayStartAdd(thisWeek, query.tz, 7 * (i - query.weeks + 1)),
    );
    const filter = {
      from: edges[0]!,
      gameBaseId: query.game_base_id,
      operatorStaffId: lead ? query.staff_id : staff.staffId,
    };
    const [rows, low] = await Promise.all([
      this.repo.ratingCounts(filter, edges),
      this.repo.lowRatings(filter, lowGradeMax, lang, homePolicy.lowRatingsListed),
    ]);

    const weeks = edges.slice(0, -1).map(() => emptyTally());
    const agents = new Map<number | null, Tally & { name: string | null }>();
    const games = new Map<number, Tally>();
    const reasons = new Map<GradeReason, number>(gradeReasons.map((r) => [r, 0]));
    for (const r of rows) {
      const week = weeks[r.bucket - 1];
      if (week) add(week, r.grade, r.count);
      const agent = agents.get(r.staffId) ?? { ...emptyTally(), name: r.staffName };
      add(agent, r.grade, r.count);
      agent.name ??= r.staffName;
      agents.set(r.staffId, agent);
      const game = games.get(r.gameBaseId) ?? emptyTally();
      add(game, r.grade, r.count);
      games.set(r.gameBaseId, game);
      if (r.grade <= lowGradeMax && r.reason) {
        const reason = r.reason as GradeReason;
        reasons.set(reason, (reasons.get(reason) ?? 0) + r.count);
      }
    }
    const names = await this.repo.gameNames([...games.keys()], lang);
    return {
      scope: lead ? 'all' : 'own',
      weeks: weeks.map((w, i) => ({ week_start: edges[i]!.toISOString(), ...counted(w) })),
      by_agent: [...agents.entries()]
        .map(([id, a]) => ({ staff_id: id, staff_name: a.name, ...counted(a) }))
        .sort((a, b) => b.rated - a.rated || (a.staff_id ?? 0) - (b.staff_id ?? 0)),
      by_game: [...games.entries()]
        .map(([id, g]) => ({ game_base_id: id, game_name: names.get(id) ?? '', ...counted(g) }))
        .sort((a, b) => b.rated - a.rated || a.game_base_id - b.game_base_id),
      reasons: gradeReasons.map((reason) => ({ reason, count: reasons.get(reason) ?? 0 })),
      low: low.map((r) => ({
        work_order_id: r.id,
        question_title: r.title,
        game_name: r.gameName,
        staff_name: r.staffName,
        grade: r.grade as 1 | 2,
        reason: (r.reason as GradeReason | null) ?? null,
        comment: r.comment,
        // The query selects rated tickets only.
        graded_at: r.gradedAt!.toISOString(),
      })),
    };
  }
}
