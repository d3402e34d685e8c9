import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/** A player's account (spec 3 "User info"). The passport capability adds credentials and contact details. */
export const member = pgTable('member', {
  mid: integer('mid').primaryKey().generatedByDefaultAsIdentity(),
  /** The account name shown to the player: a phone number, an e-mail, or a provider's id for social logins. */
  userId: text('user_id').notNull().unique(),
  nickName: text('nick_name').notNull(),
  /** 0 = account (phone or e-mail); otherwise the third-party channel (spec 3 loginType / channel_type). */
  loginType: integer('login_type').notNull().default(0),
  /** argon2id; null for third-party members, who have no password. */
  passwordHash: text('password_hash'),
  /** E.164 without the plus (country code + number), unique when bound. */
  phone: text('phone').unique(),
  /** Lower-cased, unique when bound. */
  email: text('email').unique(),
  /** The member's language, for e-mails and SMS. */
  lang: text('lang').notNull().default('en'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A login session. Only a hash of the session id is stored, so a database leak gives no usable cookie; the CSRF
 * token is the double-submit value the browser sends back as `ct` (DESIGN section 6).
 */
export const memberSession = pgTable(
  'member_session',
  {
    idHash: text('id_hash').primaryKey(),
    mid: integer('mid')
      .notNull()
      .references(() => member.mid, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** What the account page's session list shows: the browser's user agent, as sent. */
    userAgent: text('user_agent'),
    /** The client address that opened the session; shown masked. */
    ip: text('ip'),
    /** Updated at most every few minutes by member calls (`touchEveryMs` in member-auth.ts), not on every call. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /**
     * "Keep me logged in": the session ends after 30 days of no use instead of one (`sessionLimits` in
     * member-auth.ts). Every login writes it; the default true only covers the sessions opened before the column
     * existed, whose absolute expiry (30 days at most) always comes before a 30-day idle limit, so none changes.
     */
    persistent: boolean('persistent').notNull().default(true),
    /**
     * When this session last proved the member again (password, e-mail code or passkey): a data export needs
     * it within the last few minutes (privacy module). Null: never.
     */
    reauthAt: timestamp('reauth_at', { withTimezone: true }),
  },
  (t) => [index('member_session_mid_idx').on(t.mid), index('member_session_expires_idx').on(t.expiresAt)],
);

/**
 * The browsers a member has logged in from: a long-lived random device cookie on the passport host, stored
 * hashed. A login from a browser not in this list e-mails the member a notice.
 */
export const memberDevice = pgTable(
  'member_device',
  {
    mid: integer('mid')
      .notNull()
      .references(() => member.mid, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.mid, t.deviceHash] })],
);
