import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
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
      lastSeenAt: memberSession.lastSeenAt,
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
   * Every member call asks this: prepared once per repository, so neither drizzle rebuilds the SQL nor
   * PostgreSQL parses and plans it again on each request (a named statement per pooled connection).
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

  /** What the session list shows of the browser that opened the session (every kind of login sets it). */
  async describe(idHash: string, client: { userAgent: string; ip: string }) {
    await this.db
      .update(memberSession)
      .set({ userAgent: client.userAgent.slice(0, 512), ip: client.ip })
      .where(eq(memberSession.idHash, idHash));
  }

  /** Marks the session seen at `now`, unless it was seen since `after` (one write per few minutes, not per call). */
  async touch(idHash: string, now: Date, after: Date) {
    await this.db
      .update(memberSession)
      .set({ lastSeenAt: now })
      .where(
        and(
          eq(memberSession.idHash, idHash),
          or(isNull(memberSession.lastSeenAt), lt(memberSession.lastSeenAt, after)),
        ),
      );
  }

  /** The member's live sessions, most recently used first (the account page's list). */
  async listActive(mid: number, now: Date) {
    return this.db
      .select({
        idHash: memberSession.idHash,
        userAgent: memberSession.userAgent,
        ip: memberSession.ip,
        createdAt: memberSession.createdAt,
        lastSeenAt: sql<Date>`coalesce(${memberSession.lastSeenAt}, ${memberSession.createdAt})`.mapWith(
          memberSession.createdAt,
        ),
      })
      .from(memberSession)
      .where(
        and(eq(memberSession.mid, mid), isNull(memberSession.revokedAt), gt(memberSession.expiresAt, now)),
      )
      .orderBy(desc(sql`coalesce(${memberSession.lastSeenAt}, ${memberSession.createdAt})`));
  }

  /** Ends one live session, only if it is this member's: answers whether it did. */
  async revokeOwn(mid: number, idHash: string, now: Date): Promise<boolean> {
    const ended = await this.db
      .update(memberSession)
      .set({ revokedAt: now })
      .where(
        and(eq(memberSession.idHash, idHash), eq(memberSession.mid, mid), isNull(memberSession.revokedAt)),
      )
      .returning({ idHash: memberSession.idHash });
    return ended.length > 0;
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

  /** Ends the member's other sessions, keeping the one that asked (password change, new e-mail or phone). */
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
