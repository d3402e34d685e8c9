import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { memberDevice } from '../../db/schema/member.schema.ts';

export class DeviceRepository {
  constructor(private readonly db: Db) {}

  /**
   * Records that the member logged in from this browser. Answers whether it is new to the member, and whether
   * the member had any browser on record before (the first one ever is not "new": nothing to compare it with).
   * One statement each, so two logins racing from one new browser notify once.
   */
  async remember(mid: number, deviceHash: string): Promise<{ added: boolean; hadOthers: boolean }> {
    const added = await this.db
      .insert(memberDevice)
      .values({ mid, deviceHash })
      .onConflictDoNothing()
      .returning({ mid: memberDevice.mid });
    if (added.length === 0) return { added: false, hadOthers: true };
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(memberDevice)
      .where(and(eq(memberDevice.mid, mid), sql`${memberDevice.deviceHash} <> ${deviceHash}`));
    return { added: true, hadOthers: (row?.n ?? 0) > 0 };
  }
}
