/**
 * What tests outside the API (e2e/, deploy/) may use of the pay module: the game-server protocol's paths, wire
 * shapes and signatures, to ask a studio's game server what it holds exactly as the API asks it.
 */
export { protocolPaths, type WireDelivery } from './game-server/protocol/protocol.ts';
export {
  answerCanonical,
  protocolHeaders,
  requestCanonical,
  signedHeaders,
  verifySignature,
} from './game-server/protocol/protocol-signature.ts';
