/** The home page's recommended games for staff: one recommendation per game, online or not. */
import { and, asc, count, eq, exists, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { gameRecommendation, gameRecommendationI18n } from '../../db/schema/content.schema.ts';
import { game, gameI18n } from '../../db/schema/game.schema.ts';
import {
  keywordMatch,
  languagePresence,
  likePattern,
  nothing,
  type TextsTable,
} from './content-admin.repository.ts';
import type { ContentStatus } from '@gp/contracts/content-admin';

export type RecommendRow = typeof gameRecommendation.$inferSelect;
export type RecommendTextRow = typeof gameRecommendationI18n.$inferSelect;
export type RecommendTextValues = Omit<RecommendTextRow, 'gameBaseId'>;

const texts: TextsTable = {
  table: gameRecommendationI18n,
  owner: gameRecommendationI18n.gameBaseId,
  lang: gameRecommendationI18n.lang,
  searched: [gameRecommendationI18n.tagline],
};

function inStatus(status: ContentStatus): SQL {
  if (status === 'published') return eq(gameRecommendation.isOnline, true);
  if (status === 'draft') return eq(gameRecommendation.isOnline, false);
  return nothing;
}

export class RecommendAdminRepository {
  constructor(private readonly db: Db) {}

  /** A page in the players' order, with the game's slug, icon and whether it is online. */
  async page(f: {
    status?: ContentStatus | undefined;
    hasLang?: string | undefined;
    missingLang?: string | undefined;
    keyword?: string | undefined;
    offset: number;
    limit: number;
  }) {
    // The keyword also finds the game by its name in any language.
    const byGameName = f.keyword
      ? exists(
          this.db
            .select({ one: sql`1` })
            .from(gameI18n)
            .where(
              and(
                eq(gameI18n.gameBaseId, gameRecommendation.gameBaseId),
                ilike(gameI18n.name, likePattern(f.keyword)),
              ),
            ),
        )
      : undefined;
    const where = and(
      f.status ? inStatus(f.status) : undefined,
      ...languagePresence(this.db, texts, gameRecommendation.gameBaseId, {
        has: f.hasLang,
        missing: f.missingLang,
      }),
      f.keyword
        ? or(keywordMatch(this.db, texts, gameRecommendation.gameBaseId, [game.slug], f.keyword), byGameName)
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          recommendation: gameRecommendation,
          iconMediaId: game.iconMediaId,
          gameOnline: game.isOnline,
        })
        .from(gameRecommendation)
        .innerJoin(game, eq(game.gameBaseId, gameRecommendation.gameBaseId))
        .where(where)
        .orderBy(asc(gameRecommendation.sort), asc(gameRecommendation.gameBaseId))
        .limit(f.limit)
        .offset(f.offset),
      this.db
        .select({ n: count() })
        .from(gameRecommendation)
        .innerJoin(game, eq(game.gameBaseId, gameRecommendation.gameBaseId))
        .where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async find(gameBaseId: number) {
    const [row] = await this.db
      .select({
        recommendation: gameRecommendation,
        iconMediaId: game.iconMediaId,
        gameOnline: game.isOnline,
      })
      .from(gameRecommendation)
      .innerJoin(game, eq(game.gameBaseId, gameRecommendation.gameBaseId))
      .where(eq(gameRecommendation.gameBaseId, gameBaseId));
    return row;
  }

  async texts(ids: readonly number[]): Promise<RecommendTextRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(gameRecommendationI18n)
      .where(inArray(gameRecommendationI18n.gameBaseId, [...ids]));
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

  async replaceTexts(gameBaseId: number, list: readonly RecommendTextValues[]): Promise<void> {
    await this.db.delete(gameRecommendationI18n).where(
      and(
        eq(gameRecommendationI18n.gameBaseId, gameBaseId),
        notInArray(
          gameRecommendationI18n.lang,
          list.map((t) => t.lang),
        ),
      ),
    );
    for (const { lang, ...text } of list) {
      await this.db
        .insert(gameRecommendationI18n)
        .values({ gameBaseId, lang, ...text })
        .onConflictDoUpdate({
          target: [gameRecommendationI18n.gameBaseId, gameRecommendationI18n.lang],
          set: text,
        });
    }
  }

  async delete(gameBaseId: number): Promise<void> {
    await this.db.delete(gameRecommendation).where(eq(gameRecommendation.gameBaseId, gameBaseId));
  }
}
