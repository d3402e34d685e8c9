/**
 * Passkeys (WebAuthn): the challenges every ceremony hands out (staff and members alike), and the members'
 * passkeys (issue 19 item 2; the staff's own are in staff.schema.ts, beside their other second factors).
 */
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.ts';
import { member } from './member.schema.ts';

/**
 * A challenge the server sent with WebAuthn options, for one purpose (`staff.register`, `member.register`,
 * `member.login`, `member.proof`) and, where the ceremony has one, one subject (the staff id or the member's mid;
 * null for a member's login, where nobody is known yet). Single use: the answer that names it deletes it, in one
 * statement, while it lives (5 minutes); expired rows are deleted as new ones are made.
 */
export const webauthnChallenge = pgTable(
  'webauthn_challenge',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose').notNull(),
    subject: text('subject'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webauthn_challenge_expires_idx').on(t.expiresAt)],
);

/**
 * A member's passkey: an optional way to log in on the passport host, and a proof of the owner for contact
 * changes. The credential id and COSE public key the authenticator gave at registration, its signature counter,
 * its transports (hints for the browser), a name the member gave it. Relying party: the passport host.
 */
export const memberPasskey = pgTable(
  'member_passkey',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    mid: integer('mid')
      .notNull()
      .references(() => member.mid, { onDelete: 'cascade' }),
    /** base64url, as WebAuthn names it. */
    credentialId: text('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    /** The authenticator's signature counter (32 bits unsigned); 0 for the many that keep none. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array(),
    name: text('name').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('member_passkey_credential_idx').on(t.credentialId),
    index('member_passkey_mid_idx').on(t.mid),
  ],
);
