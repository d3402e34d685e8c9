import { and, eq, gt, isNull, sql } from 'drizzle-orm';
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

  /**
   * Apple's form POST: parks the code (and the `user` field) on an unspent, unexpired Apple round trip, once, in
   * one statement; a second POST for the same state, or one for a state we never issued, changes nothing.
   */
  async parkFormAnswer(
    input: { tokenHash: string; channelType: number; code: string; user: string | null },
    now: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .update(oauthRequest)
      .set({ formCode: input.code, formUser: input.user })
      .where(
        and(
          eq(oauthRequest.tokenHash, input.tokenHash),
          eq(oauthRequest.channelType, input.channelType),
          isNull(oauthRequest.usedAt),
          isNull(oauthRequest.formCode),
          gt(oauthRequest.expiresAt, now),
        ),
      )
      .returning({ tokenHash: oauthRequest.tokenHash });
    return rows.length === 1;
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

  /**
   * What a later sign-in says about the identity: a name or an e-mail it gives replaces the kept one, one it
   * does not give (Apple after the first authorization, Facebook without an e-mail) leaves the kept one.
   */
  async refreshIdentity(
    provider: string,
    subject: string,
    values: { name: string | null; email: string | null; emailRelay: boolean },
  ) {
    await this.db
      .update(memberIdentity)
      .set({
        name: sql`coalesce(${values.name}, ${memberIdentity.name})`,
        ...(values.email ? { email: values.email, emailRelay: values.emailRelay } : {}),
      })
      .where(and(eq(memberIdentity.provider, provider), eq(memberIdentity.subject, subject)));
  }

  async identity(provider: string, subject: string) {
    const [row] = await this.db
      .select()
      .from(memberIdentity)
      .where(and(eq(memberIdentity.provider, provider), eq(memberIdentity.subject, subject)));
    return row;
  }

  /** The member and its identity together, so a failure leaves neither behind. */
  async createMember(
    values: Pick<typeof member.$inferInsert, 'userId' | 'nickName' | 'loginType' | 'lang'>,
    identity: Pick<
      typeof memberIdentity.$inferInsert,
      'provider' | 'subject' | 'email' | 'emailRelay' | 'name'
    >,
  ): Promise<MemberRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(member).values(values).returning();
      if (!row) throw new Error('member insert returned no row');
      await tx.insert(memberIdentity).values({ ...identity, mid: row.mid });
      return row;
    });
  }
}
