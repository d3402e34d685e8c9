import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { appSecret, rsaNonce } from '../../db/schema/passport.schema.ts';

/** RSA nonces and generated secrets: the short-lived security state of the accounts (captchas: modules/sessions). */
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

  /** Housekeeping: expired nonces are of no use to anyone. */
  async purgeExpired(now: Date) {
    await this.db.delete(rsaNonce).where(lt(rsaNonce.expiresAt, now));
  }
}
