import { and, desc, eq, gt, isNull, lt, ne, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { member, memberSession } from '../../db/schema/member.schema.ts';

/** A session's idle limits: how long without a member call it stays usable (set by `member-auth.ts`). */
export interface IdleLimits {
  /** A "keep me logged in" session. */
  persistentMs: number;
  /** A session that ends with the browser. */
  browserMs: number;
}

const day = 86_400_000;

/** 30 days of no use end a "keep me logged in" session, a day any other. */
export const idleLimits: IdleLimits = { persistentMs: 30 * day, browserMs: day };

/**
 * The session was used recently enough: its last use (`last_seen_at`, or its login) is after the cutoff of its
 * kind. Both cutoffs are parameters, so the prepared statement stays one text.
 */
function notIdle(persistentSince: SQLWrapper | string, browserSince: SQLWrapper | string) {
  return sql`coalesce(${memberSession.lastSeenAt}, ${memberSession.createdAt}) > case when ${memberSession.persistent} then ${persistentSince}::timestamptz else ${browserSince}::timestamptz end`;
}

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
        notIdle(sql.placeholder('persistentSince'), sql.placeholder('browserSince')),
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

  /** ISO strings: raw SQL parameters, cast in the query, read alike by PGlite and node-postgres. */
  private cutoffs(now: Date) {
    return {
      persistentSince: new Date(now.getTime() - idleLimits.persistentMs).toISOString(),
      browserSince: new Date(now.getTime() - idleLimits.browserMs).toISOString(),
    };
  }

  /** The live session with this id hash and its member: not revoked, not expired, not idle too long. */
  async findActive(idHash: string, now: Date) {
    const [row] = await this.activeQuery.execute({ idHash, now, ...this.cutoffs(now) });
    return row;
  }

  async create(values: {
    idHash: string;
    mid: number;
    csrfToken: string;
    expiresAt: Date;
    /** "Keep me logged in" (the longer idle limit). Test fixtures leave it to the column's default. */
    persistent?: boolean;
    /** The login's time on the app's clock (the idle limit counts from it until the first call). */
    createdAt?: Date;
  }) {
    await this.db.insert(memberSession).values(values);
  }

  /** Records that this session proved the member again just now (a data export asks for it). */
  async markReauthenticated(idHash: string, now: Date) {
    await this.db.update(memberSession).set({ reauthAt: now }).where(eq(memberSession.idHash, idHash));
  }

  /** When this session last proved the member again, if ever. */
  async reauthenticatedAt(idHash: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: memberSession.reauthAt })
      .from(memberSession)
      .where(eq(memberSession.idHash, idHash));
    return row?.at ?? null;
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
        and(
          eq(memberSession.mid, mid),
          isNull(memberSession.revokedAt),
          gt(memberSession.expiresAt, now),
          notIdle(this.cutoffs(now).persistentSince, this.cutoffs(now).browserSince),
        ),
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
