import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { staffAccount, staffSession } from '../../db/schema/staff.schema.ts';
import { hasSecondFactorSql } from './second-factor.repository.ts';

function activeSessionQuery(db: Db) {
  return db
    .select({
      csrfToken: staffSession.csrfToken,
      lastSeenAt: staffSession.lastSeenAt,
      staffId: staffAccount.id,
      accountId: staffAccount.accountId,
      accountName: staffAccount.accountName,
      privilegeIds: staffAccount.privilegeIds,
      mustChangePassword: staffAccount.mustChangePassword,
      secondFactor: hasSecondFactorSql(staffAccount.id),
    })
    .from(staffSession)
    .innerJoin(staffAccount, eq(staffAccount.id, staffSession.staffId))
    .where(
      and(
        eq(staffSession.idHash, sql.placeholder('idHash')),
        isNull(staffSession.revokedAt),
        gt(staffSession.expiresAt, sql.placeholder('now')),
        gt(staffSession.lastSeenAt, sql.placeholder('idleSince')),
        eq(staffAccount.status, 'active'),
        isNull(staffAccount.deletedAt),
      ),
    )
    .prepare('staff_session_active');
}

export class StaffSessionRepository {
  /**
   * Every staff call asks this (the desk's agents all day): prepared once per repository, as the member's
   * session look-up, so neither drizzle rebuilds the SQL nor PostgreSQL parses and plans it on each call.
   */
  private readonly activeQuery: ReturnType<typeof activeSessionQuery>;

  constructor(private readonly db: Db) {
    this.activeQuery = activeSessionQuery(db);
  }

  /**
   * The live session with this id hash and its account: not revoked, not expired, seen since `idleSince`, and
   * its account neither blocked nor deleted (so a block ends every session at the next call, whatever else).
   */
  async findActive(idHash: string, now: Date, idleSince: Date) {
    const [row] = await this.activeQuery.execute({ idHash, now, idleSince });
    return row;
  }

  async create(values: {
    idHash: string;
    staffId: number;
    csrfToken: string;
    ip: string;
    expiresAt: Date;
    /** The start on the app clock (the idle limit counts from it); default the database's time. */
    lastSeenAt?: Date;
  }) {
    await this.db.insert(staffSession).values(values);
  }

  /** Marks the session seen now, unless it was seen after `unless` (one write a minute, not one a call). */
  async touch(idHash: string, now: Date, unless: Date) {
    await this.db
      .update(staffSession)
      .set({ lastSeenAt: now })
      .where(and(eq(staffSession.idHash, idHash), lt(staffSession.lastSeenAt, unless)));
  }

  async revoke(idHash: string, now: Date) {
    await this.db
      .update(staffSession)
      .set({ revokedAt: now })
      .where(and(eq(staffSession.idHash, idHash), isNull(staffSession.revokedAt)));
  }

  /** Ends every live session of an account (block, delete, a new one-time password). */
  async revokeAllOf(staffId: number, now: Date) {
    await this.db
      .update(staffSession)
      .set({ revokedAt: now })
      .where(and(eq(staffSession.staffId, staffId), isNull(staffSession.revokedAt)));
  }

  /** Ends the account's other sessions, keeping the one that asked (own password change). */
  async revokeOthers(staffId: number, keepIdHash: string, now: Date) {
    await this.db
      .update(staffSession)
      .set({ revokedAt: now })
      .where(
        and(
          eq(staffSession.staffId, staffId),
          isNull(staffSession.revokedAt),
          ne(staffSession.idHash, keepIdHash),
        ),
      );
  }
}
