import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { member, memberSession } from '../../db/schema/member.schema.ts';

function activeSessionQuery(db: Db) {
  return db
    .select({
      csrfToken: memberSession.csrfToken,
      mid: member.mid,
      userId: member.userId,
      nickName: member.nickName,
      loginType: member.loginType,
    })
    .from(memberSession)
    .innerJoin(member, eq(member.mid, memberSession.mid))
    .where(
      and(
        eq(memberSession.idHash, sql.placeholder('idHash')),
        isNull(memberSession.revokedAt),
        gt(memberSession.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('member_session_active');
}

export class SessionRepository {
  /**
   * Every member call asks this: prepared once per repository (issue 10), so neither drizzle rebuilds the SQL
   * nor PostgreSQL parses and plans it again on each request (a named statement per pooled connection).
   */
  private readonly activeQuery: ReturnType<typeof activeSessionQuery>;

  constructor(private readonly db: Db) {
    this.activeQuery = activeSessionQuery(db);
  }

  /** The live session with this id hash and its member: not revoked, not expired. */
  async findActive(idHash: string, now: Date) {
    const [row] = await this.activeQuery.execute({ idHash, now });
    return row;
  }

  async create(values: { idHash: string; mid: number; csrfToken: string; expiresAt: Date }) {
    await this.db.insert(memberSession).values(values);
  }

  async revoke(idHash: string, now: Date) {
    await this.db
      .update(memberSession)
      .set({ revokedAt: now })
      .where(and(eq(memberSession.idHash, idHash), isNull(memberSession.revokedAt)));
  }

  /** Ends every live session of a member (password reset and change). */
  async revokeAllOf(mid: number, now: Date) {
    await this.db
      .update(memberSession)
      .set({ revokedAt: now })
      .where(and(eq(memberSession.mid, mid), isNull(memberSession.revokedAt)));
  }

  /** Ends the member's other sessions, keeping the one that asked (password change). */
  async revokeOthers(mid: number, keepIdHash: string, now: Date) {
    await this.db
      .update(memberSession)
      .set({ revokedAt: now })
      .where(
        and(
          eq(memberSession.mid, mid),
          isNull(memberSession.revokedAt),
          ne(memberSession.idHash, keepIdHash),
        ),
      );
  }
}
