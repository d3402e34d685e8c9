/**
 * Games for staff (`/csmng/komoe/mng/game/...`, spec 7 "Staff" Games), behind the `games` privilege the
 * contracts declare; the icon upload is the one multipart route. Handlers are one line.
 */
import type { FastifyInstance } from 'fastify';
import {
  gameAdminDelete,
  gameAdminDetailCall,
  gameAdminOnlineSwitch,
  gameAdminPage,
  gameAdminSave,
  gameAdminSearch,
  gameIconPolicy,
  gameIconUpload,
} from '@gp/contracts/catalog-admin';
import { registerCall, staffOf } from '../../http/register-call.ts';
import { registerUploadCall } from '../media/index.ts';
import { GameAdminService } from './game-admin.service.ts';

export async function gameAdminRoutes(app: FastifyInstance) {
  const games = new GameAdminService({ db: app.db, mediaUrl: app.mediaUrl, now: app.now });

  registerCall(app, gameAdminSearch, (input, ctx) => games.search(input, ctx.lang));
  registerCall(app, gameAdminPage, (input, ctx) => games.page(input, ctx.lang));
  registerCall(app, gameAdminDetailCall, (input, ctx) => games.detail(input.game_base_id, ctx.lang));
  registerCall(app, gameAdminSave, (input, ctx) => games.save(staffOf(ctx), input, ctx.lang));
  registerCall(app, gameAdminOnlineSwitch, (input, ctx) => games.switchOnline(staffOf(ctx), input, ctx.lang));
  registerCall(app, gameAdminDelete, (input, ctx) => games.remove(staffOf(ctx), input.game_base_id));
  await registerUploadCall(app, gameIconUpload, gameIconPolicy, (input, ctx) =>
    games.uploadIcon(staffOf(ctx), input.file),
  );
}
