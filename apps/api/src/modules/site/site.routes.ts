import type { FastifyInstance } from 'fastify';
import { fansGroupList, gameList, homeNavList } from '@gp/contracts/web';
import { registerCall } from '../../http/register-call.ts';
import { SiteRepository } from './site.repository.ts';
import { SiteService } from './site.service.ts';

export async function siteRoutes(app: FastifyInstance) {
  const service = new SiteService(new SiteRepository(app.db), {
    distributionRegion: app.site.distributionRegion,
    mediaUrl: app.mediaUrl,
  });
  registerCall(app, homeNavList, () => service.navFlags());
  registerCall(app, gameList, (_, ctx) => service.games(ctx.lang));
  registerCall(app, fansGroupList, (_, ctx) => service.fanGroups(ctx.lang));
}
