/**
 * The portal's menu flags (spec 3 "Navigation flags") of the site's distribution region, for staff. They are read
 * exactly as players get them (modules/site), so the console shows what the portal shows.
 */
import type { NavFlags } from '@gp/contracts/web';
import type { Clock } from '../../../config/clock.ts';
import { inTransaction, type Db } from '../../../db/database.ts';
import { createSiteService } from '../../site/index.ts';
import { audit, type AuthenticatedStaff } from '../../staff/index.ts';
import { changes } from './content-admin-data.ts';
import { NavAdminRepository } from './nav-admin.repository.ts';

export class NavAdminService {
  constructor(
    private readonly d: {
      db: Db;
      distributionRegion: number;
      mediaUrl: (id: string) => string;
      now: Clock;
    },
  ) {}

  private reader(db: Db = this.d.db) {
    return createSiteService(db, {
      distributionRegion: this.d.distributionRegion,
      mediaUrl: this.d.mediaUrl,
    });
  }

  detail(): Promise<NavFlags> {
    return this.reader().navFlags();
  }

  /** Sets all five flags; audited with the flags that changed (nothing changed: nothing recorded). */
  async save(staff: AuthenticatedStaff, flags: NavFlags): Promise<NavFlags> {
    await inTransaction(this.d.db, async (tx) => {
      const before = await this.reader(tx).navFlags();
      await new NavAdminRepository(tx).upsert(
        this.d.distributionRegion,
        {
          isShowCs: flags.is_show_cs === 1,
          isShowFansGroup: flags.is_show_fans_group === 1,
          isShowGame: flags.is_show_game === 1,
          isShowInvest: flags.is_show_invest === 1,
          isShowNews: flags.is_show_news === 1,
        },
        this.d.now(),
      );
      const diff = changes(before, { ...flags });
      if (diff) {
        await audit.record(tx, {
          actor: staff,
          action: 'content.nav.save',
          target: { type: 'nav_setting', id: this.d.distributionRegion },
          ...diff,
        });
      }
    });
    return this.detail();
  }
}
