/**
 * Games for staff: create, edit, the online switch, delete and the icon upload, each write audited in its own
 * transaction. A game in use (tickets, orders, the top-up catalog, FAQ, question types, articles, a
 * recommendation) cannot be deleted, only taken offline; its game_id, which orders and the game servers know
 * it by, cannot change while orders or the catalog use it.
 */
import {
  editLanguages,
  gameIconPolicy,
  type EditLanguage,
  type GameAdminDetail,
  type GameAdminItem,
  type GameAdminPageData,
  type GameNames,
  type GameUsageData,
  type ImageUploadData,
} from '@gp/contracts/catalog-admin';
import type { UploadBlob } from '@gp/contracts/cs';
import { codes } from '@gp/errors';
import type { Clock } from '../../config/clock.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import { AppError, RequestValidationError } from '../../http/app-error.ts';
import { readImageUpload, storeMedia } from '../media/index.ts';
import { audit, type AuthenticatedStaff } from '../staff/index.ts';
import {
  GameAdminRepository,
  uniqueViolation,
  type GameRow,
  type GameUsage,
  type GameValues,
} from './game-admin.repository.ts';

export interface GameAdminDeps {
  db: Db;
  mediaUrl: (id: string) => string;
  now: Clock;
}

export interface GameSaveInput {
  game_base_id?: number | undefined;
  game_id: string;
  slug: string;
  url: string;
  sort: number;
  names: GameNames;
  icon_media_id?: string | null | undefined;
}

type NameMap = Partial<Record<EditLanguage, string>>;

const flag = (on: boolean) => (on ? 1 : 0) as 0 | 1;
const fieldError = (field: string, code: string) => new RequestValidationError([{ field, code }]);
const target = (id: number) => ({ type: 'game', id });

function usageData(usage: GameUsage): GameUsageData {
  return {
    tickets: usage.tickets,
    orders: usage.orders,
    catalog: usage.catalog,
    faq: usage.faq,
    question_types: usage.questionTypes,
    articles: usage.articles,
    recommendations: usage.recommendations,
  };
}
const inUse = (usage: GameUsage) => Object.values(usage).some((n) => n > 0);

function nameMap(rows: readonly { lang: string; name: string }[]): NameMap {
  const map: NameMap = {};
  for (const lang of editLanguages) {
    const row = rows.find((r) => r.lang === lang);
    if (row) map[lang] = row.name;
  }
  return map;
}

function formNames(names: GameNames): NameMap {
  const map: NameMap = {};
  for (const lang of editLanguages) if (names[lang]) map[lang] = names[lang];
  return map;
}

/** The game as the audit log keeps it. */
function snapshot(row: GameRow, names: NameMap): Record<string, unknown> {
  return {
    game_id: row.gameId,
    slug: row.slug,
    url: row.url,
    sort: row.sort,
    icon_media_id: row.iconMediaId,
    is_online: flag(row.isOnline),
    names,
  };
}

/** The fields that differ (names: only the languages that changed, null for a language without a name). */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (key !== 'names' && before[key] !== after[key]) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  const oldNames = before.names as NameMap;
  const newNames = after.names as NameMap;
  const namesWas: Record<string, string | null> = {};
  const namesNow: Record<string, string | null> = {};
  for (const lang of editLanguages) {
    if ((oldNames[lang] ?? null) !== (newNames[lang] ?? null)) {
      namesWas[lang] = oldNames[lang] ?? null;
      namesNow[lang] = newNames[lang] ?? null;
    }
  }
  if (Object.keys(namesNow).length > 0) {
    was.names = namesWas;
    now.names = namesNow;
  }
  return { before: was, after: now, changed: Object.keys(now).length > 0 };
}

export class GameAdminService {
  constructor(private readonly d: GameAdminDeps) {}

  private now(): Date {
    return this.d.now();
  }

  private item(row: GameRow, names: NameMap, lang: string): GameAdminItem {
    const en = names.en ?? row.slug; // every game has an en name; the slug only stands in for a broken row
    return {
      game_base_id: row.gameBaseId,
      game_id: row.gameId,
      slug: row.slug,
      url: row.url,
      sort: row.sort,
      is_online: flag(row.isOnline),
      game_name: names[lang as EditLanguage] ?? en,
      names: {
        en,
        th: names.th ?? null,
        cn: names.cn ?? null,
        vi: names.vi ?? null,
        zh: names.zh ?? null,
      },
      icon_media_id: row.iconMediaId,
      game_icon: row.iconMediaId ? this.d.mediaUrl(row.iconMediaId) : '',
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  private async list(
    filter: {
      keyword?: string | undefined;
      is_online?: 0 | 1 | undefined;
      page_num: number;
      page_size: number;
    },
    lang: string,
  ): Promise<GameAdminPageData> {
    const repo = new GameAdminRepository(this.d.db);
    const { rows, total } = await repo.page({
      ...(filter.keyword ? { keyword: filter.keyword } : {}),
      ...(filter.is_online !== undefined ? { isOnline: filter.is_online === 1 } : {}),
      offset: (filter.page_num - 1) * filter.page_size,
      limit: filter.page_size,
    });
    const names = await repo.names(rows.map((r) => r.gameBaseId));
    return {
      list: rows.map((r) => this.item(r, nameMap(names.filter((n) => n.gameBaseId === r.gameBaseId)), lang)),
      total,
      page_num: filter.page_num,
      page_size: filter.page_size,
    };
  }

  page(input: { page_num: number; page_size: number }, lang: string) {
    return this.list(input, lang);
  }

  search(
    input: {
      keyword?: string | undefined;
      is_online?: 0 | 1 | undefined;
      page_num: number;
      page_size: number;
    },
    lang: string,
  ) {
    return this.list(input, lang);
  }

  private async detailOf(db: Db, row: GameRow, lang: string): Promise<GameAdminDetail> {
    const repo = new GameAdminRepository(db);
    const usage = await repo.usage(row.gameBaseId);
    return {
      ...this.item(row, nameMap(await repo.names([row.gameBaseId])), lang),
      usage: usageData(usage),
      deletable: flag(!inUse(usage)),
    };
  }

  async detail(id: number, lang: string): Promise<GameAdminDetail> {
    const row = await new GameAdminRepository(this.d.db).find(id);
    if (!row) throw new AppError(codes.notFound);
    return this.detailOf(this.d.db, row, lang);
  }

  async save(staff: AuthenticatedStaff, input: GameSaveInput, lang: string): Promise<GameAdminDetail> {
    const repo = new GameAdminRepository(this.d.db);
    if (input.icon_media_id && !(await repo.mediaExists(input.icon_media_id))) {
      throw fieldError('icon_media_id', 'not_found');
    }
    const names = formNames(input.names);
    const nameRows = editLanguages.flatMap((l) => (names[l] ? [{ lang: l, name: names[l] }] : []));
    try {
      return await inTransaction(this.d.db, async (tx) => {
        const repo = new GameAdminRepository(tx);
        const now = this.now();
        const existing =
          input.game_base_id !== undefined ? await repo.lock(input.game_base_id, 'no key update') : undefined;
        if (input.game_base_id !== undefined && !existing) throw new AppError(codes.notFound);
        if (await repo.taken('gameId', input.game_id, existing?.gameBaseId))
          throw fieldError('game_id', 'taken');
        if (await repo.taken('slug', input.slug, existing?.gameBaseId)) throw fieldError('slug', 'taken');
        const values: GameValues = {
          gameId: input.game_id,
          slug: input.slug,
          url: input.url,
          sort: input.sort,
          // Left out when editing: the icon stays.
          iconMediaId:
            input.icon_media_id === undefined ? (existing?.iconMediaId ?? null) : input.icon_media_id,
        };

        if (!existing) {
          const row = await repo.insert({ ...values, isOnline: false, at: now });
          await repo.replaceNames(row.gameBaseId, nameRows);
          await audit.record(tx, {
            actor: staff,
            action: 'game.save',
            target: target(row.gameBaseId),
            after: snapshot(row, names),
          });
          return this.detailOf(tx, row, lang);
        }

        if (existing.gameId !== values.gameId) {
          const usage = await repo.usage(existing.gameBaseId);
          if (usage.orders > 0 || usage.catalog > 0) throw fieldError('game_id', 'in_use');
        }
        const before = snapshot(existing, nameMap(await repo.names([existing.gameBaseId])));
        const diff = changes(before, snapshot({ ...existing, ...values }, names));
        if (!diff.changed) return this.detailOf(tx, existing, lang);
        const row = await repo.update(existing.gameBaseId, { ...values, updatedAt: now });
        if (diff.after.names) await repo.replaceNames(row.gameBaseId, nameRows);
        await audit.record(tx, {
          actor: staff,
          action: 'game.save',
          target: target(row.gameBaseId),
          before: diff.before,
          after: diff.after,
        });
        return this.detailOf(tx, row, lang);
      });
    } catch (error) {
      // Two saves taking the same game_id or slug at once: the second hears that it is taken.
      const constraint = uniqueViolation(error);
      if (constraint === undefined) throw error;
      throw fieldError(constraint === 'game_slug_unique' ? 'slug' : 'game_id', 'taken');
    }
  }

  /** Shows or hides the game on the site; the same state again changes nothing. */
  async switchOnline(
    staff: AuthenticatedStaff,
    input: { game_base_id: number; is_online: 0 | 1 },
    lang: string,
  ): Promise<GameAdminDetail> {
    return inTransaction(this.d.db, async (tx) => {
      const repo = new GameAdminRepository(tx);
      const existing = await repo.lock(input.game_base_id, 'no key update');
      if (!existing) throw new AppError(codes.notFound);
      const on = input.is_online === 1;
      if (existing.isOnline === on) return this.detailOf(tx, existing, lang);
      const row = await repo.update(existing.gameBaseId, { isOnline: on, updatedAt: this.now() });
      await audit.record(tx, {
        actor: staff,
        action: 'game.online',
        target: target(row.gameBaseId),
        before: { is_online: flag(existing.isOnline) },
        after: { is_online: flag(row.isOnline) },
      });
      return this.detailOf(tx, row, lang);
    });
  }

  /** Deletes a game nothing uses (-40010 with what uses it otherwise). */
  async remove(staff: AuthenticatedStaff, id: number): Promise<null> {
    return inTransaction(this.d.db, async (tx) => {
      const repo = new GameAdminRepository(tx);
      const existing = await repo.lock(id, 'update');
      if (!existing) throw new AppError(codes.notFound);
      const usage = await repo.usage(id);
      if (inUse(usage)) throw new AppError(codes.staffGameInUse, { data: usageData(usage) });
      const before = snapshot(existing, nameMap(await repo.names([id])));
      await repo.delete(id);
      await audit.record(tx, { actor: staff, action: 'game.delete', target: target(id), before });
      return null;
    });
  }

  /** Checks and stores an icon as public media (see readImageUpload); the same bytes answer the same id. */
  async uploadIcon(staff: AuthenticatedStaff, file: UploadBlob): Promise<ImageUploadData> {
    const image = await readImageUpload(file, gameIconPolicy);
    const size = { width: image.width, height: image.height };
    const mediaId = await inTransaction(this.d.db, async (tx) => {
      const id = await storeMedia(tx, image.bytes, image.contentType, image.extension, size);
      await audit.record(tx, {
        actor: staff,
        action: 'game.icon.upload',
        target: { type: 'media', id },
        after: { content_type: image.contentType, byte_size: image.bytes.length, ...size },
      });
      return id;
    });
    return {
      media_id: mediaId,
      url: this.d.mediaUrl(mediaId),
      content_type: image.contentType,
      byte_size: image.bytes.length,
      ...size,
    };
  }
}
