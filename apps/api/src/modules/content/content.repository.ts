import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import { countCapped, matching } from '../../db/capped-count.ts';
import type { Db } from '../../db/database.ts';
import { onlineList, onlineListOf } from '../../db/online-list.ts';
import {
  article,
  articleI18n,
  banner,
  bannerI18n,
  gameRecommendation,
  gameRecommendationI18n,
  homeModule,
  homeModuleI18n,
} from '../../db/schema/content.schema.ts';
import { game, gameI18n } from '../../db/schema/game.schema.ts';
import { media } from '../../db/schema/media.schema.ts';

export type ArticleKind = 'news' | 'activity';
export type ArticleRow = typeof article.$inferSelect;

const banners = onlineListOf(banner, 'id', bannerI18n, 'bannerId');
const modules = onlineListOf(homeModule, 'id', homeModuleI18n, 'moduleId');

export class ContentRepository {
  constructor(private readonly db: Db) {}

  /** Readers see what is not a draft, whose publish time has come and whose unpublish time has not. */
  private visible(kind: ArticleKind, now: Date): SQL {
    return and(
      eq(article.kind, kind),
      ne(article.status, 'draft'),
      lte(article.publishAt, now),
      or(isNull(article.unpublishAt), gt(article.unpublishAt, now)),
    )!;
  }

  async articlePage(
    kind: ArticleKind,
    now: Date,
    page: { offset: number; limit: number; category?: string },
  ) {
    const where = and(
      this.visible(kind, now),
      page.category ? eq(article.category, page.category as ArticleRow['category']) : undefined,
    );
    const order = [desc(article.pinned), desc(article.publishAt), desc(article.id)];
    const [rows, counted] = await Promise.all([
      this.db
        .select()
        .from(article)
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset),
      // In the page's order, so that the count walks article_reader_order_idx too and stops at the cap.
      countCapped(this.db, matching(this.db, article, where).orderBy(...order)),
    ]);
    return { rows, counted };
  }

  async findArticle(kind: ArticleKind, id: number): Promise<ArticleRow | undefined> {
    const [row] = await this.db
      .select()
      .from(article)
      .where(and(eq(article.kind, kind), eq(article.id, id)));
    return row;
  }

  isVisible(row: ArticleRow, now: Date): boolean {
    return row.status !== 'draft' && row.publishAt <= now && (!row.unpublishAt || row.unpublishAt > now);
  }

  async articleTexts(ids: readonly number[], langs: readonly string[]) {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(articleI18n)
      .where(and(inArray(articleI18n.articleId, [...ids]), inArray(articleI18n.lang, [...langs])));
  }

  async mediaSizes(ids: readonly string[]) {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: media.id, width: media.width, height: media.height })
      .from(media)
      .where(inArray(media.id, [...new Set(ids)]));
  }

  async liveBanners(now: Date, langs: readonly string[]) {
    const { id, link, imageMediaId, imageH5MediaId } = banner;
    const { lang, title, subtitle, cta, alt } = bannerI18n;
    const fields = { id, link, imageMediaId, imageH5MediaId, lang, title, subtitle, cta, alt };
    return onlineList(
      this.db,
      banners,
      langs,
      fields,
      and(lte(banner.startsAt, now), gt(banner.endsAt, now)),
    );
  }

  async recommendedGames(langs: readonly string[]) {
    const rows = await this.db
      .select({
        gameBaseId: game.gameBaseId,
        url: game.url,
        iconMediaId: game.iconMediaId,
        lang: gameRecommendationI18n.lang,
        tagline: gameRecommendationI18n.tagline,
        description: gameRecommendationI18n.description,
      })
      .from(gameRecommendation)
      .innerJoin(game, and(eq(game.gameBaseId, gameRecommendation.gameBaseId), eq(game.isOnline, true)))
      .innerJoin(
        gameRecommendationI18n,
        and(
          eq(gameRecommendationI18n.gameBaseId, gameRecommendation.gameBaseId),
          inArray(gameRecommendationI18n.lang, [...langs]),
        ),
      )
      .where(eq(gameRecommendation.isOnline, true))
      .orderBy(asc(gameRecommendation.sort), asc(gameRecommendation.gameBaseId));
    const names = await this.db
      .select()
      .from(gameI18n)
      .where(
        and(
          inArray(gameI18n.gameBaseId, [...new Set(rows.map((r) => r.gameBaseId))]),
          inArray(gameI18n.lang, [...langs]),
        ),
      );
    return { rows, names };
  }

  async modules(langs: readonly string[]) {
    const { id, key, type } = homeModule;
    const { lang, title } = homeModuleI18n;
    return onlineList(this.db, modules, langs, { id, key, type, lang, title });
  }
}
