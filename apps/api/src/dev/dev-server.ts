/**
 * The development entry point of the API process (`pnpm start`, `pnpm dev`, `pnpm --filter @gp/api serve`): the
 * production start (composition/start-api.ts) with every development stand-in: the sandbox provider, the local
 * Stripe test server, the built-in game server, the mailbox, Demo ID and the social-login test servers. Nothing
 * here reaches the production bundle (build/bundle.ts refuses a bundle that holds a file of src/dev/).
 */
import { startApi } from '../composition/start-api.ts';
import { developmentParts } from './development-parts.ts';
import { startSocialLogins } from './social/social-logins.ts';

await startApi({
  parts: developmentParts,
  startSocialLogins,
  addresses: async (app) =>
    app.dev?.gameSim
      ? [`  Game server sim ${await app.dev.gameSim.url()}  (game-server protocol; never in production)`]
      : [],
});
