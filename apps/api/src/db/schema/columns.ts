/** Column types the ORM lacks and the columns every table repeats. */
import { bigint, customType, text, timestamp } from 'drizzle-orm/pg-core';

/** Binary content. PGlite answers Uint8Array, node-postgres Buffer (a Uint8Array too). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** A text's searchable form (full-text search's type; here the character triples of db/text-search.ts). */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A passkey's columns (WebAuthn credential), the staff's and the members' alike: the credential id and COSE
 * public key the authenticator gave at registration, its signature counter (32 bits unsigned; 0 for the many
 * that keep none), its transports (hints for the browser), a name its owner gave it, and when it was last used.
 */
export const passkeyColumns = () => ({
  /** base64url, as WebAuthn names it. */
  credentialId: text('credential_id').notNull(),
  publicKey: bytea('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: text('transports').array(),
  /** A name the owner gave it ("Office laptop"). */
  name: text('name').notNull(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  createdAt: createdAt(),
});
