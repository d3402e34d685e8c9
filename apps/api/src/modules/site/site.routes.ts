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
  // Member-independent: answered from the public cache (modules/public-cache), emptied by staff writes.
  const cached = { publicCache: true } as const;
  registerCall(app, homeNavList, () => service.navFlags(), cached);
  registerCall(app, gameList, (_, ctx) => service.games(ctx.lang), cached);
  registerCall(app, fansGroupList, (_, ctx) => service.fanGroups(ctx.lang), cached);
}
