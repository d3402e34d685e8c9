/** News items and activities for staff: every status, every language. */
import {
  and,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  notInArray,
  or,
  type SQL,
} from 'drizzle-orm';
import type { ContentStatus } from '@gp/contracts/content-admin';
import type { Db } from '../../../db/database.ts';
import { article, articleI18n } from '../../../db/schema/content.schema.ts';
import { keywordMatch, languagePresence, type TextsTable } from './content-admin.repository.ts';

export type ArticleKind = 'news' | 'activity';
export type ArticleRow = typeof article.$inferSelect;
export type ArticleTextRow = typeof articleI18n.$inferSelect;
export type ArticleValues = Omit<typeof article.$inferInsert, 'id' | 'kind' | 'createdAt'>;

const texts: TextsTable = {
  table: articleI18n,
  owner: articleI18n.articleId,
  lang: articleI18n.lang,
  searched: [articleI18n.title],
};

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

export class ArticleAdminRepository {
  constructor(private readonly db: Db) {}

  /** A page in the players' order (pinned first, then the newest), and how many match in all. */
  async page(kind: ArticleKind, f: ArticleFilter): Promise<{ rows: ArticleRow[]; total: number }> {
    const where = and(
      eq(article.kind, kind),
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

  async find(kind: ArticleKind, id: number): Promise<ArticleRow | undefined> {
    const [row] = await this.db
      .select()
      .from(article)
      .where(and(eq(article.kind, kind), eq(article.id, id)));
    return row;
  }

  /** The texts of these articles, every language. */
  async texts(ids: readonly number[]): Promise<ArticleTextRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(articleI18n)
      .where(inArray(articleI18n.articleId, [...ids]));
  }

  /** Titles only, for lists. */
  async titles(ids: readonly number[]) {
    if (ids.length === 0) return [];
    return this.db
      .select({ articleId: articleI18n.articleId, lang: articleI18n.lang, title: articleI18n.title })
      .from(articleI18n)
      .where(inArray(articleI18n.articleId, [...ids]));
  }

  async slugTaken(kind: ArticleKind, slug: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: article.id })
      .from(article)
      .where(
        and(eq(article.kind, kind), eq(article.slug, slug), exceptId ? ne(article.id, exceptId) : undefined),
      );
    return !!row;
  }

  async insert(kind: ArticleKind, values: ArticleValues): Promise<ArticleRow> {
    const [row] = await this.db
      .insert(article)
      .values({ ...values, kind })
      .returning();
    return row!;
  }

  async update(kind: ArticleKind, id: number, values: ArticleValues): Promise<ArticleRow | undefined> {
    const [row] = await this.db
      .update(article)
      .set(values)
      .where(and(eq(article.kind, kind), eq(article.id, id)))
      .returning();
    return row;
  }

  /** Makes the stored texts exactly these: languages left out are deleted, the others written. */
  async replaceTexts(
    articleId: number,
    list: readonly { lang: string; title: string; summary: string; bodyHtml: string }[],
  ): Promise<void> {
    await this.db.delete(articleI18n).where(
      and(
        eq(articleI18n.articleId, articleId),
        notInArray(
          articleI18n.lang,
          list.map((t) => t.lang),
        ),
      ),
    );
    for (const text of list) {
      await this.db
        .insert(articleI18n)
        .values({ articleId, ...text })
        .onConflictDoUpdate({
          target: [articleI18n.articleId, articleI18n.lang],
          set: { title: text.title, summary: text.summary, bodyHtml: text.bodyHtml },
        });
    }
  }

  /** Deletes the article and (by cascade) its texts; false when there was none. */
  async delete(kind: ArticleKind, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(article)
      .where(and(eq(article.kind, kind), eq(article.id, id)))
      .returning({ id: article.id });
    return rows.length > 0;
  }
}
