import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { paySetting } from '../../../db/schema/site.schema.ts';

export class PaySwitchRepository {
  constructor(private readonly db: Db) {}

  async mainSwitch(region: number): Promise<boolean | undefined> {
    const [row] = await this.db
      .select({ on: paySetting.mainSwitchOn })
      .from(paySetting)
      .where(eq(paySetting.distributionRegion, region));
    return row?.on;
  }
}
