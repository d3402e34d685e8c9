import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { containsText } from '../../db/text-search.ts';
import { staffAccount } from '../../db/schema/staff.schema.ts';

export type StaffAccountRow = typeof staffAccount.$inferSelect;

export type StaffAccountPatch = Partial<
  Pick<
    StaffAccountRow,
    | 'accountName'
    | 'email'
    | 'privilegeIds'
    | 'passwordHash'
    | 'mustChangePassword'
    | 'passwordChangedAt'
    | 'status'
    | 'deletedAt'
  >
>;

export class StaffAccountRepository {
  constructor(private readonly db: Db) {}

  /** The account with this login name that is not deleted. */
  async byAccountId(accountId: string): Promise<StaffAccountRow | undefined> {
    const [row] = await this.db
      .select()
      .from(staffAccount)
      .where(and(eq(staffAccount.accountId, accountId), isNull(staffAccount.deletedAt)));
    return row;
  }

  /** True when any account, deleted ones included, has this login name (they are never reused). */
  async accountIdTaken(accountId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: staffAccount.id })
      .from(staffAccount)
      .where(eq(staffAccount.accountId, accountId));
    return !!row;
  }

  async byId(id: number): Promise<StaffAccountRow | undefined> {
    const [row] = await this.db.select().from(staffAccount).where(eq(staffAccount.id, id));
    return row;
  }

  /** Accounts not deleted, newest first; `search` is found in account_id or account_name, case-insensitive. */
  async page(filter: { search?: string; offset: number; limit: number }) {
    const where = and(
      isNull(staffAccount.deletedAt),
      filter.search
        ? or(
            containsText(staffAccount.accountId, filter.search),
            containsText(staffAccount.accountName, filter.search),
          )
        : undefined,
    );
    const rows = await this.db
      .select()
      .from(staffAccount)
      .where(where)
      .orderBy(desc(staffAccount.createdAt), desc(staffAccount.id))
      .offset(filter.offset)
      .limit(filter.limit);
    const [total] = await this.db.select({ n: count() }).from(staffAccount).where(where);
    return { rows, total: total?.n ?? 0 };
  }

  async create(values: typeof staffAccount.$inferInsert): Promise<StaffAccountRow> {
    const [row] = await this.db.insert(staffAccount).values(values).returning();
    if (!row) throw new Error('staff account insert returned no row');
    return row;
  }

  async update(id: number, patch: StaffAccountPatch, now: Date): Promise<StaffAccountRow> {
    const [row] = await this.db
      .update(staffAccount)
      .set({ ...patch, updatedAt: now })
      .where(eq(staffAccount.id, id))
      .returning();
    if (!row) throw new Error(`staff account ${id} vanished`);
    return row;
  }

  async recordLogin(id: number, at: Date, ip: string): Promise<void> {
    await this.db
      .update(staffAccount)
      .set({ lastLoginAt: at, lastLoginIp: ip })
      .where(eq(staffAccount.id, id));
  }

  /**
   * Ids of the active (not blocked, not deleted) accounts holding `privilegeId`, their rows locked until the
   * transaction ends: two administrators taking the privilege from each other at once are served one after the
   * other, and the second sees the first one's change.
   */
  async lockActiveHolders(privilegeId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: staffAccount.id })
      .from(staffAccount)
      .where(
        and(
          isNull(staffAccount.deletedAt),
          eq(staffAccount.status, 'active'),
          sql`${privilegeId} = any(${staffAccount.privilegeIds})`,
        ),
      )
      .for('update');
    return rows.map((r) => r.id);
  }
}
