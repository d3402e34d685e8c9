/**
 * Games as staff manage them (game, game_i18n), and what uses a game: the tables of tickets, top-up orders, the
 * top-up catalog, FAQ, question types and site content are read here (counts only) to decide whether it may go.
 */
import { and, asc, count, eq, exists, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { article, gameRecommendation } from '../../db/schema/content.schema.ts';
import { csFaq, csQuestionType, csWorkOrder } from '../../db/schema/cs.schema.ts';
import { game, gameI18n } from '../../db/schema/game.schema.ts';
import { media } from '../../db/schema/media.schema.ts';
import { payOrder } from '../../db/schema/pay-order.schema.ts';
import { payChannel, payCurrency, payGame, payProduct, payServer } from '../../db/schema/pay.schema.ts';
import { containsText } from '../../db/text-search.ts';

export type GameRow = typeof game.$inferSelect;

export interface GameValues {
  gameId: string;
  slug: string;
  url: string;
  sort: number;
  iconMediaId: string | null;
}

export interface GameUsage {
  tickets: number;
  orders: number;
  catalog: number;
  faq: number;
  questionTypes: number;
  articles: number;
  recommendations: number;
}

/** PostgreSQL's unique_violation, and the constraint it names (through drizzle's wrapping `cause`). */
export function uniqueViolation(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export class GameAdminRepository {
  constructor(private readonly db: Db) {}

  /** Games in display order; `keyword` inside a name (any language), the slug or the game_id. */
  async page(filter: { keyword?: string; isOnline?: boolean; offset: number; limit: number }) {
    const conditions: SQL[] = [];
    if (filter.isOnline !== undefined) conditions.push(eq(game.isOnline, filter.isOnline));
    if (filter.keyword) {
      const keyword = filter.keyword;
      const named = exists(
        this.db
          .select({ one: sql`1` })
          .from(gameI18n)
          .where(and(eq(gameI18n.gameBaseId, game.gameBaseId), containsText(gameI18n.name, keyword))),
      );
      const found = or(containsText(game.slug, keyword), containsText(game.gameId, keyword), named);
      if (found) conditions.push(found);
    }
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const rows = await this.db
      .select()
      .from(game)
      .where(where)
      .orderBy(asc(game.sort), asc(game.gameBaseId))
      .limit(filter.limit)
      .offset(filter.offset);
    const [total] = await this.db.select({ n: count() }).from(game).where(where);
    return { rows, total: total?.n ?? 0 };
  }

  async names(ids: readonly number[]) {
    if (ids.length === 0) return [];
    return this.db
      .select({ gameBaseId: gameI18n.gameBaseId, lang: gameI18n.lang, name: gameI18n.name })
      .from(gameI18n)
      .where(inArray(gameI18n.gameBaseId, [...ids]));
  }

  async find(id: number): Promise<GameRow | undefined> {
    const [row] = await this.db.select().from(game).where(eq(game.gameBaseId, id));
    return row;
  }

  /**
   * The game, locked until the transaction ends. `update` (delete) also holds off rows being added that point
   * at it (their foreign key check waits for the lock), so what `usage` counts stays true until the delete.
   */
  async lock(id: number, mode: 'update' | 'no key update'): Promise<GameRow | undefined> {
    const [row] = await this.db.select().from(game).where(eq(game.gameBaseId, id)).for(mode);
    return row;
  }

  /** Whether another game (not `exceptId`) has this game_id / slug. */
  async taken(field: 'gameId' | 'slug', value: string, exceptId?: number): Promise<boolean> {
    const column = field === 'gameId' ? game.gameId : game.slug;
    const [row] = await this.db
      .select({ id: game.gameBaseId })
      .from(game)
      .where(and(eq(column, value), exceptId !== undefined ? ne(game.gameBaseId, exceptId) : undefined));
    return row !== undefined;
  }

  async mediaExists(id: string): Promise<boolean> {
    const [row] = await this.db.select({ id: media.id }).from(media).where(eq(media.id, id));
    return row !== undefined;
  }

  async insert(values: GameValues & { isOnline: boolean; at: Date }): Promise<GameRow> {
    const [row] = await this.db
      .insert(game)
      .values({
        gameId: values.gameId,
        slug: values.slug,
        url: values.url,
        sort: values.sort,
        iconMediaId: values.iconMediaId,
        isOnline: values.isOnline,
        createdAt: values.at,
        updatedAt: values.at,
      })
      .returning();
    return row!;
  }

  async update(id: number, patch: Partial<GameValues> & { isOnline?: boolean; updatedAt: Date }) {
    const [row] = await this.db.update(game).set(patch).where(eq(game.gameBaseId, id)).returning();
    return row!;
  }

  /** Replaces the game's names (a language not given has none afterwards). */
  async replaceNames(id: number, names: { lang: string; name: string }[]): Promise<void> {
    await this.db.delete(gameI18n).where(eq(gameI18n.gameBaseId, id));
    if (names.length > 0) await this.db.insert(gameI18n).values(names.map((n) => ({ gameBaseId: id, ...n })));
  }

  /** Deletes the game and its names. */
  async delete(id: number): Promise<void> {
    await this.db.delete(game).where(eq(game.gameBaseId, id));
  }

  async usage(id: number): Promise<GameUsage> {
    const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
    const tickets = await countOf(
      this.db.select({ n: count() }).from(csWorkOrder).where(eq(csWorkOrder.gameBaseId, id)),
    );
    const orders = await countOf(
      this.db.select({ n: count() }).from(payOrder).where(eq(payOrder.gameBaseId, id)),
    );
    let catalog = 0;
    for (const table of [payGame, payServer, payCurrency, payProduct, payChannel]) {
      catalog += await countOf(this.db.select({ n: count() }).from(table).where(eq(table.gameBaseId, id)));
    }
    const faq = await countOf(this.db.select({ n: count() }).from(csFaq).where(eq(csFaq.gameBaseId, id)));
    const questionTypes = await countOf(
      this.db.select({ n: count() }).from(csQuestionType).where(eq(csQuestionType.gameBaseId, id)),
    );
    const articles = await countOf(
      this.db.select({ n: count() }).from(article).where(eq(article.gameBaseId, id)),
    );
    const recommendations = await countOf(
      this.db.select({ n: count() }).from(gameRecommendation).where(eq(gameRecommendation.gameBaseId, id)),
    );
    return { tickets, orders, catalog, faq, questionTypes, articles, recommendations };
  }
}
