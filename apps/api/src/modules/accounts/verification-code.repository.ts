import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { columnsEqual } from '../../db/columns.ts';
import type { Db } from '../../db/database.ts';
import { verificationCode } from '../../db/schema/passport.schema.ts';

export type CodeChannel = 'sms' | 'email';

export class VerificationCodeRepository {
  constructor(private readonly db: Db) {}

  async insert(values: typeof verificationCode.$inferInsert) {
    await this.db.insert(verificationCode).values(values);
  }

  /**
   * One try of `codeHash` against the newest unused code for the target and purpose, checked and counted in one
   * statement (so simultaneous guesses get no more than `maxTries` wrong tries between them): a wrong one counts
   * a try; the right one is used when `consume`. 'right', 'wrong', or 'dead' (no such code, expired, used, or out
   * of tries).
   */
  async tryCode(
    code: { channel: CodeChannel; target: string; purpose: string; hash: string },
    options: { now: Date; maxTries: number; consume: boolean },
  ): Promise<'right' | 'wrong' | 'dead'> {
    const sameCode = { channel: code.channel, target: code.target, purpose: code.purpose };
    const newest = this.db
      .select({ id: verificationCode.id })
      .from(verificationCode)
      .where(and(columnsEqual(verificationCode, sameCode), isNull(verificationCode.consumedAt)))
      .orderBy(desc(verificationCode.createdAt), desc(verificationCode.id))
      .limit(1);
    const right = sql`${verificationCode.codeHash} = ${code.hash}`;
    const at = sql`${options.now.toISOString()}::timestamptz`;
    const [row] = await this.db
      .update(verificationCode)
      .set({
        attempts: sql`${verificationCode.attempts} + case when ${right} then 0 else 1 end`,
        ...(options.consume ? { consumedAt: sql`case when ${right} then ${at} else null end` } : {}),
      })
      .where(
        and(
          eq(verificationCode.id, sql`(${newest})`),
          isNull(verificationCode.consumedAt),
          gt(verificationCode.expiresAt, options.now),
          lt(verificationCode.attempts, options.maxTries),
        ),
      )
      .returning({ right: sql<boolean>`${right}` });
    return !row ? 'dead' : row.right ? 'right' : 'wrong';
  }
}
