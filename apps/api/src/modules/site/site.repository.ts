import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { fanGroup, fanGroupI18n, game, gameI18n } from '../../db/schema/game.schema.ts';
import { navSetting } from '../../db/schema/site.schema.ts';

export interface LocalizedRow {
  lang: string;
  name: string;
}

export class SiteRepository {
  constructor(private readonly db: Db) {}

  async navSetting(region: number) {
    const [row] = await this.db.select().from(navSetting).where(eq(navSetting.distributionRegion, region));
    return row;
  }

  /** Online games in display order, with their names in `langs` (the caller picks the best one). */
  async onlineGames(langs: readonly string[]) {
    const rows = await this.db
      .select({
        gameBaseId: game.gameBaseId,
        url: game.url,
        iconMediaId: game.iconMediaId,
        lang: gameI18n.lang,
        name: gameI18n.name,
      })
      .from(game)
      .innerJoin(gameI18n, and(eq(gameI18n.gameBaseId, game.gameBaseId), inArray(gameI18n.lang, [...langs])))
      .where(eq(game.isOnline, true))
      .orderBy(asc(game.sort), asc(game.gameBaseId));
    return rows;
  }

  async onlineFanGroups(langs: readonly string[]) {
    return this.db
      .select({ id: fanGroup.id, url: fanGroup.url, lang: fanGroupI18n.lang, name: fanGroupI18n.name })
      .from(fanGroup)
      .innerJoin(
        fanGroupI18n,
        and(eq(fanGroupI18n.fanGroupId, fanGroup.id), inArray(fanGroupI18n.lang, [...langs])),
      )
      .where(eq(fanGroup.isOnline, true))
      .orderBy(asc(fanGroup.sort), asc(fanGroup.id));
  }
}
