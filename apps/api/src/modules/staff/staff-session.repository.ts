import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { staffAccount, staffSession } from '../../db/schema/staff.schema.ts';

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
      // How this session was opened, not what the account has now.
      secondFactor: sql<boolean>`${staffSession.secondFactorAt} is not null`,
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
    /** Set when the login passed its second step: only such a session is privileged. */
    secondFactorAt?: Date | null;
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

  /** The session completed its account's first enrolment: it is a full one from now on. */
  async markSecondFactor(idHash: string, at: Date) {
    await this.db
      .update(staffSession)
      .set({ secondFactorAt: at })
      .where(and(eq(staffSession.idHash, idHash), isNull(staffSession.secondFactorAt)));
  }

  /** Records a step-up (password and current factor proven again) on the live session. */
  async markReauth(idHash: string, at: Date) {
    await this.db
      .update(staffSession)
      .set({ reauthAt: at })
      .where(and(eq(staffSession.idHash, idHash), isNull(staffSession.revokedAt)));
  }

  /** When the session last stepped up, if ever. */
  async reauthAt(idHash: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ reauthAt: staffSession.reauthAt })
      .from(staffSession)
      .where(eq(staffSession.idHash, idHash));
    return row?.reauthAt ?? null;
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

  /** Ends the account's other sessions, keeping the one that asked (own password change, own factor change). */
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
