/**
 * WebAuthn challenges (webauthn.schema.ts): kept for one purpose and subject until they expire, and taken by the
 * one answer that names them, in one statement, so two answers to the same options never both pass.
 */
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { webauthnChallenge } from '../../db/schema/webauthn.schema.ts';

export class ChallengeRepository {
  constructor(private readonly db: Db) {}

  /** Keeps `challenge` until `expiresAt`, and deletes the ones that have expired (nothing else prunes them). */
  async save(purpose: string, subject: string | null, challenge: string, now: Date, expiresAt: Date) {
    await this.db.delete(webauthnChallenge).where(lt(webauthnChallenge.expiresAt, now));
    await this.db.insert(webauthnChallenge).values({ challenge, purpose, subject, expiresAt });
  }

  /** Takes a live challenge of this purpose and subject: true once, then it is gone. */
  async take(purpose: string, subject: string | null, challenge: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .delete(webauthnChallenge)
      .where(
        and(
          eq(webauthnChallenge.challenge, challenge),
          eq(webauthnChallenge.purpose, purpose),
          subject === null ? isNull(webauthnChallenge.subject) : eq(webauthnChallenge.subject, subject),
          gt(webauthnChallenge.expiresAt, now),
        ),
      )
      .returning({ challenge: webauthnChallenge.challenge });
    return rows.length === 1;
  }

  /** Forgets every challenge of a subject (its factors were reset, its account erased). */
  async removeOf(purpose: string, subject: string): Promise<void> {
    await this.db
      .delete(webauthnChallenge)
      .where(and(eq(webauthnChallenge.purpose, purpose), eq(webauthnChallenge.subject, subject)));
  }
}
