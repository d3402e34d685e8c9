/** News items and activities for staff: every status, every language. */
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import type { ContentStatus } from '@gp/contracts/content-admin';
import type { Db } from '../../../db/database.ts';
import { article, articleI18n } from '../../../db/schema/content.schema.ts';
import { keywordMatch, languagePresence } from './content-admin.repository.ts';
import { ItemTexts, itemTextsOf } from './ordered-item-admin.repository.ts';

export type ArticleKind = 'news' | 'activity';
export type ArticleRow = typeof article.$inferSelect;
export type ArticleTextRow = typeof articleI18n.$inferSelect;
export type ArticleValues = Omit<typeof article.$inferInsert, 'id' | 'kind' | 'createdAt'>;

const texts = itemTextsOf(articleI18n, 'articleId', 'title');

/** The status players see at `now`, as a filter (the service's `articleStatus` says the same for one row). */
function inStatus(status: ContentStatus, now: Date): SQL {
  const notDraft = ne(article.status, 'draft');
  switch (status) {
    case 'draft':
      return eq(article.status, 'draft');
    case 'scheduled':
      return and(notDraft, gt(article.publishAt, now))!;
    case 'published':
      return and(
        notDraft,
        lte(article.publishAt, now),
        or(isNull(article.unpublishAt), gt(article.unpublishAt, now)),
      )!;
    case 'ended':
      return and(notDraft, isNotNull(article.unpublishAt), lte(article.unpublishAt, now))!;
  }
}

export interface ArticleFilter {
  status?: ContentStatus | undefined;
  hasLang?: string | undefined;
  missingLang?: string | undefined;
  keyword?: string | undefined;
  category?: ArticleRow['category'] | undefined;
  gameBaseId?: number | undefined;
  now: Date;
  offset: number;
  limit: number;
}

/** The articles of one kind (news or activities) and their texts. */
export class ArticleAdminRepository {
  readonly texts: ItemTexts<ArticleTextRow, 'articleId'>;

  constructor(
    private readonly db: Db,
    private readonly kind: ArticleKind,
  ) {
    this.texts = new ItemTexts(db, texts);
  }

  /** This kind's article `id` (or all of the kind). */
  private ofKind(id?: number): SQL {
    return and(eq(article.kind, this.kind), id === undefined ? undefined : eq(article.id, id))!;
  }

  /** A page in the players' order (pinned first, then the newest), and how many match in all. */
  async page(f: ArticleFilter): Promise<{ rows: ArticleRow[]; total: number }> {
    const where = and(
      this.ofKind(),
      f.status ? inStatus(f.status, f.now) : undefined,
      f.category ? eq(article.category, f.category) : undefined,
      f.gameBaseId ? eq(article.gameBaseId, f.gameBaseId) : undefined,
      ...languagePresence(this.db, texts, article.id, { has: f.hasLang, missing: f.missingLang }),
      keywordMatch(this.db, texts, article.id, [article.slug], f.keyword),
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(article)
        .where(where)
        .orderBy(desc(article.pinned), desc(article.publishAt), desc(article.id))
        .limit(f.limit)
        .offset(f.offset),
      this.db.select({ n: count() }).from(article).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async find(id: number): Promise<ArticleRow | undefined> {
    const [row] = await this.db.select().from(article).where(this.ofKind(id));
    return row;
  }

  /** Titles only, for lists. */
  async titles(ids: readonly number[]) {
    if (ids.length === 0) return [];
    return this.db
      .select({ articleId: articleI18n.articleId, lang: articleI18n.lang, title: articleI18n.title })
      .from(articleI18n)
      .where(inArray(articleI18n.articleId, [...ids]));
  }

  async slugTaken(slug: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: article.id })
      .from(article)
      .where(and(this.ofKind(), eq(article.slug, slug), exceptId ? ne(article.id, exceptId) : undefined));
    return !!row;
  }

  async insert(values: ArticleValues): Promise<ArticleRow> {
    const [row] = await this.db
      .insert(article)
      .values({ ...values, kind: this.kind })
      .returning();
    return row!;
  }

  async update(id: number, values: ArticleValues): Promise<ArticleRow | undefined> {
    const [row] = await this.db.update(article).set(values).where(this.ofKind(id)).returning();
    return row;
  }

  /** Deletes the article and (by cascade) its texts. */
  async delete(id: number): Promise<void> {
    await this.db.delete(article).where(this.ofKind(id));
  }
}
