import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { captchaChallenge } from '../../db/schema/passport.schema.ts';

/** Graphic captchas and the tickets a solved one gives, shared by members', staff's and buyers' forms. */
export class CaptchaRepository {
  constructor(private readonly db: Db) {}

  async addCaptcha(tokenHash: string, answerHash: string, expiresAt: Date) {
    await this.db.insert(captchaChallenge).values({ tokenHash, answerHash, expiresAt });
  }

  /**
   * One answer to a live captcha with tries left, checked and counted in one statement (so simultaneous answers
   * get no more than `maxAttempts` tries between them): a wrong one counts a try; the right one turns the
   * captcha into a ticket, already used when `use` (a form that sends the answer with the protected call).
   * Answers 'solved', 'wrong', or 'dead' (unknown, expired, solved before, or out of tries).
   */
  async answerCaptcha(
    tokenHash: string,
    answerHash: string,
    ticket: { hash: string; expiresAt: Date; use: boolean; action: string },
    now: Date,
    maxAttempts: number,
  ): Promise<'solved' | 'wrong' | 'dead'> {
    const right = sql`${captchaChallenge.answerHash} = ${answerHash}`;
    const [row] = await this.db
      .update(captchaChallenge)
      .set({
        attempts: sql`${captchaChallenge.attempts} + case when ${right} then 0 else 1 end`,
        ticketHash: sql`case when ${right} then ${ticket.hash} else null end`,
        ticketExpiresAt: sql`case when ${right} then ${ticket.expiresAt.toISOString()}::timestamptz else null end`,
        ticketAction: sql`case when ${right} then ${ticket.action} else null end`,
        ...(ticket.use
          ? { usedAt: sql`case when ${right} then ${now.toISOString()}::timestamptz else null end` }
          : {}),
      })
      .where(
        and(
          eq(captchaChallenge.tokenHash, tokenHash),
          isNull(captchaChallenge.ticketHash),
          gt(captchaChallenge.expiresAt, now),
          lt(captchaChallenge.attempts, maxAttempts),
        ),
      )
      .returning({ solved: sql<boolean>`${captchaChallenge.ticketHash} is not null` });
    return !row ? 'dead' : row.solved ? 'solved' : 'wrong';
  }

  /**
   * Uses a solved captcha's ticket once; false when unknown, used, expired or solved for another `action`.
   * `liveAt`: the ticket must still be valid then (later than `now` asks for a recently solved captcha).
   */
  async useTicket(ticketHash: string, action: string, now: Date, liveAt: Date = now): Promise<boolean> {
    const used = await this.db
      .update(captchaChallenge)
      .set({ usedAt: now })
      .where(
        and(
          eq(captchaChallenge.ticketHash, ticketHash),
          eq(captchaChallenge.ticketAction, action),
          isNull(captchaChallenge.usedAt),
          gt(captchaChallenge.ticketExpiresAt, liveAt),
        ),
      )
      .returning({ tokenHash: captchaChallenge.tokenHash });
    return used.length === 1;
  }

  /** Housekeeping: a day after expiry a captcha is of no use to anyone. */
  async purgeExpired(now: Date) {
    await this.db
      .delete(captchaChallenge)
      .where(lt(captchaChallenge.expiresAt, new Date(now.getTime() - 86_400_000)));
  }
}
