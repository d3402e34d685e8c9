/** Home banners for staff: online or not, before, during and after their time. */
import { and, asc, count, eq, gt, inArray, lte, ne, not, notInArray, type SQL } from 'drizzle-orm';
import type { ContentStatus } from '@gp/contracts/content-admin';
import type { Db } from '../../db/database.ts';
import { banner, bannerI18n } from '../../db/schema/content.schema.ts';
import { keywordMatch, languagePresence, type TextsTable } from './content-admin.repository.ts';

export type BannerRow = typeof banner.$inferSelect;
export type BannerTextRow = typeof bannerI18n.$inferSelect;
export type BannerValues = Omit<typeof banner.$inferInsert, 'id' | 'createdAt'>;
export type BannerTextValues = Omit<BannerTextRow, 'bannerId'>;

const texts: TextsTable = {
  table: bannerI18n,
  owner: bannerI18n.bannerId,
  lang: bannerI18n.lang,
  searched: [bannerI18n.title],
};

/** The status players see at `now` (the service's `bannerStatus` says the same for one row). */
function inStatus(status: ContentStatus, now: Date): SQL {
  const online = eq(banner.isOnline, true);
  switch (status) {
    case 'draft':
      return not(online);
    case 'scheduled':
      return and(online, gt(banner.startsAt, now))!;
    case 'published':
      return and(online, lte(banner.startsAt, now), gt(banner.endsAt, now))!;
    case 'ended':
      return and(online, lte(banner.endsAt, now))!;
  }
}

export class BannerAdminRepository {
  constructor(private readonly db: Db) {}

  async page(f: {
    status?: ContentStatus | undefined;
    hasLang?: string | undefined;
    missingLang?: string | undefined;
    keyword?: string | undefined;
    now: Date;
    offset: number;
    limit: number;
  }): Promise<{ rows: BannerRow[]; total: number }> {
    const where = and(
      f.status ? inStatus(f.status, f.now) : undefined,
      ...languagePresence(this.db, texts, banner.id, { has: f.hasLang, missing: f.missingLang }),
      keywordMatch(this.db, texts, banner.id, [banner.slug], f.keyword),
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(banner)
        .where(where)
        .orderBy(asc(banner.sort), asc(banner.id))
        .limit(f.limit)
        .offset(f.offset),
      this.db.select({ n: count() }).from(banner).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async find(id: number): Promise<BannerRow | undefined> {
    const [row] = await this.db.select().from(banner).where(eq(banner.id, id));
    return row;
  }

  async texts(ids: readonly number[]): Promise<BannerTextRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(bannerI18n)
      .where(inArray(bannerI18n.bannerId, [...ids]));
  }

  async slugTaken(slug: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: banner.id })
      .from(banner)
      .where(and(eq(banner.slug, slug), exceptId ? ne(banner.id, exceptId) : undefined));
    return !!row;
  }

  async insert(values: BannerValues): Promise<BannerRow> {
    const [row] = await this.db.insert(banner).values(values).returning();
    return row!;
  }

  async update(id: number, values: BannerValues): Promise<BannerRow | undefined> {
    const [row] = await this.db.update(banner).set(values).where(eq(banner.id, id)).returning();
    return row;
  }

  /** Makes the stored texts exactly these: languages left out are deleted. */
  async replaceTexts(bannerId: number, list: readonly BannerTextValues[]): Promise<void> {
    await this.db.delete(bannerI18n).where(
      and(
        eq(bannerI18n.bannerId, bannerId),
        notInArray(
          bannerI18n.lang,
          list.map((t) => t.lang),
        ),
      ),
    );
    for (const { lang, ...text } of list) {
      await this.db
        .insert(bannerI18n)
        .values({ bannerId, lang, ...text })
        .onConflictDoUpdate({ target: [bannerI18n.bannerId, bannerI18n.lang], set: text });
    }
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(banner).where(eq(banner.id, id));
  }
}
