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
import { createdAt, updatedAt } from './columns.ts';

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
  },
  (t) => [index('staff_session_staff_idx').on(t.staffId)],
);

/**
 * The audit log (issue 8, DESIGN "every staff write goes to an audit log"): who, what, which record,
 * before/after where it matters, when, from which address. Append-only: the application has no update or delete
 * path, and a trigger (migration 0010) refuses UPDATE, DELETE and TRUNCATE in the database itself. Actors are
 * plain ids plus their account_id at the time, with no foreign key, so nothing ever cascades into this table.
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
