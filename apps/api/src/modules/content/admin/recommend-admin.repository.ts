/** The home page's recommended games for staff: one recommendation per game, online or not. */
import { and, asc, count, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { gameRecommendation, gameRecommendationI18n } from '../../../db/schema/content.schema.ts';
import { game, gameI18n } from '../../../db/schema/game.schema.ts';
import { containsText } from '../../../db/text-search.ts';
import { keywordMatch, languagePresence, onlineOrNot } from './content-admin.repository.ts';
import { ItemTexts, itemTextsOf, type OrderedItemPageFilter } from './ordered-item-admin.repository.ts';

export type RecommendRow = typeof gameRecommendation.$inferSelect;
export type RecommendTextRow = typeof gameRecommendationI18n.$inferSelect;

const textsTable = itemTextsOf(gameRecommendationI18n, 'gameBaseId', 'tagline');

const inStatus = onlineOrNot(gameRecommendation.isOnline);
const gameOf = eq(game.gameBaseId, gameRecommendation.gameBaseId);

export class RecommendAdminRepository {
  readonly texts: ItemTexts<RecommendTextRow, 'gameBaseId'>;

  constructor(private readonly db: Db) {
    this.texts = new ItemTexts(db, textsTable);
  }

  /** Recommendations with their game's icon and whether the game is online. */
  private withGame() {
    return this.db
      .select({
        recommendation: gameRecommendation,
        iconMediaId: game.iconMediaId,
        gameOnline: game.isOnline,
      })
      .from(gameRecommendation)
      .innerJoin(game, gameOf);
  }

  /** A page in the players' order, with the game's slug, icon and whether it is online. */
  async page(f: Omit<OrderedItemPageFilter, 'now'>) {
    // The keyword also finds the game by its name in any language.
    const byGameName = f.keyword
      ? exists(
          this.db
            .select({ one: sql`1` })
            .from(gameI18n)
            .where(
              and(
                eq(gameI18n.gameBaseId, gameRecommendation.gameBaseId),
                containsText(gameI18n.name, f.keyword),
              ),
            ),
        )
      : undefined;
    const where = and(
      f.status ? inStatus(f.status) : undefined,
      ...languagePresence(this.db, textsTable, gameRecommendation.gameBaseId, {
        has: f.hasLang,
        missing: f.missingLang,
      }),
      f.keyword
        ? or(
            keywordMatch(this.db, textsTable, gameRecommendation.gameBaseId, [game.slug], f.keyword),
            byGameName,
          )
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.withGame()
        .where(where)
        .orderBy(asc(gameRecommendation.sort), asc(gameRecommendation.gameBaseId))
        .limit(f.limit)
        .offset(f.offset),
      this.db.select({ n: count() }).from(gameRecommendation).innerJoin(game, gameOf).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async find(gameBaseId: number) {
    const [row] = await this.withGame().where(eq(gameRecommendation.gameBaseId, gameBaseId));
    return row;
  }

  /** The games' names in every language. */
  async gameNames(ids: readonly number[]) {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(gameI18n)
      .where(inArray(gameI18n.gameBaseId, [...ids]));
  }

  /** Creates the game's recommendation or replaces its fields. */
  async upsert(values: { gameBaseId: number; sort: number; isOnline: boolean; updatedAt: Date }) {
    const { gameBaseId: _key, ...rest } = values;
    const [row] = await this.db
      .insert(gameRecommendation)
      .values(values)
      .onConflictDoUpdate({ target: gameRecommendation.gameBaseId, set: rest })
      .returning();
    return row!;
  }

  async delete(gameBaseId: number): Promise<void> {
    await this.db.delete(gameRecommendation).where(eq(gameRecommendation.gameBaseId, gameBaseId));
  }
}
