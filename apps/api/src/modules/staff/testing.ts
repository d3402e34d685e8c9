/**
 * What tests outside the API (e2e/, deploy/) may use of the staff module: the sealing of secrets at rest, to write
 * a row that holds one (a game server's connection) where staff would save it in the console. Without the module's
 * routes, which index.ts brings.
 */
export { SealedSecretBox } from './totp-secret.box.ts';
