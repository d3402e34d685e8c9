import type { FansGroupItem, GameListItem, NavFlags } from '@gp/contracts/web';
import type { Db } from '../../db/database.ts';
import { SiteRepository } from './site.repository.ts';
import { languagesFor, pickLanguage } from './localize.ts';

const asFlag = (on: boolean) => (on ? 1 : 0) as 0 | 1;

export interface SiteOptions {
  distributionRegion: number;
  mediaUrl: (id: string) => string;
}

export class SiteService {
  constructor(
    private readonly repo: SiteRepository,
    private readonly options: SiteOptions,
  ) {}

  /**
   * Menu flags of the distribution region (the `region` parameter of calls is another notion, spec 9). A region
   * without settings shows every menu: nothing has been switched off there.
   */
  async navFlags(region = this.options.distributionRegion): Promise<NavFlags> {
    const row = await this.repo.navSetting(region);
    if (!row)
      return { is_show_cs: 1, is_show_fans_group: 1, is_show_game: 1, is_show_invest: 1, is_show_news: 1 };
    return {
      is_show_cs: asFlag(row.isShowCs),
      is_show_fans_group: asFlag(row.isShowFansGroup),
      is_show_game: asFlag(row.isShowGame),
      is_show_invest: asFlag(row.isShowInvest),
      is_show_news: asFlag(row.isShowNews),
    };
  }

  async games(lang: string): Promise<GameListItem[]> {
    const rows = await this.repo.onlineGames(languagesFor(lang));
    return pickLanguage(rows, lang, (r) => r.gameBaseId).map((r) => ({
      game_base_id: r.gameBaseId,
      url: r.url,
      game_icon: r.iconMediaId ? this.options.mediaUrl(r.iconMediaId) : '',
      game_name: r.name,
    }));
  }

  async fanGroups(lang: string): Promise<FansGroupItem[]> {
    const rows = await this.repo.onlineFanGroups(languagesFor(lang));
    return pickLanguage(rows, lang, (r) => r.id).map((r) => ({ url: r.url, group_name: r.name }));
  }
}

/** The site as players get it, read on `db` (a transaction's too): for modules that show what the portal shows. */
export function createSiteService(db: Db, options: SiteOptions): SiteService {
  return new SiteService(new SiteRepository(db), options);
}
