/** Reads of the public customer-service pages: games, question types and online FAQ entries per language. */
import { and, asc, desc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { textSearchTotalCap } from '@gp/contracts';
import { cappedTotal, countCapped } from '../../db/capped-count.ts';
import type { Db } from '../../db/database.ts';
import { localizedName, questionTypeNames } from '../../db/localized-name.ts';
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

  /**
   * One page of online FAQ entries in `lang` (else en) matching the filter, and how many match in all (up to the
   * cap), in the order of cs_faq_listing_idx. With a keyword two ways compete, and no single statement lets
   * PostgreSQL pick between them: a condition on the bigram indexes would be evaluated on every row of a walk along
   * the listing too (building an entry's pairs costs more than the exact test), and answering it through the index
   * reads every candidate, all the entries for a common word. So `walkMatches` walks the listing and tests each
   * entry; when the first entries show the keyword is rare (none of them holds it), the bigram
   * indexes narrow the entries first instead, at what the keyword's candidates cost.
   */
  async faqPage(filter: FaqFilter) {
    if (!filter.keyword) {
      const { listed, joined } = this.listing(filter);
      const rows = await this.pageRows(filter, listed, filter.offset);
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
    // The entries whose text in the language or in en may hold the keyword, found in the bigram indexes: the
    // exact test then runs on those only, not on every entry (same answer). None for a single character.
    const inTitle = mayContainText(csFaqI18n.title, filter.keyword);
    const inContent = mayContainText(csFaqI18n.content, filter.keyword);
    // A text search counts to `textSearchTotalCap` ("100+ answers"): a word in a twentieth of the entries is then
    // found in 2,000 of them rather than in all 20,000.
    const need = Math.max(textSearchTotalCap + 1, filter.offset + filter.limit);
    // Either way the matching ids come in the listing's order, as many as the page and the capped count need,
    // in one pass: the page is a slice of them and the count is how many there are.
    const candidates = inTitle && inContent ? or(inTitle, inContent) : undefined;
    const matches =
      (await this.walkMatches(filter, filter.keyword, need, candidates !== undefined)) ??
      // walkMatches gives up walking only when it was told the indexes can narrow: `candidates` is set.
      (await this.narrowedMatches(filter, filter.keyword, need, candidates!));
    const ids = matches.slice(filter.offset, filter.offset + filter.limit);
    const rows = ids.length > 0 ? await this.pageRows(filter, inArray(csFaq.id, ids), 0) : [];
    return { rows, counted: cappedTotal(matches.length, textSearchTotalCap) };
  }

  /**
   * The ids of the listed entries holding `keyword`, in the listing's order, up to `need`: the entries whose texts
   * in the language or en hold the keyword's pairs (`candidates`, from the bigram indexes), each then tested.
   */
  private async narrowedMatches(filter: FaqFilter, keyword: string, need: number, candidates: SQL) {
    const { title, content, joined, listed } = this.listing(filter);
    const found = await joined(this.db.select({ id: csFaq.id }).from(csFaq).$dynamic())
      .where(
        and(
          listed,
          or(containsText(title, keyword), containsText(content, keyword)),
          // `offset 0` keeps the candidates one bitmap scan of the indexes: pulled up into the join, PostgreSQL
          // may instead compute each entry's pairs as a filter (0.3 ms an entry: seconds for a common word).
          sql`${csFaq.id} in (${this.db
            .select({ id: csFaqI18n.faqId })
            .from(csFaqI18n)
            .where(and(inArray(csFaqI18n.lang, [filter.lang, 'en']), candidates))} offset 0)`,
        ),
      )
      .orderBy(...listingOrder)
      .limit(need);
    return found.map((r) => r.id);
  }

  private async pageRows(filter: FaqFilter, where: SQL, offset: number) {
    const { title, content, joined, listed } = this.listing(filter);
    return joined(
      this.db
        .select({
          id: csFaq.id,
          gameBaseId: csFaq.gameBaseId,
          questionTypeId: csFaq.questionTypeId,
          typeName: localizedName(questionTypeNames, csFaq.questionTypeId, filter.lang),
          title,
          content,
          onlineTime: csFaq.onlineTime,
        })
        .from(csFaq)
        .$dynamic(),
    )
      .where(and(listed, where))
      .orderBy(...listingOrder)
      .limit(filter.limit)
      .offset(offset);
  }

  /**
   * The ids of the listed entries holding `keyword`, in the listing's order, as many as the page and the capped
   * count need, found by walking the listing a chunk at a time (each chunk a bounded index walk, whatever the
   * planner thinks of the keyword); undefined when none of the first `walkProbe` entries holds it (the bigram
   * indexes then find the rest cheaper). A keyword in 1% of the entries is found `need` (about
   * `textSearchTotalCap`) times within about 10,000 entries, a commoner one sooner, whatever the table's size;
   * narrowing instead tests every candidate before the first page can be sorted, and the pairs of a word made of
   * common letters (a Vietnamese name: all 19,660 entries) narrow nothing.
   */
  private async walkMatches(
    filter: FaqFilter,
    keyword: string,
    need: number,
    canNarrow: boolean,
  ): Promise<number[] | undefined> {
    const found: number[] = [];
    let seen = 0;
    let after: { sort: number; at: string; id: number } | undefined;
    for (let size = walkProbe; ;) {
      const chunk = await this.walkChunk(filter, keyword, size, after);
      const hits = chunk.filter((r) => r.hit);
      if (canNarrow && !after && chunk.length === size && hits.length === 0) return undefined;
      found.push(...hits.map((r) => r.id));
      seen += chunk.length;
      if (found.length >= need || chunk.length < size) return found.slice(0, need);
      const last = chunk[chunk.length - 1]!;
      after = { sort: last.sort, at: last.at, id: last.id };
      // Enough entries for what is missing at the density seen so far, a fifth more, within bounds.
      const density = Math.max(found.length, 1) / seen;
      size = Math.min(walkChunk, Math.max(walkProbe, Math.ceil(((need - found.length) * 1.2) / density)));
    }
  }

  /** The next `size` entries of the listing after `after`, each with whether it is listed and holds `keyword`. */
  private async walkChunk(
    filter: FaqFilter,
    keyword: string,
    size: number,
    after: { sort: number; at: string; id: number } | undefined,
  ) {
    const own = ownConditions(filter);
    if (after) {
      // After the last entry in (sort, online_time desc, id desc); online_time as text keeps its microseconds.
      const at = sql`${after.at}::timestamptz`;
      own.push(
        sql`(${csFaq.sort} > ${after.sort} or (${csFaq.sort} = ${after.sort} and (${csFaq.onlineTime} < ${at} or (${csFaq.onlineTime} = ${at} and ${csFaq.id} < ${after.id}))))`,
      );
    }
    const head = this.db
      .select({
        id: csFaq.id,
        sort: csFaq.sort,
        onlineTime: csFaq.onlineTime,
        at: sql<string>`${csFaq.onlineTime}::text`.as('at'),
        questionTypeId: csFaq.questionTypeId,
      })
      .from(csFaq)
      .where(and(...own))
      .orderBy(...listingOrder)
      .limit(size)
      .as('head');
    const local = alias(csFaqI18n, 'faq_local');
    const fallback = alias(csFaqI18n, 'faq_en');
    const title = sql`coalesce(${local.title}, ${fallback.title})`;
    const content = sql`coalesce(${local.content}, ${fallback.content})`;
    return this.db
      .select({
        id: head.id,
        sort: head.sort,
        at: head.at,
        hit: sql<boolean>`coalesce(${csQuestionType.isOnline} and ${title} is not null and (${containsText(title, keyword)} or ${containsText(content, keyword)}), false)`,
      })
      .from(head)
      .leftJoin(csQuestionType, eq(csQuestionType.id, head.questionTypeId))
      .leftJoin(local, and(eq(local.faqId, head.id), eq(local.lang, filter.lang)))
      .leftJoin(fallback, and(eq(fallback.faqId, head.id), eq(fallback.lang, 'en')))
      .orderBy(asc(head.sort), desc(head.onlineTime), desc(head.id));
  }

  /** The listed entries (online, not scheduled for later, of an online type) with their texts in `lang` and en. */
  private listing(filter: FaqFilter) {
    const local = alias(csFaqI18n, 'faq_local');
    const fallback = alias(csFaqI18n, 'faq_en');
    const title = sql<string>`coalesce(${local.title}, ${fallback.title})`;
    const content = sql<string>`coalesce(${local.content}, ${fallback.content})`;
    const conditions = [
      ...ownConditions(filter),
      eq(csQuestionType.isOnline, true),
      sql`${title} is not null`,
    ];
    const joined = <T extends PgSelect>(query: T) =>
      query
        .innerJoin(csQuestionType, eq(csQuestionType.id, csFaq.questionTypeId))
        .leftJoin(local, and(eq(local.faqId, csFaq.id), eq(local.lang, filter.lang)))
        .leftJoin(fallback, and(eq(fallback.faqId, csFaq.id), eq(fallback.lang, 'en')));
    return { title, content, joined, listed: and(...conditions)! };
  }
}

/** What the filter asks of the entry's own row: online, not scheduled for later, of the game, of the type. */
function ownConditions(filter: FaqFilter): SQL[] {
  const own: SQL[] = [eq(csFaq.isOnline, true), lte(csFaq.onlineTime, filter.now)];
  if (filter.gameBaseId !== undefined) {
    own.push(or(isNull(csFaq.gameBaseId), eq(csFaq.gameBaseId, filter.gameBaseId))!);
  }
  if (filter.questionTypeId !== undefined) own.push(eq(csFaq.questionTypeId, filter.questionTypeId));
  return own;
}

/** The players' FAQ order, as cs_faq_listing_idx holds it. */
const listingOrder = [asc(csFaq.sort), desc(csFaq.onlineTime), desc(csFaq.id)];
/** How many entries `walkMatches` looks at before it decides to walk on, and how many it reads at a time then. */
const walkProbe = 100;
const walkChunk = 2000;
