/**
 * Site content for staff (`/csmng/komoe/mng/content/...`): news, activities, banners, recommended games, home
 * modules, fan groups, menu flags and content pictures. Handlers are one line; the `content` privilege is
 * declared in the contracts and checked before a handler runs; the rules live in the services.
 */
import type { FastifyInstance } from 'fastify';
import {
  articleAdminCalls,
  articleKinds,
  bannerAdminCreateUpdate,
  bannerAdminDelete,
  bannerAdminDetail,
  bannerAdminPage,
  contentImagePolicy,
  contentImageUpload,
  fansGroupAdminCreateUpdate,
  fansGroupAdminDelete,
  fansGroupAdminDetail,
  fansGroupAdminPage,
  moduleAdminCreateUpdate,
  moduleAdminDelete,
  moduleAdminDetail,
  moduleAdminPage,
  navAdminDetail,
  navAdminSave,
  recommendAdminCreateUpdate,
  recommendAdminDelete,
  recommendAdminDetail,
  recommendAdminPage,
} from '@gp/contracts/content-admin';
import { registerCall, staffOf } from '../../../http/register-call.ts';
import { registerUploadCall } from '../../media/index.ts';
import { ArticleAdminService } from './article-admin.service.ts';
import { BannerAdminService } from './banner-admin.service.ts';
import { ContentImageService } from './content-image.service.ts';
import { FansGroupAdminService } from './fans-group-admin.service.ts';
import { ModuleAdminService } from './module-admin.service.ts';
import { NavAdminService } from './nav-admin.service.ts';
import { RecommendAdminService } from './recommend-admin.service.ts';

export async function contentAdminRoutes(app: FastifyInstance) {
  const { db, mediaUrl, now } = app;
  const articles = new ArticleAdminService({
    db,
    mediaUrl,
    now,
    previewSecret: app.env.previewSecret,
    portalOrigin: app.env.PORTAL_ORIGIN,
  });
  const banners = new BannerAdminService({ db, mediaUrl, now, ownOrigins: app.env.appOrigins });
  const recommendations = new RecommendAdminService({ db, mediaUrl, now });
  const modules = new ModuleAdminService({ db, now });
  const fansGroups = new FansGroupAdminService({ db, now });
  const nav = new NavAdminService({ db, mediaUrl, now, distributionRegion: app.site.distributionRegion });
  const images = new ContentImageService({ db, mediaUrl });

  for (const kind of articleKinds) {
    const calls = articleAdminCalls[kind];
    registerCall(app, calls.page, (input, ctx) => articles.page(kind, input, ctx.lang));
    registerCall(app, calls.detail, (input) => articles.detail(kind, input.id));
    registerCall(app, calls.createUpdate, (input, ctx) => articles.save(staffOf(ctx), kind, input));
    registerCall(app, calls.delete, (input, ctx) => articles.remove(staffOf(ctx), kind, input.id));
    registerCall(app, calls.preview, (input, ctx) =>
      articles.preview(staffOf(ctx), kind, input.id, input.ttl_minutes),
    );
  }

  registerCall(app, bannerAdminPage, (input, ctx) => banners.page(input, ctx.lang));
  registerCall(app, bannerAdminDetail, (input) => banners.detail(input.id));
  registerCall(app, bannerAdminCreateUpdate, (input, ctx) => banners.save(staffOf(ctx), input));
  registerCall(app, bannerAdminDelete, (input, ctx) => banners.remove(staffOf(ctx), input.id));

  registerCall(app, recommendAdminPage, (input, ctx) => recommendations.page(input, ctx.lang));
  registerCall(app, recommendAdminDetail, (input, ctx) =>
    recommendations.detail(input.game_base_id, ctx.lang),
  );
  registerCall(app, recommendAdminCreateUpdate, (input, ctx) =>
    recommendations.save(staffOf(ctx), input, ctx.lang),
  );
  registerCall(app, recommendAdminDelete, (input, ctx) =>
    recommendations.remove(staffOf(ctx), input.game_base_id),
  );

  registerCall(app, moduleAdminPage, (input, ctx) => modules.page(input, ctx.lang));
  registerCall(app, moduleAdminDetail, (input) => modules.detail(input.id));
  registerCall(app, moduleAdminCreateUpdate, (input, ctx) => modules.save(staffOf(ctx), input));
  registerCall(app, moduleAdminDelete, (input, ctx) => modules.remove(staffOf(ctx), input.id));

  registerCall(app, fansGroupAdminPage, (input, ctx) => fansGroups.page(input, ctx.lang));
  registerCall(app, fansGroupAdminDetail, (input) => fansGroups.detail(input.id));
  registerCall(app, fansGroupAdminCreateUpdate, (input, ctx) => fansGroups.save(staffOf(ctx), input));
  registerCall(app, fansGroupAdminDelete, (input, ctx) => fansGroups.remove(staffOf(ctx), input.id));

  registerCall(app, navAdminDetail, () => nav.detail());
  registerCall(app, navAdminSave, (input, ctx) => nav.save(staffOf(ctx), input));

  // The picture upload is the only content route that reads multipart bodies: the parser lives in its scope.
  await registerUploadCall(app, contentImageUpload, contentImagePolicy, (input, ctx) =>
    images.upload(staffOf(ctx), input.file),
  );
}
