/**
 * FAQ entries and their texts as staff manage them (cs_faq, cs_faq_i18n), and the games the FAQ form chooses
 * from. The players' reads, and the question types both read, are faq.repository.ts.
 */
import { and, count, desc, eq, exists, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { csFaq, csFaqI18n, csQuestionType, csQuestionTypeI18n } from '../../db/schema/cs.schema.ts';
import { game, gameI18n } from '../../db/schema/game.schema.ts';
import { containsText } from '../../db/text-search.ts';

export type FaqRow = typeof csFaq.$inferSelect;
export type FaqTextRow = typeof csFaqI18n.$inferSelect;

export interface FaqPageFilter {
  /** A game's own entries; null: the entries about every game. */
  gameBaseId?: number | null;
  questionTypeId?: number;
  /** What players see at `now`. */
  state?: 'offline' | 'scheduled' | 'online';
  now: Date;
  keyword?: string;
  /** Languages the keyword is looked for in; all when left out. */
  keywordLangs?: readonly string[];
  /** The language titles and names are shown in (en where missing). */
  lang: string;
  offset: number;
  limit: number;
}

export interface FaqValues {
  gameBaseId: number | null;
  questionTypeId: number;
  onlineType: number;
  onlineTime: Date;
  sort: number;
}

/** A name in `lang`, else en, of the row `id` names in a per-language table. */
function localized(local: SQL | undefined, fallback: SQL | undefined) {
  return sql<string | null>`coalesce(${local}, ${fallback})`;
}

export class FaqAdminRepository {
  constructor(private readonly db: Db) {}

  private stateCondition(state: FaqPageFilter['state'], now: Date): SQL | undefined {
    if (state === 'offline') return eq(csFaq.isOnline, false);
    if (state === 'scheduled') return and(eq(csFaq.isOnline, true), gt(csFaq.onlineTime, now));
    if (state === 'online') return and(eq(csFaq.isOnline, true), lte(csFaq.onlineTime, now));
    return undefined;
  }

  /** One page of entries (most recently changed first) with their title, type and game in `lang`, and the total. */
  async page(filter: FaqPageFilter) {
    const conditions: SQL[] = [];
    if (filter.gameBaseId === null) conditions.push(isNull(csFaq.gameBaseId));
    else if (filter.gameBaseId !== undefined) conditions.push(eq(csFaq.gameBaseId, filter.gameBaseId));
    if (filter.questionTypeId !== undefined) conditions.push(eq(csFaq.questionTypeId, filter.questionTypeId));
    const state = this.stateCondition(filter.state, filter.now);
    if (state) conditions.push(state);
    if (filter.keyword) {
      const text = alias(csFaqI18n, 'faq_text');
      const matches = [
        eq(text.faqId, csFaq.id),
        or(containsText(text.title, filter.keyword), containsText(text.content, filter.keyword)),
        ...(filter.keywordLangs ? [inArray(text.lang, [...filter.keywordLangs])] : []),
      ];
      conditions.push(
        exists(
          this.db
            .select({ one: sql`1` })
            .from(text)
            .where(and(...matches)),
        ),
      );
    }
    const where = conditions.length > 0 ? and(...conditions) : undefined;

    const local = alias(csFaqI18n, 'faq_local');
    const fallback = alias(csFaqI18n, 'faq_en');
    const typeLocal = alias(csQuestionTypeI18n, 'type_local');
    const typeFallback = alias(csQuestionTypeI18n, 'type_en');
    const gameLocal = alias(gameI18n, 'game_local');
    const gameFallback = alias(gameI18n, 'game_en');
    const rows = await this.db
      .select({
        faq: csFaq,
        title: localized(sql`${local.title}`, sql`${fallback.title}`),
        titleLang: sql<string>`case when ${local.title} is not null then ${local.lang} else 'en' end`,
        languages: sql<string[]>`array(select l.lang from cs_faq_i18n l where l.faq_id = ${csFaq.id})`,
        typeName: localized(sql`${typeLocal.name}`, sql`${typeFallback.name}`),
        gameName: localized(sql`${gameLocal.name}`, sql`${gameFallback.name}`),
      })
      .from(csFaq)
      .leftJoin(local, and(eq(local.faqId, csFaq.id), eq(local.lang, filter.lang)))
      .leftJoin(fallback, and(eq(fallback.faqId, csFaq.id), eq(fallback.lang, 'en')))
      .leftJoin(
        typeLocal,
        and(eq(typeLocal.questionTypeId, csFaq.questionTypeId), eq(typeLocal.lang, filter.lang)),
      )
      .leftJoin(
        typeFallback,
        and(eq(typeFallback.questionTypeId, csFaq.questionTypeId), eq(typeFallback.lang, 'en')),
      )
      .leftJoin(gameLocal, and(eq(gameLocal.gameBaseId, csFaq.gameBaseId), eq(gameLocal.lang, filter.lang)))
      .leftJoin(gameFallback, and(eq(gameFallback.gameBaseId, csFaq.gameBaseId), eq(gameFallback.lang, 'en')))
      .where(where)
      .orderBy(desc(csFaq.updatedAt), desc(csFaq.id))
      .limit(filter.limit)
      .offset(filter.offset);
    const [total] = await this.db.select({ n: count() }).from(csFaq).where(where);
    return { rows, total: total?.n ?? 0 };
  }

  async find(id: number): Promise<FaqRow | undefined> {
    const [row] = await this.db.select().from(csFaq).where(eq(csFaq.id, id));
    return row;
  }

  /** The entry, locked until the transaction ends (concurrent edits of one entry take turns). */
  async lock(id: number): Promise<FaqRow | undefined> {
    const [row] = await this.db.select().from(csFaq).where(eq(csFaq.id, id)).for('update');
    return row;
  }

  async texts(id: number): Promise<FaqTextRow[]> {
    return this.db.select().from(csFaqI18n).where(eq(csFaqI18n.faqId, id));
  }

  /** The names of the entry's question type and game in `lang` (en where missing). */
  async labels(row: Pick<FaqRow, 'questionTypeId' | 'gameBaseId'>, lang: string) {
    const pick = (rows: { lang: string; name: string }[]) =>
      (rows.find((r) => r.lang === lang) ?? rows.find((r) => r.lang === 'en'))?.name ?? null;
    const typeNames = await this.db
      .select({ lang: csQuestionTypeI18n.lang, name: csQuestionTypeI18n.name })
      .from(csQuestionTypeI18n)
      .where(
        and(
          eq(csQuestionTypeI18n.questionTypeId, row.questionTypeId),
          inArray(csQuestionTypeI18n.lang, [lang, 'en']),
        ),
      );
    const gameNames =
      row.gameBaseId === null
        ? []
        : await this.db
            .select({ lang: gameI18n.lang, name: gameI18n.name })
            .from(gameI18n)
            .where(and(eq(gameI18n.gameBaseId, row.gameBaseId), inArray(gameI18n.lang, [lang, 'en'])));
    return { typeName: pick(typeNames) ?? '', gameName: pick(gameNames) };
  }

  async insert(values: FaqValues & { slug: string; isOnline: boolean; at: Date }): Promise<FaqRow> {
    const [row] = await this.db
      .insert(csFaq)
      .values({
        slug: values.slug,
        gameBaseId: values.gameBaseId,
        questionTypeId: values.questionTypeId,
        onlineType: values.onlineType,
        onlineTime: values.onlineTime,
        isOnline: values.isOnline,
        sort: values.sort,
        createdAt: values.at,
        updatedAt: values.at,
      })
      .returning();
    return row!;
  }

  async update(
    id: number,
    patch: Partial<FaqValues> & { isOnline?: boolean; updatedAt: Date },
  ): Promise<FaqRow> {
    const [row] = await this.db.update(csFaq).set(patch).where(eq(csFaq.id, id)).returning();
    return row!;
  }

  /** Replaces the entry's texts with `texts` (a language not in it has none afterwards). */
  async replaceTexts(id: number, texts: { lang: string; title: string; content: string }[]): Promise<void> {
    await this.db.delete(csFaqI18n).where(eq(csFaqI18n.faqId, id));
    if (texts.length > 0) await this.db.insert(csFaqI18n).values(texts.map((t) => ({ faqId: id, ...t })));
  }

  /** Deletes the entry (its texts go with it). */
  async delete(id: number): Promise<void> {
    await this.db.delete(csFaq).where(eq(csFaq.id, id));
  }

  async questionType(id: number) {
    const [row] = await this.db
      .select({ id: csQuestionType.id, gameBaseId: csQuestionType.gameBaseId, forFaq: csQuestionType.forFaq })
      .from(csQuestionType)
      .where(eq(csQuestionType.id, id));
    return row;
  }

  async gameExists(gameBaseId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: game.gameBaseId })
      .from(game)
      .where(eq(game.gameBaseId, gameBaseId));
    return row !== undefined;
  }
}
