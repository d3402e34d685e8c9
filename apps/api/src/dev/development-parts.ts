/**
 * Every development stand-in of the API, as one value for buildApp (composition/development-parts.ts): the
 * development entry points (dev-server.ts, dev-worker.ts) and the tests hand it over; production never imports
 * this folder.
 */
import type { DevelopmentParts } from '../composition/development-parts.ts';
import { named } from '../jobs/background-jobs.ts';
import { gameSimRoutes } from './game-server/game-sim.routes.ts';
import { mailboxRoutes } from './mailbox/mailbox.routes.ts';
import { payStandIns } from './pay-stand-ins.ts';
import { sandboxRoutes } from './sandbox/sandbox.routes.ts';

export const developmentParts: DevelopmentParts = {
  pay: payStandIns,
  async routes(app) {
    // The sandbox's checkout pages (PAY_PROVIDER=sandbox); messages kept in the outbox, read in the mailbox; the
    // built-in game server's switches and received credit, for trying failures locally.
    await app.register(sandboxRoutes);
    await app.register(mailboxRoutes);
    await app.register(gameSimRoutes);
  },
  jobs(app) {
    const sandbox = app.dev?.sandbox;
    // The sandbox provider's late and retried notifications.
    if (!app.env.PAY_WORKER || !sandbox) return [];
    return [named('sandbox notifications', sandbox.notifier)];
  },
};
