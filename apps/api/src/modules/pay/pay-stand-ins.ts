/**
 * What a development process or a test puts where production has a real payment provider or a studio's game
 * server. The stand-ins themselves live in src/dev/ and never reach the production bundle: production builds the
 * pay module without them, and an environment that asks for one there is refused at the start.
 */
import type { FastifyInstance } from 'fastify';
import type { GameServerEndpoint } from './game-server/game-server.http-adapter.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';

export interface PayStandIns {
  /** Providers that only stand in for a real one (PAY_PROVIDER=sandbox), by name; called once per app. */
  providers(app: FastifyInstance): Record<string, PaymentProvider>;
  /**
   * STRIPE_TEST_SERVER: starts the local Stripe test server with these keys and answers the API base the real
   * Stripe SDK is pointed at.
   */
  stripeApiBase(app: FastifyInstance, keys: { secretKey: string; webhookSecret: string }): string | undefined;
  /** XENDIT_TEST_SERVER: the same for the local Xendit test server. */
  xenditApiBase(app: FastifyInstance, keys: { secretKey: string; callbackToken: string }): string | undefined;
  /** GAME_SIM: the built-in game server, for the games GAME_SERVERS does not name. */
  gameServer(app: FastifyInstance): (() => Promise<GameServerEndpoint>) | undefined;
}

/** The settings that ask for a stand-in, for the refusal when a build without them is started with one. */
export function standInsAskedFor(env: FastifyInstance['env']): string[] {
  return [
    env.payProvider === 'sandbox' && 'PAY_PROVIDER=sandbox',
    env.STRIPE_TEST_SERVER !== undefined && 'STRIPE_TEST_SERVER',
    env.XENDIT_TEST_SERVER !== undefined && 'XENDIT_TEST_SERVER',
    env.gameSim && 'GAME_SIM',
  ].filter((s): s is string => typeof s === 'string');
}
