/**
 * The staff back office (DESIGN section 6 "Staff console"): staff accounts with their privilege ids, their
 * sessions (separate from members'), and the append-only audit log of every staff write.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, passkeyColumns, updatedAt } from './columns.ts';

/**
 * A staff account (spec 3 "Staff account": account_id, account_name, account_pwd, privilege_ids). `id` is the
 * staff id other tables keep (ticket operators, audit actors). `accountId` is the login name, lower-case,
 * unique among accounts not deleted. Deleting only sets `deletedAt`, so every record that names an agent keeps
 * naming them.
 */
export const staffAccount = pgTable(
  'staff_account',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: text('account_id').notNull(),
    accountName: text('account_name').notNull(),
    /** argon2id. */
    passwordHash: text('password_hash').notNull(),
    /** Ids of `staffPrivileges` (@gp/contracts/staff). */
    privilegeIds: integer('privilege_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** `blocked`: account/limit; no login and no session until account/unseal. */
    status: text('status', { enum: ['active', 'blocked'] })
      .notNull()
      .default('active'),
    /** The password is a one-time password (seeded admin, a new account, a reset): change it before anything. */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    /**
     * Where notices about the account's security go (a second factor added, removed or reset): null sends none.
     * Not a login name and never shown to other staff but administrators.
     */
    email: text('email'),
    /** Who created it; null for the seeded admin. */
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // Not partial: an account_id stays taken after its account is deleted, so the audit log never confuses two.
    uniqueIndex('staff_account_account_id_idx').on(t.accountId),
  ],
);

/**
 * A staff login session. Only a hash of the session id is stored; `csrfToken` is the double-submit value the
 * console sends back as `ct`. A session ends at logout, after `expiresAt`, when idle too long (`lastSeenAt`), and
 * at once when its account is blocked, deleted or its password changes (revoked, and checked on every call).
 */
export const staffSession = pgTable(
  'staff_session',
  {
    idHash: text('id_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccount.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * When this session passed a second factor: the login's second step, or its own first enrolment. Null: a
     * password alone opened it (the account had no factor), and it stays limited to the `self` calls whatever
     * the account enrols later: privilege is a property of how a session was opened.
     */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    /**
     * The last step-up: the password and (when the account has one) a current second factor proven again in this
     * session. Factor changes need one of the last few minutes (`stepUpPolicy`).
     */
    reauthAt: timestamp('reauth_at', { withTimezone: true }),
  },
  (t) => [index('staff_session_staff_idx').on(t.staffId)],
);

/**
 * The audit log (DESIGN "every staff write goes to an audit log"): who, what, which record, before/after
 * where it matters, when, from which address. Append-only: the application has no update or delete path, and
 * a trigger (migration 0010) refuses UPDATE, DELETE and TRUNCATE in the database itself. Actors are plain ids
 * plus their account_id at the time, with no foreign key, so nothing ever cascades into this table.
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    /** Null when nobody was logged in (a failed login). */
    actorStaffId: integer('actor_staff_id'),
    actorAccountId: text('actor_account_id'),
    /** An `auditActions` entry of @gp/contracts/staff. */
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    /** The changed fields before and after, where it matters; never a password or its hash. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip'),
  },
  (t) => [
    index('staff_audit_log_created_idx').on(t.createdAt),
    index('staff_audit_log_actor_idx').on(t.actorStaffId, t.createdAt),
    index('staff_audit_log_action_idx').on(t.action, t.createdAt),
    index('staff_audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
  ],
);

// ---- Second factor ----

/**
 * A staff member's authenticator-app secret (TOTP, RFC 6238: SHA-1, 6 digits, 30 s). `confirmedAt` is null
 * until a first code confirms enrolment; only a confirmed secret is a second factor. `lastStep` is the last
 * time step whose code was accepted: a code of that step or an earlier one is refused, so a code seen over a
 * shoulder or in a log cannot be used again. One row per account; a new enrolment replaces it.
 */
export const staffTotp = pgTable('staff_totp', {
  staffId: integer('staff_id')
    .primaryKey()
    .references(() => staffAccount.id, { onDelete: 'cascade' }),
  /**
   * The base32 secret the authenticator app holds, sealed under STAFF_TOTP_KEY (the code needs the secret itself,
   * so it cannot be hashed: modules/staff/totp-secret.box.ts). Null until the first enrolment is confirmed.
   */
  secret: text('secret'),
  /** A secret shown for enrolment and not yet confirmed; it replaces `secret` only once a code of it is right. */
  pendingSecret: text('pending_secret'),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * One-time recovery codes: ten per set, a new set replacing the old. Stored as `h1.` + HMAC-SHA-256 of the code
 * under a subkey of STAFF_TOTP_KEY (recovery-code.hmac.ts): a code has ~50 random bits, which a GPU sweeps against
 * a plain hash, but a copy of the database without the key gives nothing to sweep. A keyed hash (not argon2) still
 * lets one statement find and spend a code (`usedAt`), so two simultaneous uses of one code cannot both pass.
 * Sets made before keyed hashes hold unprefixed SHA-256 hex: still accepted until the set is replaced.
 */
export const staffRecoveryCode = pgTable(
  'staff_recovery_code',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccount.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_recovery_code_idx').on(t.staffId, t.codeHash)],
);

/**
 * A passkey (WebAuthn credential) of a staff member: the credential id and COSE public key the authenticator
 * gave at registration, its signature counter, and when it was last used. Relying party: the console's host.
 */
export const staffPasskey = pgTable(
  'staff_passkey',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccount.id, { onDelete: 'cascade' }),
    ...passkeyColumns(),
  },
  (t) => [
    uniqueIndex('staff_passkey_credential_idx').on(t.credentialId),
    index('staff_passkey_staff_idx').on(t.staffId),
  ],
);

/**
 * The half of a login that has passed the password but not yet the second factor: a short-lived token (only its
 * hash stored, the HttpOnly `gp_staff_2fa` cookie holds it) that can do nothing but finish the login. `challenge`
 * is the WebAuthn challenge of a passkey try; it is taken (set to null) by the one answer that uses it.
 */
export const staffLoginPending = pgTable(
  'staff_login_pending',
  {
    idHash: text('id_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccount.id, { onDelete: 'cascade' }),
    challenge: text('challenge'),
    ip: text('ip'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_login_pending_staff_idx').on(t.staffId)],
);
