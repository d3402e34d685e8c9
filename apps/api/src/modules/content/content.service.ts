import type {
  ArticleDetail,
  ArticlePage,
  ArticleSummary,
  Banner,
  HomeModule,
  Image,
  RecommendedGame,
} from '@gp/contracts/web';
import { codes } from '@gp/errors';
import type { Clock } from '../../config/clock.ts';
import { AppError } from '../../http/app-error.ts';
import { languagesFor, pickLanguage } from '../site/index.ts';
import type { ArticleKind, ArticleRow, ContentRepository } from './content.repository.ts';
import { verifyPreviewToken } from './preview-token.ts';
import { sanitizeRichText } from './rich-text.ts';
import { totalFields } from '../../db/capped-count.ts';

export interface ContentServiceOptions {
  mediaUrl: (id: string) => string;
  previewSecret: string;
  now: Clock;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export class ContentService {
  private readonly now: Clock;
  constructor(
    private readonly repo: ContentRepository,
    private readonly options: ContentServiceOptions,
  ) {
    this.now = options.now;
  }

  private async images(ids: string[]): Promise<(id: string) => Image> {
    const sizes = new Map((await this.repo.mediaSizes(ids)).map((m) => [m.id, m]));
    return (id) => ({
      url: this.options.mediaUrl(id),
      width: sizes.get(id)?.width ?? 0,
      height: sizes.get(id)?.height ?? 0,
    });
  }

  /** Rows with their texts in `lang` (en where missing); rows without any text are left out. */
  private async summaries(
    rows: ArticleRow[],
    lang: string,
  ): Promise<(ArticleSummary & { bodyHtml: string })[]> {
    const texts = pickLanguage(
      await this.repo.articleTexts(
        rows.map((r) => r.id),
        languagesFor(lang),
      ),
      lang,
      (t) => t.articleId,
    );
    const byId = new Map(texts.map((t) => [t.articleId, t]));
    const image = await this.images(rows.flatMap((r) => [r.coverMediaId, r.coverH5MediaId]));
    return rows.flatMap((r) => {
      const text = byId.get(r.id);
      if (!text) return [];
      return [
        {
          id: r.id,
          category: r.category,
          title: text.title,
          summary: text.summary,
          cover: image(r.coverMediaId),
          cover_h5: image(r.coverH5MediaId),
          publish_time: r.publishAt.toISOString(),
          pinned: r.pinned ? 1 : 0,
          game_base_id: r.gameBaseId,
          start_time: iso(r.startsAt),
          end_time: iso(r.endsAt),
          bodyHtml: text.bodyHtml,
        },
      ];
    });
  }

  async page(
    kind: ArticleKind,
    lang: string,
    q: { page_num: number; page_size: number; category?: string | undefined },
  ): Promise<ArticlePage> {
    const { rows, counted } = await this.repo.articlePage(kind, this.now(), {
      offset: (q.page_num - 1) * q.page_size,
      limit: q.page_size,
      ...(q.category ? { category: q.category } : {}),
    });
    const list = (await this.summaries(rows, lang)).map(({ bodyHtml: _, ...s }) => s);
    return { list, ...totalFields(counted), page_num: q.page_num, page_size: q.page_size };
  }

  /** Pinned first, then the newest (spec 7 /news/top). */
  async topNews(lang: string, size: number): Promise<ArticleSummary[]> {
    return (await this.page('news', lang, { page_num: 1, page_size: size })).list;
  }

  async detail(kind: ArticleKind, id: number, lang: string, previewToken?: string): Promise<ArticleDetail> {
    const row = await this.repo.findArticle(kind, id);
    const now = this.now();
    const preview = !!row && !this.repo.isVisible(row, now);
    // A draft without a valid token is indistinguishable from an unknown id.
    if (
      !row ||
      (preview &&
        !(previewToken && verifyPreviewToken(this.options.previewSecret, previewToken, kind, id, now)))
    ) {
      throw new AppError(codes.notFound);
    }
    const [summary] = await this.summaries([row], lang);
    if (!summary) throw new AppError(codes.notFound);
    const { bodyHtml, ...rest } = summary;
    // Stored bodies were sanitized on the way in; sanitizing again on the way out keeps a bad row harmless.
    return { ...rest, body_html: sanitizeRichText(bodyHtml), preview };
  }

  async banners(lang: string): Promise<Banner[]> {
    const rows = pickLanguage(await this.repo.liveBanners(this.now(), languagesFor(lang)), lang, (r) => r.id);
    const image = await this.images(rows.flatMap((r) => [r.imageMediaId, r.imageH5MediaId]));
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      subtitle: r.subtitle,
      cta: r.cta,
      alt: r.alt,
      link: r.link,
      image: image(r.imageMediaId),
      image_h5: image(r.imageH5MediaId),
    }));
  }

  async recommended(lang: string): Promise<RecommendedGame[]> {
    const langs = languagesFor(lang);
    const { rows, names } = await this.repo.recommendedGames(langs);
    const nameOf = new Map(pickLanguage(names, lang, (n) => n.gameBaseId).map((n) => [n.gameBaseId, n.name]));
    return pickLanguage(rows, lang, (r) => r.gameBaseId).map((r) => ({
      game_base_id: r.gameBaseId,
      url: r.url,
      game_icon: r.iconMediaId ? this.options.mediaUrl(r.iconMediaId) : '',
      game_name: nameOf.get(r.gameBaseId) ?? '',
      tagline: r.tagline,
      description: r.description,
    }));
  }

  async modules(lang: string): Promise<HomeModule[]> {
    return pickLanguage(await this.repo.modules(languagesFor(lang)), lang, (m) => m.id).map((m) => ({
      key: m.key,
      type: m.type,
      title: m.title,
    }));
  }
}
