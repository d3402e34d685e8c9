import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** A graphic captcha shown once (spec 5: required at login). Only a hash of the answer is kept. */
export const captchaChallenge = pgTable(
  'captcha_challenge',
  {
    tokenHash: text('token_hash').primaryKey(),
    answerHash: text('answer_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when solved; the solution becomes a one-time ticket for the call that needs a captcha. */
    ticketHash: text('ticket_hash').unique(),
    ticketExpiresAt: timestamp('ticket_expires_at', { withTimezone: true }),
    /** What the ticket was solved for (`captchaAction`): only the calls of that action take it. */
    ticketAction: text('ticket_action'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // The retention job finds expired rows by it (modules/retention).
  (t) => [index('captcha_challenge_expires_idx').on(t.expiresAt)],
);

/** One-time nonces that travel inside RSA-encrypted passwords, so a captured ciphertext cannot be replayed. */
export const rsaNonce = pgTable(
  'rsa_nonce',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('rsa_nonce_expires_idx').on(t.expiresAt)],
);

/** Process-independent secrets the server generates once (the RSA key pair), unless the environment gives them. */
export const appSecret = pgTable('app_secret', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * SMS and e-mail codes (DESIGN section 6): 6 digits, stored hashed, single use, 10 minutes, 5 wrong tries.
 * `target` is the normalized phone (E.164 digits) or e-mail; `purpose` separates registration, reset, binding.
 */
export const verificationCode = pgTable(
  'verification_code',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    target: text('target').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_code_target_idx').on(t.channel, t.target, t.createdAt),
    index('verification_code_ip_idx').on(t.ip, t.createdAt),
    index('verification_code_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Every SMS and e-mail leaves through this table (DESIGN section 6): written in the same transaction as what
 * caused it, then handed to the transport. The `outbox` transport keeps them here (pending) for the dev mailbox
 * and tests; the others are sent by the dispatcher (modules/messaging/message-dispatcher.ts).
 */
export const outboxMessage = pgTable(
  'outbox_message',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    recipient: text('recipient').notNull(),
    lang: text('lang').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * The dispatcher leaves a pending message alone until then: set on claim (a lease, so a crashed sender's
     * message is retried) and after a failed try (backoff). Null: due now.
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Why the last try failed (transport error, never the message body). */
    lastError: text('last_error'),
    /**
     * A message that carries a secret (a code, a reset link) also keeps its body with the secret blanked out, and
     * when the secret stops working. Once the message is sent by a real transport, or the secret has expired,
     * `body` becomes `scrubbedBody` and both are cleared (modules/messaging, modules/retention), so no sent or
     * stale message keeps a code or link in clear.
     */
    scrubbedBody: text('scrubbed_body'),
    secretExpiresAt: timestamp('secret_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_message_recipient_idx').on(t.recipient, t.createdAt),
    index('outbox_message_status_idx').on(t.status, t.createdAt),
    index('outbox_message_secret_idx')
      .on(t.secretExpiresAt)
      .where(sql`${t.scrubbedBody} is not null`),
    index('outbox_message_created_idx').on(t.createdAt),
  ],
);

/**
 * Keyed counters in fixed windows (lockout.repository.ts): failed logins per account or unknown name
 * (`account:<id>`, `name:<hash>`; enough within the window lock the key for 30 minutes, spec 9, codes
 * 500004 / -647) and per client address (`ip:<address>`, which only slows logins down), and the slots of the
 * registration and code-sending limits (`reg-ip:`, `code-soon:`, `code-day:`, `code-ip:`, `reset-link-*:`).
 */
export const authLockout = pgTable('auth_lockout', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Password reset by e-mail link (spec 4): sent, then confirmed when the member opens the link, then used once to
 * set the new password. Only a hash of the ticket in the link is stored. A send for an address without an
 * account stores a ticket too (`mid` null, which nothing accepts), so both kinds of send write the same rows.
 * A new send voids the address's older live tickets and a finished reset voids them all (`used_at`), hence the
 * indexes on the address and the member.
 */
export const emailTicket = pgTable(
  'email_ticket',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    mid: integer('mid'),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('email_ticket_email_idx').on(t.email), index('email_ticket_mid_idx').on(t.mid)],
);
