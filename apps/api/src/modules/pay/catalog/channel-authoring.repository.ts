/**
 * The writes of payment channel authoring (channel-authoring.service.ts) and the reads only it needs: every name
 * of a channel, and whether another channel of the game already has a currency, mode and method. The channel
 * list and the row lock are CatalogRepository's (`channels`, `channelForUpdate`), shared with the players' side.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { payChannel, payChannelI18n } from '../../../db/schema/pay.schema.ts';
import type { PayChannelRow } from './catalog.repository.ts';

/** What a channel's row holds besides its game, currency, texts and timestamps. */
export interface ChannelSetup {
  payMode: number;
  paymentType: string;
  provider: string | null;
  providerMethods: Record<string, string[]>;
  minAmount: number | null;
  maxAmount: number | null;
  sort: number;
  isOpen: boolean;
}

export class ChannelAuthoringRepository {
  constructor(private readonly db: Db) {}

  /** Every name of the channels, one row per channel and language. */
  async names(ids: readonly number[]): Promise<{ payChannelId: number; lang: string; name: string }[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(payChannelI18n)
      .where(inArray(payChannelI18n.payChannelId, [...ids]));
  }

  /** Whether a channel other than `exceptId` has this game, currency, mode and method (the unique key). */
  async taken(
    key: { gameBaseId: number; currency: string; payMode: number; paymentType: string },
    exceptId?: number,
  ): Promise<boolean> {
    const rows = await this.db
      .select({ id: payChannel.id })
      .from(payChannel)
      .where(
        and(
          eq(payChannel.gameBaseId, key.gameBaseId),
          eq(payChannel.currency, key.currency),
          eq(payChannel.payMode, key.payMode),
          eq(payChannel.paymentType, key.paymentType),
          exceptId === undefined ? undefined : ne(payChannel.id, exceptId),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  async insert(
    channel: ChannelSetup & { gameBaseId: number; currency: string },
    now: Date,
  ): Promise<PayChannelRow> {
    const [row] = await this.db
      .insert(payChannel)
      .values({ ...channel, createdAt: now, updatedAt: now })
      .returning();
    return row!;
  }

  async update(id: number, setup: ChannelSetup, now: Date): Promise<void> {
    await this.db
      .update(payChannel)
      .set({ ...setup, updatedAt: now })
      .where(eq(payChannel.id, id));
  }

  /** Replaces the channel's names with these (a language left out has none). */
  async setNames(id: number, names: Readonly<Record<string, string>>): Promise<void> {
    await this.db.delete(payChannelI18n).where(eq(payChannelI18n.payChannelId, id));
    const rows = Object.entries(names).map(([lang, name]) => ({ payChannelId: id, lang, name }));
    if (rows.length > 0) await this.db.insert(payChannelI18n).values(rows);
  }
}
