/**
 * Each game's connection to its studio's game server (the game-server protocol, modules/pay/game-server) as staff
 * set it in the console, and the last result of its health check and server sync.
 *
 * Secrets are sealed at rest as the staff's authenticator secrets are (AES-256-GCM under STAFF_TOTP_KEY, bound to
 * the game: a sealed secret copied onto another game's row does not open there) and never leave the API after
 * they are saved. `next_*` is the second key of a rotation: the API signs with the primary key and believes the
 * game server's answers under either.
 */
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, updatedAt } from './columns.ts';
import { game } from './game.schema.ts';

export const payGameServer = pgTable(
  'pay_game_server',
  {
    gameBaseId: integer('game_base_id')
      .primaryKey()
      .references(() => game.gameBaseId, { onDelete: 'cascade' }),
    baseUrl: text('base_url').notNull(),
    keyId: text('key_id').notNull(),
    /** `gcm1.<iv>.<ciphertext and tag>`. */
    secretSealed: text('secret_sealed').notNull(),
    secretSavedAt: timestamp('secret_saved_at', { withTimezone: true }).notNull(),
    nextKeyId: text('next_key_id'),
    nextSecretSealed: text('next_secret_sealed'),
    nextSecretSavedAt: timestamp('next_secret_saved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'pay_game_server_next_key',
      sql`(${t.nextKeyId} is null) = (${t.nextSecretSealed} is null) and (${t.nextKeyId} is null or ${t.nextKeyId} <> ${t.keyId})`,
    ),
  ],
);

/**
 * The last health check (the protocol's read-only conformance checks) and the last server sync of a game's game
 * server, whoever ran them (staff or the daily job). A game whose last check or sync failed, or whose servers were
 * all reported under maintenance, is not offered to players (catalog.repository.ts `openGames` / `openGame`).
 */
export const payGameServerHealth = pgTable('pay_game_server_health', {
  gameBaseId: integer('game_base_id')
    .primaryKey()
    .references(() => game.gameBaseId, { onDelete: 'cascade' }),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  checkOk: boolean('check_ok'),
  /** The first failing check's code (game-server-check.ts `readOnlyCheckCodes`). */
  checkFailed: text('check_failed'),
  syncedAt: timestamp('synced_at', { withTimezone: true }),
  syncOk: boolean('sync_ok'),
  /** Why the last sync failed: a check code (`signature_request`, `server_list`...). */
  syncFailed: text('sync_failed'),
  serversListed: integer('servers_listed'),
  serversMaintenance: integer('servers_maintenance'),
  updatedAt: updatedAt(),
});
