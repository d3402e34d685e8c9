/**
 * The staff second factor's tables (staff.schema.ts "Second factor"): authenticator-app secrets, recovery codes,
 * passkeys and the pending half of a login (registration challenges: modules/webauthn). Every check that must not be passed twice
 * (a time step, a recovery code, a challenge, the pending login) is one conditional statement.
 */
import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  staffAccount,
  staffLoginPending,
  staffPasskey,
  staffRecoveryCode,
  staffTotp,
} from '../../db/schema/staff.schema.ts';

export type StaffTotpRow = typeof staffTotp.$inferSelect;
export type StaffPasskeyRow = typeof staffPasskey.$inferSelect;

/** SQL: the account `id` has a second factor (a confirmed authenticator app or a passkey). */
export function hasSecondFactorSql(id: typeof staffAccount.id) {
  return sql<boolean>`(exists (select 1 from ${staffTotp} where ${staffTotp.staffId} = ${id} and ${staffTotp.confirmedAt} is not null) or exists (select 1 from ${staffPasskey} where ${staffPasskey.staffId} = ${id}))`;
}

export class SecondFactorRepository {
  constructor(private readonly db: Db) {}

  async totpOf(staffId: number): Promise<StaffTotpRow | undefined> {
    const [row] = await this.db.select().from(staffTotp).where(eq(staffTotp.staffId, staffId));
    return row;
  }

  async passkeysOf(staffId: number): Promise<StaffPasskeyRow[]> {
    return this.db
      .select()
      .from(staffPasskey)
      .where(eq(staffPasskey.staffId, staffId))
      .orderBy(staffPasskey.id);
  }

  async hasSecondFactor(staffId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ has: hasSecondFactorSql(staffAccount.id) })
      .from(staffAccount)
      .where(eq(staffAccount.id, staffId));
    return !!row?.has;
  }

  /** A new secret waiting for its first code; a confirmed secret stays in use until then. */
  async setPendingSecret(staffId: number, secret: string): Promise<void> {
    await this.db
      .insert(staffTotp)
      .values({ staffId, pendingSecret: secret })
      .onConflictDoUpdate({ target: staffTotp.staffId, set: { pendingSecret: secret } });
  }

  /** Makes the pending secret the account's, if it is still `secret` (a newer start replaces it). */
  async confirmSecret(staffId: number, secret: string, step: number, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(staffTotp)
      .set({ secret, pendingSecret: null, confirmedAt: at, lastStep: step, lastUsedAt: at })
      .where(and(eq(staffTotp.staffId, staffId), eq(staffTotp.pendingSecret, secret)))
      .returning({ staffId: staffTotp.staffId });
    return rows.length === 1;
  }

  /** Takes time step `step` for the account: false when it (or a later one) was already used. */
  async claimStep(staffId: number, step: number, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(staffTotp)
      .set({ lastStep: step, lastUsedAt: at })
      .where(
        and(
          eq(staffTotp.staffId, staffId),
          isNotNull(staffTotp.confirmedAt),
          or(isNull(staffTotp.lastStep), lt(staffTotp.lastStep, step)),
        ),
      )
      .returning({ staffId: staffTotp.staffId });
    return rows.length === 1;
  }

  // ---- Recovery codes ----

  async recoveryCodeCount(staffId: number) {
    const [row] = await this.db
      .select({
        all: count(),
        left: sql<number>`count(*) filter (where ${staffRecoveryCode.usedAt} is null)`.mapWith(Number),
        createdAt: sql<Date | null>`max(${staffRecoveryCode.createdAt})`.mapWith((v) =>
          v === null ? null : new Date(v as string),
        ),
      })
      .from(staffRecoveryCode)
      .where(eq(staffRecoveryCode.staffId, staffId));
    return { all: row?.all ?? 0, left: row?.left ?? 0, createdAt: row?.createdAt ?? null };
  }

  /** Replaces the account's recovery codes with these hashes. */
  async replaceRecoveryCodes(staffId: number, hashes: readonly string[], at: Date): Promise<void> {
    await this.db.delete(staffRecoveryCode).where(eq(staffRecoveryCode.staffId, staffId));
    await this.db
      .insert(staffRecoveryCode)
      .values(hashes.map((codeHash) => ({ staffId, codeHash, createdAt: at })));
  }

  /** Spends an unused code: true for exactly one of any number of simultaneous uses. */
  async spendRecoveryCode(staffId: number, codeHash: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(staffRecoveryCode)
      .set({ usedAt: at })
      .where(
        and(
          eq(staffRecoveryCode.staffId, staffId),
          eq(staffRecoveryCode.codeHash, codeHash),
          isNull(staffRecoveryCode.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCode.id });
    return rows.length === 1;
  }

  // ---- Passkeys ----

  async addPasskey(values: typeof staffPasskey.$inferInsert): Promise<StaffPasskeyRow> {
    const [row] = await this.db.insert(staffPasskey).values(values).returning();
    return row!;
  }

  async passkeyByCredential(staffId: number, credentialId: string): Promise<StaffPasskeyRow | undefined> {
    const [row] = await this.db
      .select()
      .from(staffPasskey)
      .where(and(eq(staffPasskey.staffId, staffId), eq(staffPasskey.credentialId, credentialId)));
    return row;
  }

  async credentialTaken(credentialId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: staffPasskey.id })
      .from(staffPasskey)
      .where(eq(staffPasskey.credentialId, credentialId));
    return !!row;
  }

  async passkeyUsed(id: number, counter: number, at: Date): Promise<void> {
    await this.db.update(staffPasskey).set({ counter, lastUsedAt: at }).where(eq(staffPasskey.id, id));
  }

  async removePasskey(staffId: number, id: number): Promise<StaffPasskeyRow | undefined> {
    const [row] = await this.db
      .delete(staffPasskey)
      .where(and(eq(staffPasskey.staffId, staffId), eq(staffPasskey.id, id)))
      .returning();
    return row;
  }

  // ---- The pending half of a login ----

  async createPending(values: {
    idHash: string;
    staffId: number;
    ip: string;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.insert(staffLoginPending).values(values);
  }

  /** The live pending login with this id hash, with its account (not blocked, not deleted). */
  async findPending(idHash: string, now: Date) {
    const [row] = await this.db
      .select({
        staffId: staffLoginPending.staffId,
        accountId: staffAccount.accountId,
      })
      .from(staffLoginPending)
      .innerJoin(staffAccount, eq(staffAccount.id, staffLoginPending.staffId))
      .where(
        and(
          eq(staffLoginPending.idHash, idHash),
          isNull(staffLoginPending.usedAt),
          gt(staffLoginPending.expiresAt, now),
          eq(staffAccount.status, 'active'),
          isNull(staffAccount.deletedAt),
        ),
      );
    return row;
  }

  async setPendingChallenge(idHash: string, challenge: string): Promise<void> {
    await this.db.update(staffLoginPending).set({ challenge }).where(eq(staffLoginPending.idHash, idHash));
  }

  /** Takes the pending login's passkey challenge if it is `challenge`: true once. */
  async takePendingChallenge(idHash: string, challenge: string): Promise<boolean> {
    const rows = await this.db
      .update(staffLoginPending)
      .set({ challenge: null })
      .where(and(eq(staffLoginPending.idHash, idHash), eq(staffLoginPending.challenge, challenge)))
      .returning({ idHash: staffLoginPending.idHash });
    return rows.length === 1;
  }

  /** Ends the pending login: true for the one request that finishes it. */
  async usePending(idHash: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(staffLoginPending)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffLoginPending.idHash, idHash),
          isNull(staffLoginPending.usedAt),
          gt(staffLoginPending.expiresAt, now),
        ),
      )
      .returning({ idHash: staffLoginPending.idHash });
    return rows.length === 1;
  }

  /** Removes every second factor of the account, and its pending logins (an administrator's reset). */
  async removeAllOf(staffId: number): Promise<{ totp: boolean; passkeys: number }> {
    const totp = await this.db
      .delete(staffTotp)
      .where(eq(staffTotp.staffId, staffId))
      .returning({ confirmedAt: staffTotp.confirmedAt });
    const passkeys = await this.db
      .delete(staffPasskey)
      .where(eq(staffPasskey.staffId, staffId))
      .returning({ id: staffPasskey.id });
    await this.db.delete(staffRecoveryCode).where(eq(staffRecoveryCode.staffId, staffId));
    await this.db.delete(staffLoginPending).where(eq(staffLoginPending.staffId, staffId));
    return { totp: totp.some((r) => r.confirmedAt !== null), passkeys: passkeys.length };
  }
}
