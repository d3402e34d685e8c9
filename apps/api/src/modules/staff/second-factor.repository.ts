/**
 * The staff second factor's tables (staff.schema.ts "Second factor"): authenticator-app secrets, recovery codes,
 * passkeys and the pending half of a login (registration challenges: modules/webauthn). Every check that must not be passed twice
 * (a time step, a recovery code, a challenge, the pending login) is one conditional statement.
 */
import { and, count, eq, gt, inArray, isNotNull, isNull, like, lt, not, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import {
  staffAccount,
  staffLoginPending,
  staffPasskey,
  staffRecoveryCode,
  staffTotp,
} from '../../db/schema/staff.schema.ts';
import { TotpSecretBox } from './totp-secret.box.ts';

export type StaffTotpRow = typeof staffTotp.$inferSelect;
/** An account's authenticator app, its secrets opened. */
export type StaffTotp = StaffTotpRow & {
  /** The pending secret as stored: what `confirmSecret` checks no newer start has replaced. */
  pendingStored: string | null;
};
export type StaffPasskeyRow = typeof staffPasskey.$inferSelect;

/** A stored secret that is not sealed (written in clear before sealing existed). */
const inClear = (column: AnyPgColumn) => and(isNotNull(column), not(like(column, 'gcm1.%')));

export class SecondFactorRepository {
  constructor(
    private readonly db: Db,
    private readonly box: TotpSecretBox,
  ) {}

  async totpOf(staffId: number): Promise<StaffTotp | undefined> {
    const [row] = await this.db.select().from(staffTotp).where(eq(staffTotp.staffId, staffId));
    if (!row) return undefined;
    return {
      ...row,
      secret: row.secret === null ? null : this.box.open(staffId, row.secret),
      pendingSecret: row.pendingSecret === null ? null : this.box.open(staffId, row.pendingSecret),
      pendingStored: row.pendingSecret,
    };
  }

  /**
   * Seals every secret still stored in clear (each update conditional on the clear value, so processes starting
   * side by side seal each once); answers how many.
   */
  async sealClearSecrets(): Promise<number> {
    const rows = await this.db
      .select()
      .from(staffTotp)
      .where(or(inClear(staffTotp.secret), inClear(staffTotp.pendingSecret)));
    let sealed = 0;
    for (const row of rows) {
      for (const column of ['secret', 'pendingSecret'] as const) {
        const value = row[column];
        if (value === null || TotpSecretBox.isSealed(value)) continue;
        const done = await this.db
          .update(staffTotp)
          .set({ [column]: this.box.seal(row.staffId, value) })
          .where(and(eq(staffTotp.staffId, row.staffId), eq(staffTotp[column], value)))
          .returning({ staffId: staffTotp.staffId });
        sealed += done.length;
      }
    }
    return sealed;
  }

  /** Whether the box opens a sealed secret of the table (true when there is none): the key is the right one. */
  async keyOpensStoredSecrets(): Promise<boolean> {
    const [row] = await this.db
      .select({ staffId: staffTotp.staffId, secret: staffTotp.secret, pending: staffTotp.pendingSecret })
      .from(staffTotp)
      .where(or(like(staffTotp.secret, 'gcm1.%'), like(staffTotp.pendingSecret, 'gcm1.%')))
      .limit(1);
    if (!row) return true;
    const stored = row.secret && TotpSecretBox.isSealed(row.secret) ? row.secret : (row.pending ?? '');
    try {
      this.box.open(row.staffId, stored);
      return true;
    } catch {
      return false;
    }
  }

  async passkeysOf(staffId: number): Promise<StaffPasskeyRow[]> {
    return this.db
      .select()
      .from(staffPasskey)
      .where(eq(staffPasskey.staffId, staffId))
      .orderBy(staffPasskey.id);
  }

  /**
   * The account has a second factor (a confirmed authenticator app or a passkey). Asked of each table by the
   * account's number: in a single-table select, drizzle writes a field's columns without their table, so a
   * correlated subquery's outer `id` silently became the inner table's own.
   */
  async hasSecondFactor(staffId: number): Promise<boolean> {
    const [app] = await this.db
      .select({ staffId: staffTotp.staffId })
      .from(staffTotp)
      .where(and(eq(staffTotp.staffId, staffId), isNotNull(staffTotp.confirmedAt)));
    if (app) return true;
    const [passkey] = await this.db
      .select({ id: staffPasskey.id })
      .from(staffPasskey)
      .where(eq(staffPasskey.staffId, staffId))
      .limit(1);
    return passkey !== undefined;
  }

  /** A new secret waiting for its first code; a confirmed secret stays in use until then. */
  async setPendingSecret(staffId: number, secret: string): Promise<void> {
    const sealed = this.box.seal(staffId, secret);
    await this.db
      .insert(staffTotp)
      .values({ staffId, pendingSecret: sealed })
      .onConflictDoUpdate({ target: staffTotp.staffId, set: { pendingSecret: sealed } });
  }

  /**
   * Makes the pending secret the account's, if it is still the one read (`pendingStored`, as `totpOf` gave it:
   * a newer start replaces it).
   */
  async confirmSecret(staffId: number, pendingStored: string, step: number, at: Date): Promise<boolean> {
    const secret = TotpSecretBox.isSealed(pendingStored)
      ? pendingStored
      : this.box.seal(staffId, pendingStored);
    const rows = await this.db
      .update(staffTotp)
      .set({ secret, pendingSecret: null, confirmedAt: at, lastStep: step, lastUsedAt: at })
      .where(and(eq(staffTotp.staffId, staffId), eq(staffTotp.pendingSecret, pendingStored)))
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

  /**
   * Spends an unused code stored as any of `codeHashes` (the current format and the one before): true for exactly
   * one of any number of simultaneous uses.
   */
  async spendRecoveryCode(staffId: number, codeHashes: readonly string[], at: Date): Promise<boolean> {
    const rows = await this.db
      .update(staffRecoveryCode)
      .set({ usedAt: at })
      .where(
        and(
          eq(staffRecoveryCode.staffId, staffId),
          inArray(staffRecoveryCode.codeHash, [...codeHashes]),
          isNull(staffRecoveryCode.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCode.id });
    return rows.length > 0;
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
