/** The home page's sections for staff, online or not. */
import { and, asc, count, eq, inArray, ne, notInArray, type SQL } from 'drizzle-orm';
import type { ContentStatus } from '@gp/contracts/content-admin';
import type { Db } from '../../db/database.ts';
import { homeModule, homeModuleI18n } from '../../db/schema/content.schema.ts';
import { keywordMatch, languagePresence, nothing, type TextsTable } from './content-admin.repository.ts';

export type ModuleRow = typeof homeModule.$inferSelect;
export type ModuleTextRow = typeof homeModuleI18n.$inferSelect;
export type ModuleValues = Omit<typeof homeModule.$inferInsert, 'id'>;
export type ModuleTextValues = Omit<ModuleTextRow, 'moduleId'>;

const texts: TextsTable = {
  table: homeModuleI18n,
  owner: homeModuleI18n.moduleId,
  lang: homeModuleI18n.lang,
  searched: [homeModuleI18n.title],
};

function inStatus(status: ContentStatus): SQL {
  if (status === 'published') return eq(homeModule.isOnline, true);
  if (status === 'draft') return eq(homeModule.isOnline, false);
  return nothing;
}

export class ModuleAdminRepository {
  constructor(private readonly db: Db) {}

  async page(f: {
    status?: ContentStatus | undefined;
    hasLang?: string | undefined;
    missingLang?: string | undefined;
    keyword?: string | undefined;
    offset: number;
    limit: number;
  }): Promise<{ rows: ModuleRow[]; total: number }> {
    const where = and(
      f.status ? inStatus(f.status) : undefined,
      ...languagePresence(this.db, texts, homeModule.id, { has: f.hasLang, missing: f.missingLang }),
      keywordMatch(this.db, texts, homeModule.id, [homeModule.key], f.keyword),
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(homeModule)
        .where(where)
        .orderBy(asc(homeModule.sort), asc(homeModule.id))
        .limit(f.limit)
        .offset(f.offset),
      this.db.select({ n: count() }).from(homeModule).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async find(id: number): Promise<ModuleRow | undefined> {
    const [row] = await this.db.select().from(homeModule).where(eq(homeModule.id, id));
    return row;
  }

  async texts(ids: readonly number[]): Promise<ModuleTextRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(homeModuleI18n)
      .where(inArray(homeModuleI18n.moduleId, [...ids]));
  }

  async keyTaken(key: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: homeModule.id })
      .from(homeModule)
      .where(and(eq(homeModule.key, key), exceptId ? ne(homeModule.id, exceptId) : undefined));
    return !!row;
  }

  async insert(values: ModuleValues): Promise<ModuleRow> {
    const [row] = await this.db.insert(homeModule).values(values).returning();
    return row!;
  }

  async update(id: number, values: ModuleValues): Promise<ModuleRow | undefined> {
    const [row] = await this.db.update(homeModule).set(values).where(eq(homeModule.id, id)).returning();
    return row;
  }

  async replaceTexts(moduleId: number, list: readonly ModuleTextValues[]): Promise<void> {
    await this.db.delete(homeModuleI18n).where(
      and(
        eq(homeModuleI18n.moduleId, moduleId),
        notInArray(
          homeModuleI18n.lang,
          list.map((t) => t.lang),
        ),
      ),
    );
    for (const { lang, title } of list) {
      await this.db
        .insert(homeModuleI18n)
        .values({ moduleId, lang, title })
        .onConflictDoUpdate({ target: [homeModuleI18n.moduleId, homeModuleI18n.lang], set: { title } });
    }
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(homeModule).where(eq(homeModule.id, id));
  }
}
