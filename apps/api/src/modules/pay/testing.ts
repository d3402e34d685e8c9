/**
 * What tests outside the API (e2e/, deploy/) may use of the pay module: the game-server protocol's paths, wire
 * shapes and signatures, to ask a studio's game server what it holds exactly as the API asks it; and the sealing of
 * a game server's secret (its purpose), to write a connection where staff would save it in the console.
 */
export { gameServerSecretPurpose } from './game-server/game-server-secret.ts';
export { protocolPaths, type WireDelivery } from './game-server/protocol/protocol.ts';
export {
  answerCanonical,
  protocolHeaders,
  requestCanonical,
  signedHeaders,
  verifySignature,
} from './game-server/protocol/protocol-signature.ts';
