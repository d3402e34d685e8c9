/**
 * The desk's reads: the ticket queue with every filter (spec 3 "Ticket"), one ticket as staff see it, and FAQ
 * titles for the reply editor. The filters touch only the ticket row and correlated look-ups into its thread, so
 * the count runs without the joins; the time range is always bounded (the service sees to it) and rides
 * cs_work_order_created_idx / cs_work_order_status_created_idx, the default order cs_work_order_last_asked_idx.
 */
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { deskOrderKeys } from '@gp/contracts/desk';
import { rowsOf, type Db } from '../../../db/database.ts';
import {
  csFaq,
  csFaqI18n,
  csWorkOrder,
  csWorkOrderMessage,
  csWorkOrderSearch,
} from '../../../db/schema/cs.schema.ts';
import { gameI18n } from '../../../db/schema/game.schema.ts';
import { member } from '../../../db/schema/member.schema.ts';
import { cappedTotal, countCapped, matching } from '../../../db/capped-count.ts';
import { cappedCountColumn, preparedShape, ShapeFilters, totalOfPage } from '../../../db/prepared-shape.ts';
import { pageTotalCap, textSearchTotalCap } from '@gp/contracts';
import {
  containsText,
  mayContainTriples,
  termsQuery,
  trigramQuery,
  trigramTerms,
} from '../../../db/text-search.ts';
import { gameNames, localizedName, lookUp, questionTypeNames } from '../../../db/localized-name.ts';

export interface TicketFilter {
  /** One ticket by its number. */
  id?: number | undefined;
  status?: number | undefined;
  gameBaseId?: number | undefined;
  questionTypeId?: number | undefined;
  characterId?: string | undefined;
  mid?: number | undefined;
  /** 0: the member's message is the latest; 1: a reply is. */
  replyStatus?: 0 | 1 | undefined;
  questionKeyword?: string | undefined;
  contentKeyword?: string | undefined;
  answerKeyword?: string | undefined;
  operatorName?: string | undefined;
  /** created_at bounds: inclusive, exclusive. */
  createdFrom?: Date | undefined;
  createdBefore?: Date | null | undefined;
}

export interface TicketOrder {
  key: (typeof deskOrderKeys)[number];
  type: 'asc' | 'desc';
}

const orderColumns = {
  created_at: csWorkOrder.createdAt,
  updated_at: csWorkOrder.updatedAt,
  last_asked_at: csWorkOrder.lastAskedAt,
  work_order_id: csWorkOrder.id,
} as const;

/**
 * True when the latest message the member sees is a reply (reply_status 1): stored on the ticket and kept by the
 * triggers of migration 0032 on its thread, so filters and the `waiting` order read it from an index.
 */
const answered = csWorkOrder.answered;

/**
 * How the keywords (question, content, answer) are looked for. `triples`: the character triples of each ticket's
 * title and thread (cs_work_order_search, migration 0044) find the candidates first - which suits a keyword in a
 * few tickets; with RUM the default order's candidates come newest first (`newestFirstIds`), else all of them
 * once. `walk`: the tickets are read in the page's order and each one's title or few messages looked into until
 * the page and the count are full, which suits any keyword a page's worth of tickets holds (the pieces of such a
 * word are common: at scale 1 a Vietnamese name had 411,515 candidate messages by its pairs for 12,592 matches).
 * The `offset 0` of each sub-select keeps it what it says: the candidates one index scan, the walk's check per
 * ticket - pulled into the outer query, PostgreSQL computed every row's pieces as a filter (38 s a search).
 */
export type KeywordSearch = 'triples' | 'walk';

/**
 * `condition` as a sub-select PostgreSQL cannot estimate, so that it walks the page's index and stops rather than
 * reading and sorting the whole time range (estimated at a few rows, a text test made it do that: 190 ms against
 * 4 ms for a common Thai title word at scale 1); `offset 0` keeps the sub-select from being pulled up.
 */
const walked = (condition: SQL) => sql`exists (select 1 where ${condition} offset 0)`;

const kindList = (kinds: readonly string[]) =>
  sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );

/** A message of the ticket's thread of these kinds contains `keyword` (recalled replies too). */
function threadContains(kinds: readonly string[], keyword: string, search: KeywordSearch): SQL {
  const m = csWorkOrderMessage;
  const inThread = sql`exists (select 1 from ${m} where ${m.workOrderId} = ${csWorkOrder.id} and ${m.kind} in (${kindList(kinds)}) and ${containsText(m.content, keyword)} offset 0)`;
  const candidates = search === 'triples' ? mayContainTriples(threadColumn(kinds), keyword) : undefined;
  return candidates ? sql`${candidatesOf(candidates)} and ${inThread}` : inThread;
}

/** The column of cs_work_order_search holding the triples of a thread's messages of these kinds. */
const threadColumn = (kinds: readonly string[]) =>
  kinds.includes('reply') ? csWorkOrderSearch.replied : csWorkOrderSearch.asked;

/** The tickets whose triples meet `condition` (a `mayContainTriples`), one index scan (`offset 0`). */
const candidatesOf = (condition: SQL) =>
  sql`${csWorkOrder.id} in (select ${csWorkOrderSearch.workOrderId} from ${csWorkOrderSearch} where ${condition} offset 0)`;

/** The ticket's question title contains `keyword` (walking, a test the planner cannot estimate: `walked`). */
function titleContains(keyword: string, search: KeywordSearch): SQL {
  const candidates = search === 'triples' ? mayContainTriples(csWorkOrderSearch.title, keyword) : undefined;
  const contains = containsText(csWorkOrder.title, keyword);
  return candidates ? sql`${contains} and ${candidatesOf(candidates)}` : walked(contains);
}

/** The filter's keywords with the triples column each is looked for in: title, then the member's, then replies. */
const keywordsByColumn = (filter: TicketFilter) =>
  (
    [
      { keyword: filter.questionKeyword, column: csWorkOrderSearch.title, name: 'title' },
      { keyword: filter.contentKeyword, column: csWorkOrderSearch.asked, name: 'asked' },
      { keyword: filter.answerKeyword, column: csWorkOrderSearch.replied, name: 'replied' },
    ] as const
  ).flatMap(({ keyword, ...rest }) => (keyword ? [{ keyword, ...rest }] : []));

/** Each keyword's `mayContainTriples` on its column. */
const keywordColumns = (filter: TicketFilter) =>
  keywordsByColumn(filter).flatMap(({ keyword, column }) => {
    const condition = mayContainTriples(column, keyword);
    return condition ? [condition] : [];
  });

/**
 * A keyword is rare - looked for through its rarest triples without the probe - when PostgreSQL's statistics of
 * its column hold that fewer than `rareShare` of the tickets have its rarest triple (ANALYZE keeps the most common
 * lexemes of a tsvector column and the share of rows holding each), read again after `statisticsMs`.
 */
const rareShare = 0.01;
const rareTriples = 2;
const statisticsMs = 10 * 60_000;

/** By cs_work_order_search column, how common each of its most common triples is (share of rows). */
type TripleStatistics = Map<string, Map<string, number>>;

/** One column's row of pg_stats as `tripleStatistics` reads it. */
interface StatisticsRow {
  name: string;
  triples: string[];
  shares: number[];
}

/**
 * Whether the keywords are common is told by the first `probeSize` tickets of the page's order under the other
 * filters: `walkHits` of them holding the keywords (1%) bound the walk's cost - the count needs about
 * `textSearchTotalCap` / 1% = 10,000 tickets at most, a page far fewer; rarer keywords go through the triples.
 */
const probeSize = 1000;
const walkHits = 10;

/**
 * Since when a ticket has waited for us: its latest question or follow-up while that is the latest message the
 * member sees and the ticket is open (status 3 is closed); null otherwise.
 */
const waitingSince = sql`(case when ${csWorkOrder.status} <> 3 and not ${answered} then ${csWorkOrder.lastAskedAt} end)`;

/**
 * The queue's sort, the id breaking ties the same way. `waiting` desc puts the longest wait first (the oldest
 * `waitingSince`) and the tickets not waiting for us last; asc the reverse.
 */
function orderBy(order: TicketOrder): SQL[] {
  const by = order.type === 'asc' ? asc : desc;
  if (order.key === 'waiting') {
    const wait =
      order.type === 'desc' ? sql`${waitingSince} asc nulls last` : sql`${waitingSince} desc nulls first`;
    return [wait, by(csWorkOrder.id)];
  }
  return [by(orderColumns[order.key]), by(csWorkOrder.id)];
}

/** The filter's text tests: the keywords of the question and the thread, the operator's name. */
const keywordsOf = (filter: TicketFilter) =>
  [filter.questionKeyword, filter.contentKeyword, filter.answerKeyword].filter((k): k is string => !!k);
const isTextSearch = (filter: TicketFilter) => keywordsOf(filter).length > 0 || !!filter.operatorName;

/** The filters other than the text tests: a prepared page's shape and placeholders (prepared-shape.ts). */
const valueFilters = (filter: TicketFilter) =>
  new ShapeFilters()
    .add('id', filter.id, (v) => eq(csWorkOrder.id, v))
    .add('status', filter.status, (v) => eq(csWorkOrder.status, v))
    .add('gameBaseId', filter.gameBaseId, (v) => eq(csWorkOrder.gameBaseId, v))
    .add('questionTypeId', filter.questionTypeId, (v) => eq(csWorkOrder.questionTypeId, v))
    .add('characterId', filter.characterId, (v) => eq(csWorkOrder.characterId, v))
    .add('mid', filter.mid, (v) => eq(csWorkOrder.mid, v))
    .add('answered', filter.replyStatus === undefined ? undefined : filter.replyStatus === 1, (v) =>
      eq(answered, v),
    )
    .add('createdFrom', filter.createdFrom?.toISOString(), (v) => sql`${csWorkOrder.createdAt} >= ${v}`)
    .add('createdBefore', filter.createdBefore?.toISOString(), (v) => sql`${csWorkOrder.createdAt} < ${v}`);

/** A day in milliseconds: the days of gp_day() (migration 0035). */
const dayMs = 86_400_000;

/**
 * The days of creation (gp_day) a closed time range touches, when the page is sorted by last asked or last
 * updated: the orders that the range's own index cannot give (DeskRepository `dayWalks`).
 */
function daysOf(filter: TicketFilter, order: TicketOrder): { first: number; last: number } | undefined {
  if (!filter.createdFrom || !filter.createdBefore) return undefined;
  if (order.key !== 'last_asked_at' && order.key !== 'updated_at') return undefined;
  return {
    first: Math.floor(filter.createdFrom.getTime() / dayMs),
    last: Math.floor((filter.createdBefore.getTime() - 1) / dayMs),
  };
}

export type DeskTicketRow = Awaited<ReturnType<DeskRepository['rows']>>[number];

export class DeskRepository {
  constructor(private readonly db: Db) {}

  /** The filter as SQL; `prepared`: its values as placeholders (`valueFilters`; text tests are never prepared). */
  private conditions(
    filter: TicketFilter,
    search: KeywordSearch = 'triples',
    prepared = false,
  ): SQL | undefined {
    const c = valueFilters(filter).conditions(prepared);
    if (filter.questionKeyword) c.push(titleContains(filter.questionKeyword, search));
    if (filter.contentKeyword) {
      c.push(threadContains(['question', 'follow_up'], filter.contentKeyword, search));
    }
    if (filter.answerKeyword) c.push(threadContains(['reply'], filter.answerKeyword, search));
    if (filter.operatorName) {
      // Walked like a common keyword: the agents' names share their letters, no index helps.
      c.push(walked(containsText(csWorkOrder.operatorName, filter.operatorName)));
    }
    return and(...c);
  }

  /** The queue's rows: the ticket, names in `lang` (else en), the member's nickname, whether answered. */
  private select(lang: string) {
    return this.db.select(this.columns(lang)).from(csWorkOrder);
  }

  private columns(lang: string) {
    return {
      row: csWorkOrder,
      gameName: localizedName(gameNames, csWorkOrder.gameBaseId, lang),
      typeName: localizedName(questionTypeNames, csWorkOrder.questionTypeId, lang),
      nickname: lookUp<string>(member.nickName, member.mid, csWorkOrder.mid),
      answered,
    };
  }

  /**
   * How to look for the filter's keywords (see KeywordSearch), told by the first `probeSize` tickets of the order
   * under the other filters: walk when `walkHits` of them hold the keywords, or when a keyword has no pair the
   * indexes know. `probed`: the ids of those holding them, in the page's order, at most `wanted` - the search's
   * first ones. A keyword the statistics know to be rare skips the probe: `rare` is its rarest triples' condition
   * (`rareKeyword`), which the newest-first walk of the index follows.
   */
  private async probe(
    filter: TicketFilter,
    order: TicketOrder,
    wanted: number,
  ): Promise<{ search: KeywordSearch; probed?: number[]; rare?: SQL }> {
    const keywords = keywordsOf(filter);
    // The operator's name alone: walked whatever the search (see `conditions`).
    if (keywords.length === 0) return { search: 'walk' };
    // A keyword without a triple or pair the index holds (one character, or only cased non-ASCII letters) can only
    // be walked.
    if (keywords.some((k) => trigramQuery(k) === undefined)) return { search: 'walk' };
    const rare = await this.rareKeyword(filter);
    if (rare) return { search: 'triples', rare };
    const others = {
      ...filter,
      questionKeyword: undefined,
      contentKeyword: undefined,
      answerKeyword: undefined,
    };
    const first = this.db
      .select({ id: csWorkOrder.id })
      .from(csWorkOrder)
      .where(this.conditions(others))
      .orderBy(...orderBy(order))
      .limit(probeSize);
    // `= any(array(...))`: the first tickets looked up by key, then tested and sorted; as `in (...)` PostgreSQL may
    // walk the order's whole index testing membership instead, when the keywords are rare.
    const probed = await this.firstIds(
      and(sql`${csWorkOrder.id} = any(array(${first}))`, this.conditions(filter, 'walk')),
      order,
      wanted,
    );
    return { search: probed.length >= walkHits ? 'walk' : 'triples', probed };
  }

  /** The filtered tickets in the asked order (the id breaks ties), `limit` from `offset`. */
  async rows(
    filter: TicketFilter,
    order: TicketOrder,
    lang: string,
    offset: number,
    limit: number,
    search?: KeywordSearch,
  ) {
    return this.select(lang)
      .where(this.conditions(filter, search ?? (await this.probe(filter, order, walkHits)).search))
      .orderBy(...orderBy(order))
      .limit(limit)
      .offset(offset);
  }

  /**
   * What a per-language batch reply fills into each ticket's text: its language, the member's nickname, the
   * game's name in the ticket's language (else en) and in en, and the linked order's number. Tickets that do not
   * exist are missing.
   */
  async replyTargets(ids: readonly number[]) {
    if (ids.length === 0) return [];
    const gameLocal = alias(gameI18n, 'game_local');
    const gameEn = alias(gameI18n, 'game_en');
    return this.db
      .select({
        id: csWorkOrder.id,
        lang: csWorkOrder.lang,
        nickname: member.nickName,
        orderNo: csWorkOrder.orderNo,
        gameName: sql<string>`coalesce(${gameLocal.name}, ${gameEn.name}, '')`,
        gameNameEn: sql<string>`coalesce(${gameEn.name}, '')`,
      })
      .from(csWorkOrder)
      .innerJoin(member, eq(member.mid, csWorkOrder.mid))
      .leftJoin(
        gameLocal,
        and(eq(gameLocal.gameBaseId, csWorkOrder.gameBaseId), eq(gameLocal.lang, csWorkOrder.lang)),
      )
      .leftJoin(gameEn, and(eq(gameEn.gameBaseId, csWorkOrder.gameBaseId), eq(gameEn.lang, 'en')))
      .where(inArray(csWorkOrder.id, [...ids]));
  }

  /** One page of the filtered tickets, and how many match (up to the cap of capped-count.ts). */
  async page(filter: TicketFilter, order: TicketOrder, lang: string, offset: number, limit: number) {
    if (!isTextSearch(filter)) return this.preparedPage(filter, order, lang, offset, limit);
    const ids = await this.textSearchIds(filter, order, Math.max(textSearchTotalCap + 1, offset + limit));
    const pageIds = ids.slice(offset, offset + limit);
    const found = pageIds.length
      ? await this.select(lang).where(inArray(csWorkOrder.id, pageIds))
      : ([] as DeskTicketRow[]);
    const byId = new Map(found.map((r) => [r.row.id, r]));
    return {
      rows: pageIds.flatMap((id) => byId.get(id) ?? []),
      counted: cappedTotal(ids.length, textSearchTotalCap),
    };
  }

  /**
   * The first `wanted` tickets of a text search in the page's order: the page and its count ("100+") in one pass,
   * the probe's (`probe`) when it holds them all, else down the whole order as the probe tells.
   */
  private async textSearchIds(filter: TicketFilter, order: TicketOrder, wanted: number): Promise<number[]> {
    const { search, probed, rare } = await this.probe(filter, order, wanted);
    if (probed && probed.length >= wanted) return probed;
    if (search === 'triples' && order.key === 'last_asked_at' && (await this.searchIndex()) === 'rum') {
      return this.newestFirstIds(filter, order, wanted, rare);
    }
    return this.firstIds(this.conditions(filter, search), order, wanted);
  }

  private statistics: { at: number; value: Promise<TripleStatistics> } | undefined;

  /** `TripleStatistics` as ANALYZE last left them (none before the first). */
  private tripleStatistics(): Promise<TripleStatistics> {
    const now = Date.now();
    if (!this.statistics || now - this.statistics.at > statisticsMs) {
      const value = this.db
        .execute(
          sql`select s.attname as name, s.most_common_elems::text::text[] as triples,
            s.most_common_elem_freqs::float8[] as shares
          from pg_stats s where s.schemaname = current_schema() and s.tablename = 'cs_work_order_search'
            and s.most_common_elems is not null`,
        )
        .then((result) => {
          const rows = rowsOf<StatisticsRow>(result);
          return new Map(
            rows.map((r) => [r.name, new Map(r.triples.map((t, i) => [t, Number(r.shares[i])]))]),
          );
        })
        .catch(() => {
          // Searched as without statistics (the probe decides), and asked again at the next search.
          this.statistics = undefined;
          return new Map<string, Map<string, number>>();
        });
      this.statistics = { at: now, value };
    }
    return this.statistics.value;
  }

  /**
   * The condition that finds the filter's rarest keyword by its rarest triples (`rareTriples` of them, through the
   * index), when the statistics hold that fewer than `rareShare` of the tickets have them; undefined when no
   * keyword is known to be that rare (or nothing was analyzed yet): the probe decides then. A triple the statistics
   * do not list is rarer than any they do (at scale 1 the least common listed is in 0.3% of the titles, 2.7% of
   * the threads), which bounds the index entries a search reads.
   */
  async rareKeyword(filter: TicketFilter): Promise<SQL | undefined> {
    const statistics = await this.tripleStatistics();
    let rarest: { condition: SQL; share: number } | undefined;
    for (const { keyword, column, name } of keywordsByColumn(filter)) {
      const terms = trigramTerms(keyword);
      const shares = statistics.get(name);
      // Pairs stand for every triple they start: no statistic says how common that is.
      if (!terms || terms.prefix || !shares) continue;
      const shareOf = (group: readonly string[]) => group.reduce((sum, t) => sum + (shares.get(t) ?? 0), 0);
      const groups = [...terms.groups].sort((a, b) => shareOf(a) - shareOf(b)).slice(0, rareTriples);
      const share = shareOf(groups[0]!);
      if (share < rareShare && (!rarest || share < rarest.share)) {
        rarest = { condition: sql`${column} @@ ${termsQuery(terms, groups)}::tsquery`, share };
      }
    }
    return rarest?.condition;
  }

  private searchIndexKind: Promise<'rum' | 'gin'> | undefined;

  /** Which index migration 0044 gave cs_work_order_search: RUM where the server has it, else GIN. */
  searchIndex(): Promise<'rum' | 'gin'> {
    this.searchIndexKind ??= this.db
      .execute(
        sql`select exists (select 1 from pg_indexes where indexname = 'cs_work_order_search_title_idx' and indexdef ilike '% using rum %') as rum`,
      )
      .then((result) => (rowsOf<{ rum: boolean }>(result)[0]?.rum ? 'rum' : 'gin'));
    return this.searchIndexKind;
  }

  /**
   * `firstIds` in the last-asked order through RUM: the first keyword's index hands its tickets over in that order
   * (the distance of last_asked_at from a time beyond every ticket's, or before), and the scan stops after
   * `wanted` of them pass the other tests - the rarer words' hundred newest tickets without reading the others.
   * PostgreSQL's estimate of that scan is no better than of a bitmap scan that reads and sorts every candidate
   * (at scale 1 a Chinese word of the replies: 38 ms against 890 ms), so bitmap scans are off for it. Ties of
   * last_asked_at come in any order from the index: the last one's are all taken, and the page's order decides.
   * `driver`: the condition the index orders by (`rareKeyword`'s), else the first keyword's triples.
   * Called by `textSearchIds` (public for its test: a small database's keywords never get this far).
   */
  async newestFirstIds(
    filter: TicketFilter,
    order: TicketOrder,
    wanted: number,
    driver?: SQL,
  ): Promise<number[]> {
    const first = driver ?? keywordColumns(filter)[0];
    const s = csWorkOrderSearch;
    const distance =
      order.type === 'desc'
        ? sql`${s.lastAskedAt} <=| '2200-01-01'::timestamptz`
        : sql`${s.lastAskedAt} |=> '1900-01-01'::timestamptz`;
    const where = and(first, this.conditions(filter, 'walk'));
    const ids = await this.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const rows = await tx
        .select({ id: s.workOrderId })
        .from(s)
        .innerJoin(csWorkOrder, eq(csWorkOrder.id, s.workOrderId))
        .where(where)
        .orderBy(distance)
        .limit(wanted);
      return rows.map((r) => r.id);
    });
    // The last one's ties may have been left out for others of the same time: all of them, so the id decides.
    const last = ids.length === wanted ? ids.at(-1) : undefined;
    const ties = last
      ? await this.db
          .select({ id: s.workOrderId })
          .from(s)
          .innerJoin(csWorkOrder, eq(csWorkOrder.id, s.workOrderId))
          .where(
            and(
              where,
              sql`${s.lastAskedAt} = (select ${s.lastAskedAt} from ${s} where ${s.workOrderId} = ${last})`,
            ),
          )
      : [];
    const all = [...new Set([...ids, ...ties.map((r) => r.id)])];
    if (all.length === 0) return [];
    return this.firstIds(inArray(csWorkOrder.id, all), order, wanted);
  }

  /** The ids of the first `wanted` tickets under `where` in the page's order. */
  private async firstIds(where: SQL | undefined, order: TicketOrder, wanted: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: csWorkOrder.id })
      .from(csWorkOrder)
      .where(where)
      .orderBy(...orderBy(order))
      .limit(wanted);
    return rows.map((r) => r.id);
  }

  /**
   * A page without text tests - the queue as agents read it all day - and its capped total, in one prepared
   * statement per shape (prepared-shape.ts): the filters set, the order and the names' language.
   */
  private async preparedPage(
    filter: TicketFilter,
    order: TicketOrder,
    lang: string,
    offset: number,
    limit: number,
  ) {
    const filters = valueFilters(filter);
    const days = daysOf(filter, order);
    const shape = `desk.page:${filters.names}:${order.key}.${order.type}:${lang}${days ? ':days' : ''}`;
    const query = preparedShape(this.db, shape, () => {
      const where = this.conditions(filter, 'triples', true);
      return this.db
        .select({
          ...this.columns(lang),
          total: cappedCountColumn(matching(this.db, csWorkOrder, where), pageTotalCap),
        })
        .from(csWorkOrder)
        .where(days ? this.dayWalks(where, order) : where)
        .orderBy(...orderBy(order))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
    });
    const rows = await query.execute({
      ...filters.values,
      limit,
      // With the day walks the page's offset is taken where the walks meet.
      ...(days ? { ...days, walk: offset + limit, walkOffset: offset, offset: 0 } : { offset }),
    });
    const counted = await totalOfPage(rows, offset, () =>
      countCapped(this.db, matching(this.db, csWorkOrder, this.conditions(filter))),
    );
    return { rows, counted };
  }

  /**
   * The page's tickets of a closed time range sorted by last asked or last updated (`daysOf`): per day of creation
   * the range touches, the first `walk` tickets of that day under `where` along its index
   * (cs_work_order_day_asked_idx / _updated_idx), the page taken where these walks meet. Each walk stops after a
   * page's worth (the range's first and last day also pass that day's tickets outside the range); one walk down
   * the whole order instead passed every ticket asked (updated) since the range's end before the first of the
   * range: 3.5 s for two months half a year back at scale 1.
   */
  private dayWalks(where: SQL | undefined, order: TicketOrder): SQL {
    const key = order.key === 'updated_at' ? csWorkOrder.updatedAt : csWorkOrder.lastAskedAt;
    const walk = this.db
      .select({ id: csWorkOrder.id, k: sql`${key}`.as('k') })
      .from(csWorkOrder)
      .where(and(sql`gp_day(${csWorkOrder.createdAt}) = day.d`, where))
      .orderBy(...orderBy(order))
      .limit(sql.placeholder('walk'));
    const by = order.type === 'asc' ? sql`asc` : sql`desc`;
    return sql`${csWorkOrder.id} = any(array(select walked.id from generate_series(${sql.placeholder('first')}::int, ${sql.placeholder('last')}::int) day(d) cross join lateral ${walk} walked order by walked.k ${by}, walked.id ${by} limit ${sql.placeholder('limit')} offset ${sql.placeholder('walkOffset')}))`;
  }

  async count(filter: TicketFilter): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(csWorkOrder).where(this.conditions(filter));
    return row?.n ?? 0;
  }

  /** One ticket as the queue shows it, or undefined. */
  async ticket(id: number, lang: string): Promise<DeskTicketRow | undefined> {
    const [row] = await this.select(lang).where(eq(csWorkOrder.id, id)).limit(1);
    return row;
  }

  /**
   * FAQ entries whose title (in `lang`, else en) contains every keyword, about the game or every game (any
   * game when none is given), those players can see now first.
   */
  async faqTitles(filter: {
    lang: string;
    keywords: readonly string[];
    gameBaseId?: number | undefined;
    now: Date;
    offset: number;
    limit: number;
  }) {
    const local = alias(csFaqI18n, 'faq_local');
    const fallback = alias(csFaqI18n, 'faq_en');
    const title = sql<string>`coalesce(${local.title}, ${fallback.title})`;
    const content = sql<string>`coalesce(${local.content}, ${fallback.content})`;
    const online = sql`(${csFaq.isOnline} and ${csFaq.onlineTime} <= ${filter.now.toISOString()}::timestamptz)`;
    const conditions: (SQL | undefined)[] = [
      sql`${title} is not null`,
      ...filter.keywords.map((k) => containsText(title, k)),
    ];
    if (filter.gameBaseId !== undefined) {
      conditions.push(or(isNull(csFaq.gameBaseId), eq(csFaq.gameBaseId, filter.gameBaseId)));
    }
    const where = and(...conditions);
    const rows = await this.db
      .select({ id: csFaq.id, title, content })
      .from(csFaq)
      .leftJoin(local, and(eq(local.faqId, csFaq.id), eq(local.lang, filter.lang)))
      .leftJoin(fallback, and(eq(fallback.faqId, csFaq.id), eq(fallback.lang, 'en')))
      .where(where)
      .orderBy(desc(online), asc(csFaq.sort), desc(csFaq.id))
      .limit(filter.limit)
      .offset(filter.offset);
    const [total] = await this.db
      .select({ n: count() })
      .from(csFaq)
      .leftJoin(local, and(eq(local.faqId, csFaq.id), eq(local.lang, filter.lang)))
      .leftJoin(fallback, and(eq(fallback.faqId, csFaq.id), eq(fallback.lang, 'en')))
      .where(where);
    return { rows, total: total?.n ?? 0 };
  }
}
