/** The portal's menu flags: the write side (modules/site reads them for players). */
import type { Db } from '../../../db/database.ts';
import { navSetting } from '../../../db/schema/site.schema.ts';

export type NavValues = Omit<typeof navSetting.$inferInsert, 'distributionRegion' | 'updatedAt'>;

export class NavAdminRepository {
  constructor(private readonly db: Db) {}

  /** Sets the region's flags, creating its row when it has none yet. */
  async upsert(region: number, values: NavValues, at: Date): Promise<void> {
    await this.db
      .insert(navSetting)
      .values({ distributionRegion: region, ...values, updatedAt: at })
      .onConflictDoUpdate({ target: navSetting.distributionRegion, set: { ...values, updatedAt: at } });
  }
}
