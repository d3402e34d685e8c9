/**
 * The seam between the app and its development stand-ins. The stand-ins themselves (src/dev/) are handed to
 * buildApp by the development entry points and the tests only, so the production entry points (server.ts,
 * worker.ts) import none of them and the production bundle holds none of them (build/bundle.ts checks it).
 */
import type { FastifyInstance } from 'fastify';
import type { Env } from '../config/env.ts';
import type { BackgroundJob } from '../jobs/background-jobs.ts';
import type { SocialProviderConfig } from '../modules/accounts/index.ts';
import type { PayStandIns } from '../modules/pay/index.ts';

export interface DevelopmentParts {
  /** The sandbox payment provider, the local Stripe test server and the built-in game server. */
  pay: PayStandIns;
  /**
   * Pages and calls only a development process serves (the sandbox's checkout, the game server's switches, the
   * mailbox), registered after the modules' routes; they answer loopback clients only (http/development-only.ts).
   */
  routes(app: FastifyInstance): Promise<void>;
  /** The stand-ins' own background work (the sandbox's late notifications), with the app's other jobs. */
  jobs(app: FastifyInstance): BackgroundJob[];
}

/** The stand-in social logins a development start runs (Demo ID, the Apple and Facebook test servers). */
export interface StartedSocialLogins {
  providers: SocialProviderConfig[];
  /** The configured providers they answer for instead (their settings are ignored meanwhile). */
  replaces: readonly string[];
  /** Lines for the start's list of addresses. */
  addresses: string[];
  close(): Promise<void>;
}

/** What the development entry (dev/dev-server.ts) adds to the API process's start (composition/start-api.ts). */
export interface DevelopmentStart {
  parts: DevelopmentParts;
  startSocialLogins(env: Env, warn: (obj: object, msg: string) => void): Promise<StartedSocialLogins>;
  /** Lines for the start's list of addresses (the built-in game server's), once the app is listening. */
  addresses(app: FastifyInstance): Promise<string[]>;
}
