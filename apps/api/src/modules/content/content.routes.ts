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
  // Member-independent: answered from the public cache (modules/public-cache), emptied by staff writes.
  const cached = { publicCache: true } as const;
  registerCall(app, homeBanner, (_, ctx) => service.banners(ctx.lang), cached);
  registerCall(app, homeGameRecommend, (_, ctx) => service.recommended(ctx.lang), cached);
  registerCall(app, homeModuleList, (_, ctx) => service.modules(ctx.lang), cached);
  registerCall(app, newsTop, (input, ctx) => service.topNews(ctx.lang, input.size), cached);
  registerCall(app, newsPage, (input, ctx) => service.page('news', ctx.lang, input), cached);
  registerCall(app, activityPage, (input, ctx) => service.page('activity', ctx.lang, input), cached);
  /** A preview shows unpublished content: it must not sit in any shared cache. */
  const privateIfPreview = <T extends { preview: boolean }>(reply: FastifyReply, detail: T) => {
    if (detail.preview) reply.header('cache-control', 'private, no-store');
    return detail;
  };
  registerCall(
    app,
    newsDetail,
    async (input, ctx) =>
      privateIfPreview(ctx.reply, await service.detail('news', input.news_id, ctx.lang, input.preview_token)),
    // A preview is per editor and private: only the published article is shared.
    { publicCache: { when: (input) => !input.preview_token } },
  );
  registerCall(
    app,
    activityDetail,
    async (input, ctx) =>
      privateIfPreview(
        ctx.reply,
        await service.detail('activity', input.activity_id, ctx.lang, input.preview_token),
      ),
    { publicCache: { when: (input) => !input.preview_token } },
  );
}
