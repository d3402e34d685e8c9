/**
 * The purpose a game server's protocol secret is sealed for at rest (pay_game_server.secret_sealed and
 * next_secret_sealed, with the staff module's `SealedSecretBox` under STAFF_TOTP_KEY, bound to the game's row): one
 * definition for the connection service and for tests outside the API that write a connection where staff would
 * save it in the console (pay/testing.ts).
 */
export const gameServerSecretPurpose = {
  info: 'gp game server secret v1',
  label: 'pay_game_server',
} as const;
