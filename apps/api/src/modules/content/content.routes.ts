import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  activityDetail,
  activityPage,
  homeBanner,
  homeGameRecommend,
  homeModuleList,
  newsDetail,
  newsPage,
  newsTop,
} from '@gp/contracts/web';
import { registerCall } from '../../http/register-call.ts';
import { ContentRepository } from './content.repository.ts';
import { ContentService } from './content.service.ts';

export async function contentRoutes(app: FastifyInstance) {
  const service = new ContentService(new ContentRepository(app.db), {
    mediaUrl: app.mediaUrl,
    previewSecret: app.env.previewSecret,
    now: app.now,
  });
  registerCall(app, homeBanner, (_, ctx) => service.banners(ctx.lang));
  registerCall(app, homeGameRecommend, (_, ctx) => service.recommended(ctx.lang));
  registerCall(app, homeModuleList, (_, ctx) => service.modules(ctx.lang));
  registerCall(app, newsTop, (input, ctx) => service.topNews(ctx.lang, input.size));
  registerCall(app, newsPage, (input, ctx) => service.page('news', ctx.lang, input));
  registerCall(app, activityPage, (input, ctx) => service.page('activity', ctx.lang, input));
  /** A preview shows unpublished content: it must not sit in any shared cache. */
  const privateIfPreview = <T extends { preview: boolean }>(reply: FastifyReply, detail: T) => {
    if (detail.preview) reply.header('cache-control', 'private, no-store');
    return detail;
  };
  registerCall(app, newsDetail, async (input, ctx) =>
    privateIfPreview(ctx.reply, await service.detail('news', input.news_id, ctx.lang, input.preview_token)),
  );
  registerCall(app, activityDetail, async (input, ctx) =>
    privateIfPreview(
      ctx.reply,
      await service.detail('activity', input.activity_id, ctx.lang, input.preview_token),
    ),
  );
}
