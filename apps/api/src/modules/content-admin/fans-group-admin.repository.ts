/** Fan groups (the fan-groups menu) for staff, online or not. */
import { and, asc, count, eq, inArray, ne, notInArray, type SQL } from 'drizzle-orm';
import type { ContentStatus } from '@gp/contracts/content-admin';
import type { Db } from '../../db/database.ts';
import { fanGroup, fanGroupI18n } from '../../db/schema/game.schema.ts';
import { keywordMatch, languagePresence, nothing, type TextsTable } from './content-admin.repository.ts';

export type FansGroupRow = typeof fanGroup.$inferSelect;
export type FansGroupTextRow = typeof fanGroupI18n.$inferSelect;
export type FansGroupValues = Omit<typeof fanGroup.$inferInsert, 'id'>;
export type FansGroupTextValues = Omit<FansGroupTextRow, 'fanGroupId'>;

const texts: TextsTable = {
  table: fanGroupI18n,
  owner: fanGroupI18n.fanGroupId,
  lang: fanGroupI18n.lang,
  searched: [fanGroupI18n.name],
};

function inStatus(status: ContentStatus): SQL {
  if (status === 'published') return eq(fanGroup.isOnline, true);
  if (status === 'draft') return eq(fanGroup.isOnline, false);
  return nothing;
}

export class FansGroupAdminRepository {
  constructor(private readonly db: Db) {}

  async page(f: {
    status?: ContentStatus | undefined;
    hasLang?: string | undefined;
    missingLang?: string | undefined;
    keyword?: string | undefined;
    offset: number;
    limit: number;
  }): Promise<{ rows: FansGroupRow[]; total: number }> {
    const where = and(
      f.status ? inStatus(f.status) : undefined,
      ...languagePresence(this.db, texts, fanGroup.id, { has: f.hasLang, missing: f.missingLang }),
      keywordMatch(this.db, texts, fanGroup.id, [fanGroup.slug], f.keyword),
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(fanGroup)
        .where(where)
        .orderBy(asc(fanGroup.sort), asc(fanGroup.id))
        .limit(f.limit)
        .offset(f.offset),
      this.db.select({ n: count() }).from(fanGroup).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async find(id: number): Promise<FansGroupRow | undefined> {
    const [row] = await this.db.select().from(fanGroup).where(eq(fanGroup.id, id));
    return row;
  }

  async texts(ids: readonly number[]): Promise<FansGroupTextRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(fanGroupI18n)
      .where(inArray(fanGroupI18n.fanGroupId, [...ids]));
  }

  async slugTaken(slug: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: fanGroup.id })
      .from(fanGroup)
      .where(and(eq(fanGroup.slug, slug), exceptId ? ne(fanGroup.id, exceptId) : undefined));
    return !!row;
  }

  async insert(values: FansGroupValues): Promise<FansGroupRow> {
    const [row] = await this.db.insert(fanGroup).values(values).returning();
    return row!;
  }

  async update(id: number, values: FansGroupValues): Promise<FansGroupRow | undefined> {
    const [row] = await this.db.update(fanGroup).set(values).where(eq(fanGroup.id, id)).returning();
    return row;
  }

  async replaceTexts(fanGroupId: number, list: readonly FansGroupTextValues[]): Promise<void> {
    await this.db.delete(fanGroupI18n).where(
      and(
        eq(fanGroupI18n.fanGroupId, fanGroupId),
        notInArray(
          fanGroupI18n.lang,
          list.map((t) => t.lang),
        ),
      ),
    );
    for (const { lang, name } of list) {
      await this.db
        .insert(fanGroupI18n)
        .values({ fanGroupId, lang, name })
        .onConflictDoUpdate({ target: [fanGroupI18n.fanGroupId, fanGroupI18n.lang], set: { name } });
    }
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(fanGroup).where(eq(fanGroup.id, id));
  }
}
