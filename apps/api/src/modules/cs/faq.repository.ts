/** Reads of the public customer-service pages: games, question types and online FAQ entries per language. */
import { and, asc, desc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { countCapped } from '../../db/capped-count.ts';
import type { Db } from '../../db/database.ts';
import { containsText, mayContainText } from '../../db/text-search.ts';
import { csFaq, csFaqI18n, csQuestionType, csQuestionTypeI18n } from '../../db/schema/cs.schema.ts';
import { game, gameI18n } from '../../db/schema/game.schema.ts';

export interface FaqFilter {
  lang: string;
  gameBaseId?: number;
  questionTypeId?: number;
  keyword?: string;
  now: Date;
  offset: number;
  limit: number;
}

export class FaqRepository {
  constructor(private readonly db: Db) {}

  /** Online games in display order, with their names in `langs` (the caller picks the best one). */
  async onlineGames(langs: readonly string[]) {
    return this.db
      .select({
        gameBaseId: game.gameBaseId,
        iconMediaId: game.iconMediaId,
        lang: gameI18n.lang,
        name: gameI18n.name,
      })
      .from(game)
      .innerJoin(gameI18n, and(eq(gameI18n.gameBaseId, game.gameBaseId), inArray(gameI18n.lang, [...langs])))
      .where(eq(game.isOnline, true))
      .orderBy(asc(game.sort), asc(game.gameBaseId));
  }

  /** Online question types for a usage (and a game: every game's plus its own), with names in `langs`. */
  async questionTypes(filter: { usage?: 1 | 2; gameBaseId?: number; langs: readonly string[] }) {
    const conditions: SQL[] = [eq(csQuestionType.isOnline, true)];
    if (filter.usage === 1) conditions.push(eq(csQuestionType.forFaq, true));
    if (filter.usage === 2) conditions.push(eq(csQuestionType.forTicket, true));
    if (filter.gameBaseId !== undefined) {
      const ofGame = or(isNull(csQuestionType.gameBaseId), eq(csQuestionType.gameBaseId, filter.gameBaseId));
      if (ofGame) conditions.push(ofGame);
    } else {
      conditions.push(isNull(csQuestionType.gameBaseId));
    }
    return this.db
      .select({
        id: csQuestionType.id,
        slug: csQuestionType.slug,
        gameBaseId: csQuestionType.gameBaseId,
        lang: csQuestionTypeI18n.lang,
        name: csQuestionTypeI18n.name,
      })
      .from(csQuestionType)
      .innerJoin(
        csQuestionTypeI18n,
        and(
          eq(csQuestionTypeI18n.questionTypeId, csQuestionType.id),
          inArray(csQuestionTypeI18n.lang, [...filter.langs]),
        ),
      )
      .where(and(...conditions))
      .orderBy(asc(csQuestionType.sort), asc(csQuestionType.id));
  }

  /** One page of online FAQ entries in `lang` (else en) matching the filter, and how many match in all. */
  async faqPage(filter: FaqFilter) {
    const local = alias(csFaqI18n, 'faq_local');
    const fallback = alias(csFaqI18n, 'faq_en');
    const typeLocal = alias(csQuestionTypeI18n, 'type_local');
    const typeFallback = alias(csQuestionTypeI18n, 'type_en');
    const title = sql<string>`coalesce(${local.title}, ${fallback.title})`;
    const content = sql<string>`coalesce(${local.content}, ${fallback.content})`;

    const conditions: SQL[] = [
      eq(csFaq.isOnline, true),
      lte(csFaq.onlineTime, filter.now),
      eq(csQuestionType.isOnline, true),
      sql`${title} is not null`,
    ];
    if (filter.gameBaseId !== undefined) {
      const ofGame = or(isNull(csFaq.gameBaseId), eq(csFaq.gameBaseId, filter.gameBaseId));
      if (ofGame) conditions.push(ofGame);
    }
    if (filter.questionTypeId !== undefined) conditions.push(eq(csFaq.questionTypeId, filter.questionTypeId));
    if (filter.keyword) {
      const found = or(containsText(title, filter.keyword), containsText(content, filter.keyword));
      if (found) conditions.push(found);
      // The entries whose text in the language or in en may hold the keyword, found in the bigram indexes: the
      // exact test above then runs on those only, not on every entry (same answer, no scan of the table).
      const inTitle = mayContainText(csFaqI18n.title, filter.keyword);
      const inContent = mayContainText(csFaqI18n.content, filter.keyword);
      if (inTitle && inContent) {
        conditions.push(
          inArray(
            csFaq.id,
            this.db
              .select({ id: csFaqI18n.faqId })
              .from(csFaqI18n)
              .where(and(inArray(csFaqI18n.lang, [filter.lang, 'en']), or(inTitle, inContent))),
          ),
        );
      }
    }
    const where = and(...conditions);

    const rows = await this.db
      .select({
        id: csFaq.id,
        gameBaseId: csFaq.gameBaseId,
        questionTypeId: csFaq.questionTypeId,
        typeName: sql<string>`coalesce(${typeLocal.name}, ${typeFallback.name}, '')`,
        title,
        content,
        onlineTime: csFaq.onlineTime,
      })
      .from(csFaq)
      .innerJoin(csQuestionType, eq(csQuestionType.id, csFaq.questionTypeId))
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
      .where(where)
      .orderBy(asc(csFaq.sort), desc(csFaq.onlineTime), desc(csFaq.id))
      .limit(filter.limit)
      .offset(filter.offset);
    const counted = await countCapped(
      this.db,
      this.db
        .select({ one: sql`1` })
        .from(csFaq)
        .innerJoin(csQuestionType, eq(csQuestionType.id, csFaq.questionTypeId))
        .leftJoin(local, and(eq(local.faqId, csFaq.id), eq(local.lang, filter.lang)))
        .leftJoin(fallback, and(eq(fallback.faqId, csFaq.id), eq(fallback.lang, 'en')))
        .where(where)
        .$dynamic(),
    );
    return { rows, counted };
  }
}
