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

  async liveCaptcha(tokenHash: string, now: Date) {
    const [row] = await this.db
      .select()
      .from(captchaChallenge)
      .where(
        and(
          eq(captchaChallenge.tokenHash, tokenHash),
          isNull(captchaChallenge.ticketHash),
          gt(captchaChallenge.expiresAt, now),
        ),
      );
    return row;
  }

  async countCaptchaFailure(tokenHash: string) {
    await this.db
      .update(captchaChallenge)
      .set({ attempts: sql`${captchaChallenge.attempts} + 1` })
      .where(eq(captchaChallenge.tokenHash, tokenHash));
  }

  async solveCaptcha(tokenHash: string, ticketHash: string, ticketExpiresAt: Date) {
    await this.db
      .update(captchaChallenge)
      .set({ ticketHash, ticketExpiresAt })
      .where(eq(captchaChallenge.tokenHash, tokenHash));
  }

  /**
   * Solves a live captcha with the right answer and uses its ticket in one statement; false when there is no such
   * live captcha with tries left and this answer (the caller then takes the two-step path, which counts a wrong try).
   */
  async solveAndUseCaptcha(
    tokenHash: string,
    answerHash: string,
    ticketHash: string,
    ticketExpiresAt: Date,
    now: Date,
    maxAttempts: number,
  ): Promise<boolean> {
    const used = await this.db
      .update(captchaChallenge)
      .set({ ticketHash, ticketExpiresAt, usedAt: now })
      .where(
        and(
          eq(captchaChallenge.tokenHash, tokenHash),
          eq(captchaChallenge.answerHash, answerHash),
          isNull(captchaChallenge.ticketHash),
          gt(captchaChallenge.expiresAt, now),
          lt(captchaChallenge.attempts, maxAttempts),
        ),
      )
      .returning({ tokenHash: captchaChallenge.tokenHash });
    return used.length === 1;
  }

  /** Uses a solved captcha's ticket once; false when unknown, used or expired. */
  async useTicket(ticketHash: string, now: Date): Promise<boolean> {
    const used = await this.db
      .update(captchaChallenge)
      .set({ usedAt: now })
      .where(
        and(
          eq(captchaChallenge.ticketHash, ticketHash),
          isNull(captchaChallenge.usedAt),
          gt(captchaChallenge.ticketExpiresAt, now),
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
