/**
 * Game-server connections for staff (the console's "Game servers" screen), under `/komoe/mng/pay/game_server/...`
 * in the `csmng` group, behind the `catalog` privilege like the rest of the top-up catalog. Every write is
 * audited (`pay.game_server.save`, `.rotate`, `.check`, `.sync`).
 *
 * A game's connection is the base URL of its studio's implementation of the game-server protocol, the key id and
 * secret we sign with and, during a key rotation, a second key whose signatures on the game server's answers are
 * believed too. Secrets are sealed at rest and never answered by any call after they are saved: the console only
 * learns that one is set and when it was saved. A saved connection is used by every API process from the next
 * call on, without a restart. `GAME_SERVERS` (an operator's setting) still overrides the console's connection for
 * the games it names; without either, development serves the game from the built-in game server.
 *
 * "Test connection" runs the protocol's read-only conformance checks from the API (nothing is credited), against
 * the saved connection or, with `base_url` given, against the values about to be saved (a secret left out is the
 * saved one). Each check answers a code, a status and, when it fails, a reason code with parameters: the console
 * words them in its language. A test of the saved connection and every server sync are recorded as the game's
 * health: a game whose last check or sync failed, or whose servers are all under maintenance, is not offered to
 * players (hidden from the top-up game list; an order answers err3, or err4 for maintenance).
 *
 * Codes (staff domain): -101, -110, -401 (no `catalog`), -404 no such game in the top-up catalog (`pay_game`);
 * -400 with field issues: `base_url` `https_required` (an http URL where http is not allowed: production),
 * `base_url` `host_not_allowed` (a host off GAME_SERVER_HOSTS, or in production an address outside the internet),
 * `secret` `required` (a new connection, or a new key id, without its secret), `next_secret` `required`,
 * `next_key_id` `same_as_key`, `game_base_id` `no_connection` (test / sync / rotate with nothing to use),
 * `game_base_id` `no_second_key` (rotate without a second key).
 */
import { z } from 'zod';
import { flag } from './define.ts';
import { defineStaffCall } from './staff.contracts.ts';

const positiveId = z.coerce.number().int().positive().max(2_147_483_647);
/** The protocol's key ids: letters, digits, `.`, `_`, `-`. */
export const gameServerKeyIdRule = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,64}$/);
/** A shared secret: 32+ characters, as GAME_SERVER_KEYS requires. */
export const gameServerSecretRule = z.string().min(32).max(512);
/** http(s) only; whether http is allowed here is the server's rule (production: https only). */
export const gameServerUrlRule = z
  .string()
  .trim()
  .max(500)
  .pipe(z.url({ protocol: /^https?$/ }));

/** The read-only checks, in the order they run. */
export const gameServerCheckCodes = [
  'connect',
  'signature_request',
  'signature_answer',
  'clock',
  'server_list',
  'characters',
  'recharge_check',
  'error_unknown_server',
  'error_unknown_character',
  'error_unknown_delivery',
  'rejects_wrong_secret',
  'rejects_stale_timestamp',
  'rejects_unknown_key',
] as const;
export type GameServerCheckCode = (typeof gameServerCheckCodes)[number];

/**
 * Why a check failed (or was skipped). Parameters: `unreachable` {cause}; `not_allowed` {host}; `http_status` {status, error?};
 * `refused_signature` {error}; `clock_skew` {seconds}; `no_character` {mid}; `character_not_found` {role_id,
 * mid}; `cannot_recharge` {role_id}; `wrong_error` {expected, status, error?}; `accepted` {status};
 * `needs_earlier` {check}; `bad_shape` {field}.
 */
export const gameServerCheckReasons = [
  'unreachable',
  'not_allowed',
  'timeout',
  'http_status',
  'refused_signature',
  'unsigned_answer',
  'not_json',
  'bad_shape',
  'no_open_server',
  'clock_skew',
  'no_test_member',
  'no_character',
  'character_not_found',
  'cannot_recharge',
  'wrong_error',
  'accepted',
  'needs_earlier',
] as const;
export type GameServerCheckReason = (typeof gameServerCheckReasons)[number];

export const gameServerCheckItem = z.object({
  check: z.enum(gameServerCheckCodes),
  status: z.enum(['pass', 'fail', 'skip']),
  /** Set when the check failed or was skipped. */
  reason: z.enum(gameServerCheckReasons).nullable(),
  /** Values for the check's text (counts, seconds, ids, HTTP statuses, protocol error codes). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type GameServerCheckItem = z.infer<typeof gameServerCheckItem>;

/** A game server's server as the catalog holds it after syncs. */
export const gameServerServerItem = z.object({
  cp_server_id: z.string(),
  /** In the console's language, else en, else the id. */
  server_name: z.string(),
  /** 0: no longer listed by the game server (or switched off): not offered. */
  is_online: flag,
  /** The staff's own maintenance flag (the catalog screen sets it). */
  is_maintenance: flag,
  /** Maintenance as the game server last reported it. */
  reported_maintenance: flag,
  /** When the game server's list last named it; null: never synced. */
  reported_at: z.string().nullable(),
});
export type GameServerServerItem = z.infer<typeof gameServerServerItem>;

export const gameServerHealth = z.object({
  checked_at: z.string().nullable(),
  check_ok: flag.nullable(),
  check_failed: z.enum(gameServerCheckCodes).nullable(),
  synced_at: z.string().nullable(),
  sync_ok: flag.nullable(),
  sync_failed: z.enum(gameServerCheckCodes).nullable(),
  servers_listed: z.number().int().nullable(),
  servers_maintenance: z.number().int().nullable(),
});
export type GameServerHealth = z.infer<typeof gameServerHealth>;

/** Why players are not offered the game: its last check / sync failed, or every server is in maintenance. */
export const gameServerUnavailableReasons = ['check_failed', 'sync_failed', 'maintenance'] as const;

export const gameServerDetail = z.object({
  game_base_id: z.number().int(),
  /** The saved connection; null: none saved. Secrets are never answered, only when they were saved. */
  connection: z
    .object({
      base_url: z.string(),
      key_id: z.string(),
      secret_saved_at: z.string(),
      next_key_id: z.string().nullable(),
      next_secret_saved_at: z.string().nullable(),
      updated_at: z.string(),
    })
    .nullable(),
  /** What the API uses for the game now: GAME_SERVERS, the saved connection, the built-in game server, none. */
  source: z.enum(['env', 'saved', 'simulator', 'none']),
  /** Whether http:// base URLs are allowed here (not in production). */
  http_allowed: flag,
  health: gameServerHealth.nullable(),
  /** null: offered to players as far as the game server goes. */
  unavailable: z.enum(gameServerUnavailableReasons).nullable(),
  servers: z.array(gameServerServerItem),
});
export type GameServerDetail = z.infer<typeof gameServerDetail>;

/** A game's connection, health and synced servers. -404: the game is not in the top-up catalog. */
export const gameServerAdminDetail = defineStaffCall({
  method: 'GET',
  path: '/komoe/mng/pay/game_server/detail',
  privilege: 'catalog',
  request: z.object({ game_base_id: positiveId }),
  response: gameServerDetail,
});

/**
 * Saves a game's connection. `secret` left out keeps the saved one (same key id only); `next_key_id` empty or
 * left out removes the second key, and `next_secret` left out keeps the saved second secret (same id only).
 * Audited as `pay.game_server.save` (URL and key ids before / after; never a secret).
 */
export const gameServerAdminSave = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/game_server/save',
  encoding: 'json',
  privilege: 'catalog',
  request: z.object({
    game_base_id: positiveId,
    base_url: gameServerUrlRule,
    key_id: gameServerKeyIdRule,
    secret: gameServerSecretRule.optional(),
    next_key_id: z.union([z.literal(''), gameServerKeyIdRule]).optional(),
    next_secret: gameServerSecretRule.optional(),
  }),
  response: gameServerDetail,
});

/**
 * Key rotation: the second key becomes the one we sign with and the old primary the second (its answers still
 * believed until it is removed). Audited as `pay.game_server.rotate`.
 */
export const gameServerAdminRotate = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/game_server/rotate',
  encoding: 'json',
  privilege: 'catalog',
  request: z.object({ game_base_id: positiveId }),
  response: gameServerDetail,
});

export const gameServerTestResult = z.object({
  /** `saved`: what the API uses for the game (recorded as its health); `draft`: the values given. */
  target: z.enum(['saved', 'draft']),
  ok: flag,
  ran_at: z.string(),
  checks: z.array(gameServerCheckItem),
});
export type GameServerTestResult = z.infer<typeof gameServerTestResult>;

/**
 * "Test connection": the protocol's read-only checks. With `base_url`, against the values given (`key_id`
 * required; `secret` left out: the saved one), recorded nowhere; without, against what the API uses for the game,
 * recorded as its health (audited as `pay.game_server.check`). `test_mid` / `test_role_id`: a test player's
 * member id and character for the character lookup (without `test_mid` those checks are skipped).
 */
export const gameServerAdminTest = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/game_server/test',
  encoding: 'json',
  privilege: 'catalog',
  request: z.object({
    game_base_id: positiveId,
    base_url: gameServerUrlRule.optional(),
    key_id: gameServerKeyIdRule.optional(),
    secret: gameServerSecretRule.optional(),
    test_mid: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    test_role_id: z.string().trim().min(1).max(64).optional(),
  }),
  response: gameServerTestResult,
});

export const gameServerSyncResult = z.object({
  ok: flag,
  synced_at: z.string(),
  /** The check that failed (the server list could not be read); null when it worked. */
  failed: z.enum(gameServerCheckCodes).nullable(),
  reason: z.enum(gameServerCheckReasons).nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** Servers new in the catalog, and those no longer listed that went offline. */
  added: z.number().int(),
  went_offline: z.number().int(),
  detail: gameServerDetail,
});
export type GameServerSyncResult = z.infer<typeof gameServerSyncResult>;

/**
 * "Sync servers": the game server's server list into the catalog: new servers added (named as it names them,
 * else by id), listed ones online with the maintenance it reports, servers it no longer lists offline (never
 * deleted). Also run daily by the API. Audited as `pay.game_server.sync`.
 */
export const gameServerAdminSync = defineStaffCall({
  method: 'POST',
  path: '/komoe/mng/pay/game_server/sync',
  encoding: 'json',
  privilege: 'catalog',
  request: z.object({ game_base_id: positiveId }),
  response: gameServerSyncResult,
});
