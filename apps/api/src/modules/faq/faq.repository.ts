/** Reads of the public customer-service pages: games, question types and online FAQ entries per language. */
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { countCapped } from '../../db/capped-count.ts';
import { gameList, onlineList } from '../../db/online-list.ts';
import type { Db } from '../../db/database.ts';
import { preparedShape, ShapeFilters } from '../../db/prepared-shape.ts';
import { localizedName, questionTypeNames } from '../../db/localized-name.ts';
import {
  csFaq,
  csFaqI18n,
  csFaqVersion,
  csQuestionType,
  csQuestionTypeI18n,
} from '../../db/schema/cs.schema.ts';
import { game, gameI18n } from '../../db/schema/game.schema.ts';
import type { FaqCorpusEntry } from './faq-search.index.ts';

export interface FaqFilter {
  lang: string;
  gameBaseId?: number;
  questionTypeId?: number;
  now: Date;
  offset: number;
  limit: number;
}

export class FaqRepository {
  constructor(private readonly db: Db) {}

  /** Online games in display order, with their names in `langs` (the caller picks the best one). */
  async onlineGames(langs: readonly string[]) {
    const { gameBaseId, iconMediaId } = game;
    const { lang, name } = gameI18n;
    return onlineList(this.db, gameList, langs, { gameBaseId, iconMediaId, lang, name });
  }

  /**
   * Question types in display order with their names in `langs`, for a usage (1 FAQ, 2 tickets) and a game (every
   * game's and its own). Players (`online`) see the online ones only, and without a game the ones of every game;
   * staff see all of them.
   */
  async questionTypes(filter: {
    usage?: 1 | 2;
    gameBaseId?: number;
    langs: readonly string[];
    online: boolean;
  }) {
    const conditions: SQL[] = [];
    if (filter.online) conditions.push(eq(csQuestionType.isOnline, true));
    if (filter.usage === 1) conditions.push(eq(csQuestionType.forFaq, true));
    if (filter.usage === 2) conditions.push(eq(csQuestionType.forTicket, true));
    if (filter.gameBaseId !== undefined) {
      const ofGame = or(isNull(csQuestionType.gameBaseId), eq(csQuestionType.gameBaseId, filter.gameBaseId));
      if (ofGame) conditions.push(ofGame);
    } else if (filter.online) {
      conditions.push(isNull(csQuestionType.gameBaseId));
    }
    const { id, slug, gameBaseId, forFaq, forTicket, isOnline } = csQuestionType;
    const { lang, name } = csQuestionTypeI18n;
    return this.db
      .select({ id, slug, gameBaseId, forFaq, forTicket, isOnline, lang, name })
      .from(csQuestionType)
      .innerJoin(
        csQuestionTypeI18n,
        and(eq(csQuestionTypeI18n.questionTypeId, id), inArray(lang, [...filter.langs])),
      )
      .where(conditions.length > 0 ? and(...conditions) : undefined)
      .orderBy(asc(csQuestionType.sort), asc(id));
  }

  /**
   * One page of online FAQ entries in `lang` (else en) matching the filter, and how many match in all (up to the
   * cap), in the order of cs_faq_listing_idx. (A keyword search finds its entries in memory, faq-search.index.ts,
   * then reads them with `entries`.)
   */
  async faqPage(filter: FaqFilter) {
    const { listed, joined } = this.listing(filter);
    const rows = await this.rowsOf(filter.lang, and(...faqFilters(filter).conditions(false))!)
      .limit(filter.limit)
      .offset(filter.offset);
    // In the page's order, so that the count walks the same index and stops at the cap.
    const counted = await countCapped(
      this.db,
      joined(
        this.db
          .select({ one: sql`1` })
          .from(csFaq)
          .$dynamic(),
      )
        .where(listed)
        .orderBy(...listingOrder),
    );
    return { rows, counted };
  }

  /**
   * The listed entries among `ids`, as a page shows them, in the listing's order: prepared per shape
   * (prepared-shape.ts), since every keyword search of the players ends here.
   */
  async entries(filter: FaqFilter, ids: readonly number[]) {
    if (ids.length === 0) return [];
    const filters = faqFilters(filter);
    const query = preparedShape(this.db, `cs.faq-entries:${filters.names}:${filter.lang}`, () =>
      this.rowsOf(
        filter.lang,
        and(...filters.conditions(true), sql`${csFaq.id} = any(${sql.placeholder('ids')}::int[])`)!,
      ),
    );
    return query.execute({ ...filters.values, ids: [...ids] });
  }

  /**
   * Every entry the FAQ may list in `lang` - online, of an online question type, with a text in the language or
   * en - whatever its online time, in the listing's order, with that text: what the in-memory search looks in.
   */
  async corpus(lang: string): Promise<FaqCorpusEntry[]> {
    return this.rowsOf(lang);
  }

  /** cs_faq_version's number: it moves with every change to what the FAQ lists or finds (migration 0036). */
  async version(): Promise<number> {
    const [row] = await this.db.select({ version: csFaqVersion.version }).from(csFaqVersion);
    return row?.version ?? 0;
  }

  /**
   * The entries the FAQ may list in `lang` (listable) under `where` - the filter's own conditions, none for every
   * one - as a page shows them, in the listing's order.
   */
  private rowsOf(lang: string, where?: SQL) {
    const { title, content, joined, listable } = this.texts(lang);
    return joined(
      this.db
        .select({
          id: csFaq.id,
          gameBaseId: csFaq.gameBaseId,
          questionTypeId: csFaq.questionTypeId,
          typeName: localizedName(questionTypeNames, csFaq.questionTypeId, lang),
          title,
          content,
          onlineTime: csFaq.onlineTime,
        })
        .from(csFaq)
        .$dynamic(),
    )
      .where(and(listable, where))
      .orderBy(...listingOrder);
  }

  /**
   * The entries with their texts in `lang` (else en), and what lets one be listed whenever and under whatever
   * filter: online, of an online type, with a text.
   */
  private texts(lang: string) {
    const local = alias(csFaqI18n, 'faq_local');
    const fallback = alias(csFaqI18n, 'faq_en');
    const title = sql<string>`coalesce(${local.title}, ${fallback.title})`;
    const content = sql<string>`coalesce(${local.content}, ${fallback.content})`;
    const joined = <T extends PgSelect>(query: T) =>
      query
        .innerJoin(csQuestionType, eq(csQuestionType.id, csFaq.questionTypeId))
        .leftJoin(local, and(eq(local.faqId, csFaq.id), eq(local.lang, lang)))
        .leftJoin(fallback, and(eq(fallback.faqId, csFaq.id), eq(fallback.lang, 'en')));
    const listable = and(
      eq(csFaq.isOnline, true),
      eq(csQuestionType.isOnline, true),
      sql`${title} is not null`,
    )!;
    return { title, content, joined, listable };
  }

  /** The listed entries (listable, not scheduled for later, of the filter's game and type) with their texts. */
  private listing(filter: FaqFilter) {
    const texts = this.texts(filter.lang);
    return { ...texts, listed: and(texts.listable, ...faqFilters(filter).conditions(false))! };
  }
}

/**
 * What the filter asks of the entry's own row - not scheduled for later, of the game (or every game), of the type -
 * as SQL with its values or, for a prepared shape, with placeholders.
 */
function faqFilters(filter: FaqFilter) {
  return new ShapeFilters()
    .add('now', filter.now.toISOString(), (v) => sql`${csFaq.onlineTime} <= ${v}::timestamptz`)
    .add('game', filter.gameBaseId, (v) => or(isNull(csFaq.gameBaseId), eq(csFaq.gameBaseId, v)))
    .add('type', filter.questionTypeId, (v) => eq(csFaq.questionTypeId, v));
}

/** The players' FAQ order, as cs_faq_listing_idx holds it. */
const listingOrder = [asc(csFaq.sort), desc(csFaq.onlineTime), desc(csFaq.id)];
