/**
 * The console home (`/csmng/komoe/mng/home/...`, @gp/contracts/console-home): one call per figure group, each
 * behind its privilege (declared in the contracts, checked by the staff authenticator). Handlers are one line.
 */
import type { FastifyInstance } from 'fastify';
import { homeRatingsCall, homeTicketsCall, homeTopUpsCall } from '@gp/contracts/console-home';
import { registerCall, staffOf } from '../../http/register-call.ts';
import { ConsoleHomeService } from './console-home.service.ts';

export async function consoleHomeRoutes(app: FastifyInstance) {
  const home = new ConsoleHomeService({ db: app.db, now: app.now });

  registerCall(app, homeTicketsCall, (input, ctx) => home.tickets(input.tz, ctx.lang));
  registerCall(app, homeTopUpsCall, (input, ctx) => home.topUps(input.tz, ctx.lang));
  registerCall(app, homeRatingsCall, (input, ctx) => home.ratings(staffOf(ctx), input, ctx.lang));
}
