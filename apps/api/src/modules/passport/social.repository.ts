import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { member } from '../../db/schema/member.schema.ts';
import { memberIdentity, oauthGrant, oauthRequest } from '../../db/schema/social.schema.ts';
import type { MemberRow } from './member.repository.ts';

export class SocialRepository {
  constructor(private readonly db: Db) {}

  async saveRequest(values: typeof oauthRequest.$inferInsert) {
    await this.db.insert(oauthRequest).values(values);
  }

  /** Marks the request used and returns it, once: a second caller (a replayed return URL) gets nothing. */
  async takeRequest(tokenHash: string, now: Date) {
    const [row] = await this.db
      .update(oauthRequest)
      .set({ usedAt: now })
      .where(and(eq(oauthRequest.tokenHash, tokenHash), isNull(oauthRequest.usedAt)))
      .returning();
    return row;
  }

  async saveGrant(values: typeof oauthGrant.$inferInsert) {
    await this.db.insert(oauthGrant).values(values);
  }

  async findGrant(keyHash: string) {
    const [row] = await this.db.select().from(oauthGrant).where(eq(oauthGrant.keyHash, keyHash));
    return row;
  }

  async takeGrant(keyHash: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(oauthGrant)
      .set({ usedAt: now })
      .where(and(eq(oauthGrant.keyHash, keyHash), isNull(oauthGrant.usedAt)))
      .returning({ keyHash: oauthGrant.keyHash });
    return rows.length === 1;
  }

  async memberOf(provider: string, subject: string): Promise<MemberRow | undefined> {
    const [row] = await this.db
      .select({ member })
      .from(memberIdentity)
      .innerJoin(member, eq(member.mid, memberIdentity.mid))
      .where(and(eq(memberIdentity.provider, provider), eq(memberIdentity.subject, subject)));
    return row?.member;
  }

  /** The member and its identity together, so a failure leaves neither behind. */
  async createMember(
    values: Pick<typeof member.$inferInsert, 'userId' | 'nickName' | 'loginType' | 'lang'>,
    identity: { provider: string; subject: string; email: string | null },
  ): Promise<MemberRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(member).values(values).returning();
      if (!row) throw new Error('member insert returned no row');
      await tx.insert(memberIdentity).values({ ...identity, mid: row.mid });
      return row;
    });
  }
}
