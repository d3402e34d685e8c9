import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { member } from './member.schema.ts';

/**
 * A member's third-party account (DESIGN section 6): keyed on provider + subject. The provider's e-mail is kept
 * for support staff only; it never links an identity to another member.
 */
export const memberIdentity = pgTable(
  'member_identity',
  {
    /** The provider's key in the provider registry (`demo`, `google`, ...). */
    provider: text('provider').notNull(),
    /** The provider's stable id of the person: the OpenID `sub` (Apple too), Facebook's app-scoped user id. */
    subject: text('subject').notNull(),
    mid: integer('mid')
      .notNull()
      .references(() => member.mid, { onDelete: 'cascade' }),
    email: text('email'),
    /**
     * The e-mail is an Apple private-relay address (`...@privaterelay.appleid.com`): it reaches the player only
     * through Apple's relay, so it is support information and never a login name.
     */
    emailRelay: boolean('email_relay').notNull().default(false),
    /** The name the provider gave; Apple sends it on the first authorization only, so it is kept from then. */
    name: text('name'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('member_identity_mid_idx').on(t.mid)],
);

/**
 * One sign-in round trip to a provider in flight: `/web/game/request/token` stores it under the hash of the
 * `oauth_token` (the OAuth `state`), `/web/game/access/token` uses it once with the provider's answer.
 */
export const oauthRequest = pgTable('oauth_request', {
  tokenHash: text('token_hash').primaryKey(),
  channelType: integer('channel_type').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  /**
   * Apple answers with a form POST (`response_mode=form_post`) to the API, not to the page: the code and the
   * `user` field (name, first authorization only) wait here for `/web/game/access/token` from the page.
   */
  formCode: text('form_code'),
  formUser: text('form_user'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * The `access_key` a finished round trip yields: proof that the provider signed this subject in, exchanged once
 * and within minutes for a session by `/web/game/login/sns`.
 */
export const oauthGrant = pgTable('oauth_grant', {
  keyHash: text('key_hash').primaryKey(),
  channelType: integer('channel_type').notNull(),
  provider: text('provider').notNull(),
  subject: text('subject').notNull(),
  name: text('name'),
  email: text('email'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});
