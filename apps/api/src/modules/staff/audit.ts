/**
 * The audit log of staff writes. Every staff write records itself with one line, inside the transaction of
 * the write, so the row exists exactly when the change does:
 *
 *   await inTransaction(db, async (tx) => {
 *     ...the change, through repositories built on tx...
 *     await audit.record(tx, { actor: staff, action: 'ticket.reply', target: { type: 'work_order', id }, after });
 *   });
 *
 * `actor` is the `AuthenticatedStaff` of the call (`staffOf(ctx)`), which also gives the client address.
 * `before` / `after` hold the fields that changed where it matters; text under keys that look like a password or
 * a hash is dropped whatever the caller passes, so no secret reaches the log by mistake.
 */
import type { AuditAction } from '@gp/contracts/staff';
import type { Db } from '../../db/database.ts';
import { AuditRepository } from './audit.repository.ts';

export interface AuditActor {
  staffId: number;
  accountId: string;
  /** The client address of the request; `ip` of the entry wins when both are given. */
  ip?: string;
}

export interface AuditEntry {
  /** Who did it; null when nobody was logged in (a failed login). */
  actor: AuditActor | null;
  action: AuditAction;
  /** What it was about: e.g. `{ type: 'staff_account', id: 'agent.one' }`, `{ type: 'work_order', id: 42 }`. */
  target?: { type: string; id: string | number } | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  ip?: string | null;
}

const secretKey = /pass|pwd|hash|secret|token/i;

/**
 * A copy without text that could be a secret, at any depth: strings under a key that names a password, hash,
 * secret or token, and anything that looks like an argon2 hash. Flags (`must_change_password: true`) stay.
 */
export function withoutSecrets(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'string' && (secretKey.test(key) || v.startsWith('$argon2'))) continue;
    out[key] =
      v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)
        ? withoutSecrets(v as Record<string, unknown>)
        : v;
  }
  return out;
}

export const audit = {
  /** Appends one row with the database `tx` of the write it describes. */
  async record(tx: Db, entry: AuditEntry): Promise<void> {
    await new AuditRepository(tx).append({
      actorStaffId: entry.actor?.staffId ?? null,
      actorAccountId: entry.actor?.accountId ?? null,
      action: entry.action,
      targetType: entry.target?.type ?? null,
      targetId: entry.target ? String(entry.target.id) : null,
      before: entry.before ? withoutSecrets(entry.before) : null,
      after: entry.after ? withoutSecrets(entry.after) : null,
      ip: entry.ip ?? entry.actor?.ip ?? null,
    });
  },
};
