import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { appSecret, captchaChallenge, rsaNonce } from '../../db/schema/passport.schema.ts';

/** Captchas, RSA nonces and generated secrets: the short-lived security state of the passport. */
export class SecurityRepository {
  constructor(private readonly db: Db) {}

  async secret(name: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ value: appSecret.value })
      .from(appSecret)
      .where(eq(appSecret.name, name));
    return row?.value;
  }

  /** Stores the value unless another process stored one first; answers the value that won. */
  async putSecretOnce(name: string, value: string): Promise<string> {
    await this.db.insert(appSecret).values({ name, value }).onConflictDoNothing();
    return (await this.secret(name)) ?? value;
  }

  async addNonce(nonce: string, expiresAt: Date) {
    await this.db.insert(rsaNonce).values({ nonce, expiresAt });
  }

  /** Marks a live nonce used; false when it is unknown, used or expired. */
  async useNonce(nonce: string, now: Date): Promise<boolean> {
    const used = await this.db
      .update(rsaNonce)
      .set({ usedAt: now })
      .where(and(eq(rsaNonce.nonce, nonce), isNull(rsaNonce.usedAt), gt(rsaNonce.expiresAt, now)))
      .returning({ nonce: rsaNonce.nonce });
    return used.length === 1;
  }

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

  /** Housekeeping: expired captchas and nonces are of no use to anyone. */
  async purgeExpired(now: Date) {
    await this.db
      .delete(captchaChallenge)
      .where(lt(captchaChallenge.expiresAt, new Date(now.getTime() - 86_400_000)));
    await this.db.delete(rsaNonce).where(lt(rsaNonce.expiresAt, now));
  }
}
