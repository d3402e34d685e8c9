/**
 * The console home's reads: counts over tickets and orders, grouped in SQL. Time buckets come from boundaries
 * the service computed on the agent's wall clock, handed to `width_bucket`, so no time-zone data is needed in the
 * database. Each read is bounded: open tickets ride cs_work_order_status_idx, today's tickets
 * cs_work_order_created_idx, ratings cs_work_order_graded_idx.
 */
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { csWorkOrder } from '../../db/schema/cs.schema.ts';
import { gameI18n } from '../../db/schema/game.schema.ts';
import { payOrder } from '../../db/schema/pay-order.schema.ts';

/** Paid, yet the credit has not arrived: waiting for delivery, delivering, or failed after the payment. */
export const stuckStates = ['paid', 'delivering', 'failed'] as const;

/**
 * 1-based bucket of `column` among `edges` (ascending); rows outside are filtered by the caller. Queries group
 * by its position in the select list (`firstColumn`): the same expression again would carry other parameters,
 * which PostgreSQL does not see as the same expression.
 */
function bucketOf(column: SQL | typeof csWorkOrder.createdAt, edges: Date[]): SQL<number> {
  const list = sql.join(
    edges.map((e) => sql`${e.toISOString()}::timestamptz`),
    sql`, `,
  );
  return sql<number>`width_bucket(${column}, array[${list}])`.mapWith(Number);
}

const firstColumn = sql.raw('1');

export interface RatingFilter {
  from: Date;
  gameBaseId?: number | undefined;
  operatorStaffId?: number | undefined;
}

export class ConsoleHomeRepository {
  constructor(private readonly db: Db) {}

  /** A game's name in the reader's language, else en, and the joins (onto `query`, of tickets) it needs. */
  private gameName(lang: string) {
    const local = alias(gameI18n, 'game_local');
    const en = alias(gameI18n, 'game_en');
    return {
      name: sql<string>`coalesce(${local.name}, ${en.name}, '')`,
      joined: <T extends PgSelect>(query: T) =>
        query
          .leftJoin(local, and(eq(local.gameBaseId, csWorkOrder.gameBaseId), eq(local.lang, lang)))
          .leftJoin(en, and(eq(en.gameBaseId, csWorkOrder.gameBaseId), eq(en.lang, 'en'))),
    };
  }

  async openByState(): Promise<{ status: number; count: number }[]> {
    return this.db
      .select({ status: csWorkOrder.status, count: count() })
      .from(csWorkOrder)
      .where(ne(csWorkOrder.status, 3))
      .groupBy(csWorkOrder.status);
  }

  async openByGame(lang: string): Promise<{ gameBaseId: number; gameName: string; count: number }[]> {
    const g = this.gameName(lang);
    return g
      .joined(
        this.db
          .select({
            gameBaseId: csWorkOrder.gameBaseId,
            gameName: sql<string>`max(${g.name})`,
            count: count(),
          })
          .from(csWorkOrder)
          .$dynamic(),
      )
      .where(ne(csWorkOrder.status, 3))
      .groupBy(csWorkOrder.gameBaseId)
      .orderBy(desc(count()), asc(csWorkOrder.gameBaseId));
  }

  /** Tickets waiting for us (no reply, processing), longest waiting first, and how many there are. */
  async oldestWaiting(lang: string, limit: number) {
    const g = this.gameName(lang);
    const waiting = inArray(csWorkOrder.status, [0, 1]);
    const { id, status, title, lastAskedAt } = csWorkOrder;
    const rows = await g
      .joined(
        this.db.select({ id, status, title, lastAskedAt, gameName: g.name }).from(csWorkOrder).$dynamic(),
      )
      .where(waiting)
      .orderBy(asc(csWorkOrder.lastAskedAt), asc(csWorkOrder.id))
      .limit(limit);
    const [total] = await this.db.select({ n: count() }).from(csWorkOrder).where(waiting);
    return { rows, total: total?.n ?? 0 };
  }

  /** New tickets per bucket of `edges` (hour n is bucket n + 1). */
  async ticketsPerBucket(edges: Date[]): Promise<{ bucket: number; count: number }[]> {
    const bucket = bucketOf(csWorkOrder.createdAt, edges);
    return this.db
      .select({ bucket, count: count() })
      .from(csWorkOrder)
      .where(and(gte(csWorkOrder.createdAt, edges[0]!), lt(csWorkOrder.createdAt, edges.at(-1)!)))
      .groupBy(firstColumn);
  }

  /** Orders per bucket of `edges` by the time they were paid or credited. */
  async ordersPerBucket(column: 'paidAt' | 'deliveredAt', edges: Date[]) {
    const at = payOrder[column];
    const bucket = bucketOf(sql`${at}`, edges);
    return this.db
      .select({ bucket, count: count() })
      .from(payOrder)
      .where(and(gte(at, edges[0]!), lt(at, edges.at(-1)!)))
      .groupBy(firstColumn);
  }

  /** Orders and their money per currency paid (or credited) within [from, before). */
  async moneyPerCurrency(column: 'paidAt' | 'deliveredAt', from: Date, before: Date) {
    const at = payOrder[column];
    return this.db
      .select({
        currency: payOrder.currency,
        count: count(),
        minor: sql<number>`coalesce(sum(${payOrder.price}), 0)`.mapWith(Number),
      })
      .from(payOrder)
      .where(and(gte(at, from), lt(at, before)))
      .groupBy(payOrder.currency)
      .orderBy(asc(payOrder.currency));
  }

  /** Paid orders without their credit, the longest waiting first, and how many there are. */
  async stuckOrders(limit: number) {
    const stuck = and(isNotNull(payOrder.paidAt), inArray(payOrder.state, [...stuckStates]));
    const rows = await this.db
      .select()
      .from(payOrder)
      .where(stuck)
      .orderBy(asc(payOrder.paidAt), asc(payOrder.id))
      .limit(limit);
    const [total] = await this.db.select({ n: count() }).from(payOrder).where(stuck);
    return { rows, total: total?.n ?? 0 };
  }

  private ratingWhere(filter: RatingFilter, extra: SQL[] = []) {
    const c: SQL[] = [isNotNull(csWorkOrder.grade), gte(csWorkOrder.gradedAt, filter.from), ...extra];
    if (filter.gameBaseId !== undefined) c.push(eq(csWorkOrder.gameBaseId, filter.gameBaseId));
    if (filter.operatorStaffId !== undefined) c.push(eq(csWorkOrder.operatorStaffId, filter.operatorStaffId));
    return and(...c);
  }

  /**
   * Ratings since `filter.from` counted per week bucket of `weekEdges`, agent, game, grade and reason: few rows,
   * which the service sums up per week, agent, game and reason.
   */
  async ratingCounts(filter: RatingFilter, weekEdges: Date[]) {
    const bucket = bucketOf(sql`${csWorkOrder.gradedAt}`, weekEdges);
    return this.db
      .select({
        bucket,
        staffId: csWorkOrder.operatorStaffId,
        staffName: sql<string | null>`max(${csWorkOrder.operatorName})`,
        gameBaseId: csWorkOrder.gameBaseId,
        grade: sql<number>`${csWorkOrder.grade}`.mapWith(Number),
        reason: csWorkOrder.gradeReason,
        count: count(),
      })
      .from(csWorkOrder)
      .where(this.ratingWhere(filter))
      .groupBy(
        firstColumn,
        csWorkOrder.operatorStaffId,
        csWorkOrder.gameBaseId,
        csWorkOrder.grade,
        csWorkOrder.gradeReason,
      );
  }

  /** The latest low ratings (at most `maxGrade`) with their reasons. */
  async lowRatings(filter: RatingFilter, maxGrade: number, lang: string, limit: number) {
    const g = this.gameName(lang);
    return g
      .joined(
        this.db
          .select({
            id: csWorkOrder.id,
            title: csWorkOrder.title,
            gameName: g.name,
            staffName: csWorkOrder.operatorName,
            grade: sql<number>`${csWorkOrder.grade}`.mapWith(Number),
            reason: csWorkOrder.gradeReason,
            comment: csWorkOrder.gradeComment,
            gradedAt: csWorkOrder.gradedAt,
          })
          .from(csWorkOrder)
          .$dynamic(),
      )
      .where(this.ratingWhere(filter, [lte(csWorkOrder.grade, maxGrade)]))
      .orderBy(desc(csWorkOrder.gradedAt), desc(csWorkOrder.id))
      .limit(limit);
  }

  /** Names of games in `lang`, else en. */
  async gameNames(ids: number[], lang: string): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: gameI18n.gameBaseId, lang: gameI18n.lang, name: gameI18n.name })
      .from(gameI18n)
      .where(and(inArray(gameI18n.gameBaseId, ids), inArray(gameI18n.lang, [lang, 'en'])));
    const names = new Map<number, string>();
    for (const r of rows) if (r.lang === lang || !names.has(r.id)) names.set(r.id, r.name);
    return names;
  }
}
