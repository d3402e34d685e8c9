/**
 * Passkeys (WebAuthn): the challenges every ceremony hands out (staff and members alike), and the members'
 * passkeys (the staff's own are in staff.schema.ts, beside their other second factors).
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, passkeyColumns } from './columns.ts';
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
 * changes (columns: `passkeyColumns`). Relying party: the passport host.
 */
export const memberPasskey = pgTable(
  'member_passkey',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    mid: integer('mid')
      .notNull()
      .references(() => member.mid, { onDelete: 'cascade' }),
    ...passkeyColumns(),
  },
  (t) => [
    uniqueIndex('member_passkey_credential_idx').on(t.credentialId),
    index('member_passkey_mid_idx').on(t.mid),
  ],
);
