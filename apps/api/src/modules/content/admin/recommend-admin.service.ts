/**
 * The home page's recommended games for staff. The game is the key: saving a game's recommendation creates it
 * or replaces it. Players see it while it and the game are online, in `sort` order.
 */
import type {
  RecommendAdminData,
  RecommendAdminSummary,
  RecommendText,
  recommendSave,
} from '@gp/contracts/content-admin';
import { codes } from '@gp/errors';
import type { z } from 'zod';
import type { Clock } from '../../../config/clock.ts';
import { inTransaction, type Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { audit, type AuthenticatedStaff } from '../../staff/index.ts';
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
import { ContentRefsRepository } from './content-admin.repository.ts';
import {
  RecommendAdminRepository,
  type RecommendRow,
  type RecommendTextRow,
} from './recommend-admin.repository.ts';
import type { OrderedItemPageInput } from './ordered-item-admin.service.ts';

export type RecommendSaveInput = z.output<typeof recommendSave>;

export interface RecommendAdminDeps {
  db: Db;
  mediaUrl: (id: string) => string;
  now: Clock;
}

const textFields = (t: RecommendTextRow | Omit<RecommendTextRow, 'gameBaseId'>): RecommendText => ({
  tagline: t.tagline,
  description: t.description,
});

const target = (gameBaseId: number) => ({ type: 'game_recommendation', id: gameBaseId });

export class RecommendAdminService {
  constructor(private readonly d: RecommendAdminDeps) {}

  private repo(db: Db = this.d.db) {
    return new RecommendAdminRepository(db);
  }

  private icon(mediaId: string | null): string {
    return mediaId ? this.d.mediaUrl(mediaId) : '';
  }

  async page(
    input: OrderedItemPageInput,
    lang: string,
  ): Promise<{ list: RecommendAdminSummary[]; total: number; page_num: number; page_size: number }> {
    const { rows, total } = await this.repo().page({
      status: input.status,
      hasLang: input.has_lang,
      missingLang: input.missing_lang,
      keyword: input.keyword,
      offset: (input.page_num - 1) * input.page_size,
      limit: input.page_size,
    });
    const ids = rows.map((r) => r.recommendation.gameBaseId);
    const texts = byOwner(await this.repo().texts.of(ids), (t) => t.gameBaseId);
    const names = byOwner(await this.repo().gameNames(ids), (n) => n.gameBaseId);
    const list = rows.map(({ recommendation: r, iconMediaId, gameOnline }) => {
      const own = texts.get(r.gameBaseId) ?? [];
      return {
        game_base_id: r.gameBaseId,
        game_name: textIn(names.get(r.gameBaseId) ?? [], lang)?.name ?? '',
        game_icon: this.icon(iconMediaId),
        game_online: asFlag(gameOnline),
        tagline: textIn(own, lang)?.tagline ?? '',
        sort: r.sort,
        is_online: asFlag(r.isOnline),
        status: onlineStatus(r.isOnline),
        languages: languagesOf(own),
        updated_at: iso(r.updatedAt),
      };
    });
    return { list, total, page_num: input.page_num, page_size: input.page_size };
  }

  async detail(gameBaseId: number, lang: string): Promise<RecommendAdminData> {
    const found = await this.repo().find(gameBaseId);
    if (!found) throw new AppError(codes.notFound);
    const { recommendation: r } = found;
    const texts = await this.repo().texts.of([gameBaseId]);
    const names = await this.repo().gameNames([gameBaseId]);
    return {
      game_base_id: r.gameBaseId,
      game_name: textIn(names, lang)?.name ?? '',
      game_icon: this.icon(found.iconMediaId),
      game_online: asFlag(found.gameOnline),
      sort: r.sort,
      is_online: asFlag(r.isOnline),
      status: onlineStatus(r.isOnline),
      languages: languagesOf(texts),
      texts: textsOf(texts, textFields),
      updated_at: iso(r.updatedAt),
    };
  }

  private snapshot(
    row: RecommendRow,
    texts: readonly (RecommendTextRow | Omit<RecommendTextRow, 'gameBaseId'>)[],
  ) {
    return { sort: row.sort, is_online: row.isOnline, texts: textsOf(texts, textFields) };
  }

  async save(
    staff: AuthenticatedStaff,
    input: RecommendSaveInput,
    lang: string,
  ): Promise<RecommendAdminData> {
    if (!(await new ContentRefsRepository(this.d.db).gameExists(input.game_base_id))) {
      fieldError('game_base_id', 'not_found');
    }
    const texts = textEntries<RecommendText>(input.texts).map(([l, t]) => ({ lang: l, ...t }));
    await inTransaction(this.d.db, async (tx) => {
      const repo = this.repo(tx);
      const existing = await repo.find(input.game_base_id);
      const before = existing
        ? this.snapshot(existing.recommendation, await repo.texts.of([input.game_base_id]))
        : null;
      const row = await repo.upsert({
        gameBaseId: input.game_base_id,
        sort: input.sort,
        isOnline: input.is_online === 1,
        updatedAt: this.d.now(),
      });
      await repo.texts.replace(row.gameBaseId, texts);
      const diff = changes(before, this.snapshot(row, texts));
      if (diff) {
        await audit.record(tx, {
          actor: staff,
          action: 'content.recommend.save',
          target: target(row.gameBaseId),
          ...diff,
        });
      }
    });
    return this.detail(input.game_base_id, lang);
  }

  /** Takes the game off the recommendations (the game itself stays). */
  async remove(staff: AuthenticatedStaff, gameBaseId: number): Promise<null> {
    await inTransaction(this.d.db, async (tx) => {
      const repo = this.repo(tx);
      const found = await repo.find(gameBaseId);
      if (!found) throw new AppError(codes.notFound);
      const before = this.snapshot(found.recommendation, await repo.texts.of([gameBaseId]));
      await repo.delete(gameBaseId);
      await audit.record(tx, {
        actor: staff,
        action: 'content.recommend.delete',
        target: target(gameBaseId),
        before,
      });
    });
    return null;
  }
}
