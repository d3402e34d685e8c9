/**
 * The console's game-server connections (`/csmng/komoe/mng/pay/game_server/...`, @gp/contracts/game-server-admin),
 * behind the `catalog` privilege. Handlers are one line; the rules and the audit rows live in the service.
 */
import type { FastifyInstance } from 'fastify';
import {
  gameServerAdminDetail,
  gameServerAdminRotate,
  gameServerAdminSave,
  gameServerAdminSync,
  gameServerAdminTest,
} from '@gp/contracts/game-server-admin';
import { registerCall, staffOf } from '../../../http/register-call.ts';

export async function gameServerAdminRoutes(app: FastifyInstance) {
  const service = app.pay.gameServers;
  registerCall(app, gameServerAdminDetail, (input, ctx) => service.detail(input.game_base_id, ctx.lang));
  registerCall(app, gameServerAdminSave, (input, ctx) => service.save(staffOf(ctx), input, ctx.lang));
  registerCall(app, gameServerAdminRotate, (input, ctx) =>
    service.rotate(staffOf(ctx), input.game_base_id, ctx.lang),
  );
  registerCall(app, gameServerAdminTest, (input, ctx) => service.test(staffOf(ctx), input));
  registerCall(app, gameServerAdminSync, (input, ctx) =>
    service.syncNow(staffOf(ctx), input.game_base_id, ctx.lang),
  );
}
