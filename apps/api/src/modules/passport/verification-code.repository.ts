import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { verificationCode } from '../../db/schema/passport.schema.ts';

export type CodeChannel = 'sms' | 'email';

export class VerificationCodeRepository {
  constructor(private readonly db: Db) {}

  async lastSentAt(channel: CodeChannel, target: string): Promise<Date | undefined> {
    const [row] = await this.db
      .select({ at: verificationCode.createdAt })
      .from(verificationCode)
      .where(and(eq(verificationCode.channel, channel), eq(verificationCode.target, target)))
      .orderBy(desc(verificationCode.createdAt))
      .limit(1);
    return row?.at;
  }

  async countForTarget(channel: CodeChannel, target: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(verificationCode)
      .where(
        and(
          eq(verificationCode.channel, channel),
          eq(verificationCode.target, target),
          gte(verificationCode.createdAt, since),
        ),
      );
    return row?.n ?? 0;
  }

  async countForIp(ip: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(verificationCode)
      .where(and(eq(verificationCode.ip, ip), gte(verificationCode.createdAt, since)));
    return row?.n ?? 0;
  }

  async insert(values: typeof verificationCode.$inferInsert) {
    await this.db.insert(verificationCode).values(values);
  }

  /** The newest code not yet used for this target and purpose (older ones are superseded). */
  async newestUnused(channel: CodeChannel, target: string, purpose: string) {
    const [row] = await this.db
      .select()
      .from(verificationCode)
      .where(
        and(
          eq(verificationCode.channel, channel),
          eq(verificationCode.target, target),
          eq(verificationCode.purpose, purpose),
          isNull(verificationCode.consumedAt),
        ),
      )
      .orderBy(desc(verificationCode.createdAt), desc(verificationCode.id))
      .limit(1);
    return row;
  }

  async countWrongTry(id: number) {
    await this.db
      .update(verificationCode)
      .set({ attempts: sql`${verificationCode.attempts} + 1` })
      .where(eq(verificationCode.id, id));
  }

  /** Marks the code used; false when somebody else used it first. */
  async consume(id: number, now: Date): Promise<boolean> {
    const done = await this.db
      .update(verificationCode)
      .set({ consumedAt: now })
      .where(and(eq(verificationCode.id, id), isNull(verificationCode.consumedAt)))
      .returning({ id: verificationCode.id });
    return done.length === 1;
  }
}
