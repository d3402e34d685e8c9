/** The audit log table: append and read. There is deliberately no update or delete here (nor in the database). */
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { staffAuditLog } from '../../db/schema/staff.schema.ts';

export type AuditRow = typeof staffAuditLog.$inferSelect;
export type NewAuditRow = Omit<typeof staffAuditLog.$inferInsert, 'id' | 'createdAt'>;

export interface AuditFilter {
  actorAccountId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  until?: Date;
  offset: number;
  limit: number;
}

export class AuditRepository {
  constructor(private readonly db: Db) {}

  async append(row: NewAuditRow): Promise<void> {
    await this.db.insert(staffAuditLog).values(row);
  }

  /** One page, newest first, and how many rows match in all. */
  async page(filter: AuditFilter): Promise<{ rows: AuditRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.actorAccountId !== undefined)
      conditions.push(eq(staffAuditLog.actorAccountId, filter.actorAccountId));
    if (filter.action !== undefined) conditions.push(eq(staffAuditLog.action, filter.action));
    if (filter.targetType !== undefined) conditions.push(eq(staffAuditLog.targetType, filter.targetType));
    if (filter.targetId !== undefined) conditions.push(eq(staffAuditLog.targetId, filter.targetId));
    if (filter.from) conditions.push(gte(staffAuditLog.createdAt, filter.from));
    if (filter.until) conditions.push(lt(staffAuditLog.createdAt, filter.until));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const rows = await this.db
      .select()
      .from(staffAuditLog)
      .where(where)
      .orderBy(desc(staffAuditLog.createdAt), desc(staffAuditLog.id))
      .offset(filter.offset)
      .limit(filter.limit);
    const [total] = await this.db.select({ n: count() }).from(staffAuditLog).where(where);
    return { rows, total: total?.n ?? 0 };
  }
}
