/** The home page's sections for staff: what each shows, its heading per language, order and on/off. */
import { randomBytes } from 'node:crypto';
import type {
  ContentStatus,
  ModuleAdminData,
  ModuleAdminSummary,
  ModuleText,
  moduleSave,
} from '@gp/contracts/content-admin';
import { codes } from '@gp/errors';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { audit } from '../staff/audit.ts';
import { isUniqueViolation } from '../staff/staff-account.repository.ts';
import type { AuthenticatedStaff } from '../staff/staff-auth.ts';
import {
  asFlag,
  byOwner,
  changes,
  fieldError,
  iso,
  languagesOf,
  onlineStatus,
  textEntries,
  textIn,
  textsOf,
} from './content-admin-data.ts';
import {
  ModuleAdminRepository,
  type ModuleRow,
  type ModuleTextRow,
  type ModuleTextValues,
} from './module-admin.repository.ts';

export type ModuleSaveInput = z.output<typeof moduleSave>;

const textFields = (t: ModuleTextRow | ModuleTextValues): ModuleText => ({ title: t.title });

export class ModuleAdminService {
  constructor(private readonly d: { db: Db; now: () => Date }) {}

  private repo(db: Db = this.d.db) {
    return new ModuleAdminRepository(db);
  }

  private async find(id: number): Promise<ModuleRow> {
    const row = await this.repo().find(id);
    if (!row) throw new AppError(codes.notFound);
    return row;
  }

  async page(
    input: {
      status?: ContentStatus | undefined;
      has_lang?: string | undefined;
      missing_lang?: string | undefined;
      keyword?: string | undefined;
      page_num: number;
      page_size: number;
    },
    lang: string,
  ): Promise<{ list: ModuleAdminSummary[]; total: number; page_num: number; page_size: number }> {
    const { rows, total } = await this.repo().page({
      status: input.status,
      hasLang: input.has_lang,
      missingLang: input.missing_lang,
      keyword: input.keyword,
      offset: (input.page_num - 1) * input.page_size,
      limit: input.page_size,
    });
    const texts = byOwner(await this.repo().texts(rows.map((r) => r.id)), (t) => t.moduleId);
    const list = rows.map((row) => {
      const own = texts.get(row.id) ?? [];
      return {
        id: row.id,
        key: row.key,
        type: row.type,
        title: textIn(own, lang)?.title ?? '',
        sort: row.sort,
        is_online: asFlag(row.isOnline),
        status: onlineStatus(row.isOnline),
        languages: languagesOf(own),
        updated_at: iso(row.updatedAt),
      };
    });
    return { list, total, page_num: input.page_num, page_size: input.page_size };
  }

  async detail(id: number): Promise<ModuleAdminData> {
    const row = await this.find(id);
    const texts = await this.repo().texts([id]);
    return {
      id: row.id,
      key: row.key,
      type: row.type,
      sort: row.sort,
      is_online: asFlag(row.isOnline),
      status: onlineStatus(row.isOnline),
      languages: languagesOf(texts),
      texts: textsOf(texts, textFields),
      updated_at: iso(row.updatedAt),
    };
  }

  private snapshot(row: ModuleRow, texts: readonly (ModuleTextRow | ModuleTextValues)[]) {
    return {
      key: row.key,
      type: row.type,
      sort: row.sort,
      is_online: row.isOnline,
      texts: textsOf(texts, textFields),
    };
  }

  async save(staff: AuthenticatedStaff, input: ModuleSaveInput): Promise<ModuleAdminData> {
    const existing = input.id ? await this.find(input.id) : undefined;
    const key = input.key ?? existing?.key ?? `${input.type}-${randomBytes(4).toString('hex')}`;
    if (await this.repo().keyTaken(key, existing?.id)) fieldError('key', 'taken');
    const texts = textEntries<ModuleText>(input.texts).map(([lang, t]) => ({ lang, ...t }));
    const values = {
      key,
      type: input.type,
      sort: input.sort,
      isOnline: input.is_online === 1,
      updatedAt: this.d.now(),
    };
    try {
      const id = await inTransaction(this.d.db, async (tx) => {
        const repo = this.repo(tx);
        const before = existing ? this.snapshot(existing, await repo.texts([existing.id])) : null;
        const row = existing ? await repo.update(existing.id, values) : await repo.insert(values);
        if (!row) throw new AppError(codes.notFound);
        await repo.replaceTexts(row.id, texts);
        const diff = changes(before, this.snapshot(row, texts));
        if (diff) {
          await audit.record(tx, {
            actor: staff,
            action: 'content.module.save',
            target: { type: 'home_module', id: row.id },
            ...diff,
          });
        }
        return row.id;
      });
      return await this.detail(id);
    } catch (error) {
      if (isUniqueViolation(error)) fieldError('key', 'taken');
      throw error;
    }
  }

  async remove(staff: AuthenticatedStaff, id: number): Promise<null> {
    await inTransaction(this.d.db, async (tx) => {
      const repo = this.repo(tx);
      const row = await repo.find(id);
      if (!row) throw new AppError(codes.notFound);
      const before = this.snapshot(row, await repo.texts([id]));
      await repo.delete(id);
      await audit.record(tx, {
        actor: staff,
        action: 'content.module.delete',
        target: { type: 'home_module', id },
        before,
      });
    });
    return null;
  }
}
