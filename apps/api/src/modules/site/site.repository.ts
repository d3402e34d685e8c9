import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { gameList, onlineList, onlineListOf } from '../../db/online-list.ts';
import { fanGroup, fanGroupI18n, game, gameI18n } from '../../db/schema/game.schema.ts';
import { navSetting } from '../../db/schema/site.schema.ts';

export interface LocalizedRow {
  lang: string;
  name: string;
}

const fanGroups = onlineListOf(fanGroup, 'id', fanGroupI18n, 'fanGroupId');

export class SiteRepository {
  constructor(private readonly db: Db) {}

  async navSetting(region: number) {
    const [row] = await this.db.select().from(navSetting).where(eq(navSetting.distributionRegion, region));
    return row;
  }

  /** Online games in display order, with their names in `langs` (the caller picks the best one). */
  async onlineGames(langs: readonly string[]) {
    const { gameBaseId, url, iconMediaId } = game;
    const { lang, name } = gameI18n;
    return onlineList(this.db, gameList, langs, { gameBaseId, url, iconMediaId, lang, name });
  }

  async onlineFanGroups(langs: readonly string[]) {
    const { id, url } = fanGroup;
    const { lang, name } = fanGroupI18n;
    return onlineList(this.db, fanGroups, langs, { id, url, lang, name });
  }
}
