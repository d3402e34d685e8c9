/**
 * News and activities for staff: lists with every status, the editor's load and save in every language,
 * delete, and preview links. Players read the same rows through modules/content, which shows an item while it
 * is not a draft, its publish time has come and its unpublish time has not; so scheduling is only times on
 * the row, and nothing has to run at the moment an item goes up or down.
 *
 * Bodies are sanitized with the players' allow-list (rich-text.ts) before they are stored; what the editor loads
 * back is what players get.
 */
import { randomBytes } from 'node:crypto';
import { routeById, buildPath } from '@gp/config/site-map';
import type {
  ArticleAdminData,
  ArticleAdminSummary,
  ArticlePreviewData,
  ArticleText,
  ContentImage,
  ContentStatus,
  articleSave,
} from '@gp/contracts/content-admin';
import type { z } from 'zod';
import { codes } from '@gp/errors';
import type { Clock } from '../../../config/clock.ts';
import { inTransaction, type Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { createPreviewToken } from '../preview-token.ts';
import { sanitizeRichText } from '../rich-text.ts';
import { audit, type AuthenticatedStaff } from '../../staff/index.ts';
import { removeItem, saveItem } from './audited-item.ts';
import {
  ArticleAdminRepository,
  type ArticleKind,
  type ArticleRow,
  type ArticleTextRow,
  type ArticleValues,
} from './article-admin.repository.ts';
import {
  asFlag,
  byOwner,
  fieldError,
  imageLookup,
  iso,
  isoOrNull,
  languagesOf,
  requireImages,
  textEntries,
  textIn,
  textsOf,
} from './content-admin-data.ts';
import { ContentRefsRepository } from './content-admin.repository.ts';

export type ArticleSaveInput = z.output<typeof articleSave>;
export interface ArticleAdminDeps {
  db: Db;
  mediaUrl: (id: string) => string;
  previewSecret: string;
  /** Where players' browsers reach the portal (preview links). */
  portalOrigin: string;
  now: Clock;
}

/** What players get from this row at `now` (the repository's status filter says the same in SQL). */
export function articleStatus(row: Pick<ArticleRow, 'status' | 'publishAt' | 'unpublishAt'>, now: Date) {
  if (row.status === 'draft') return 'draft' as const;
  if (row.publishAt > now) return 'scheduled' as const;
  if (row.unpublishAt && row.unpublishAt <= now) return 'ended' as const;
  return 'published' as const;
}

/** The portal's preview route of each kind (spec 2 pre-detail routes), desktop and H5. */
const previewRoutes = {
  news: { desktop: 'newsPreDetail', h5: 'newsPreDetailH5' },
  activity: { desktop: 'activePreDetail', h5: 'activePreDetailH5' },
} as const;

/** Text content of sanitized HTML: a body must say something once the markup is gone. */
const hasText = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim().length > 0;

/** An article's text (stored, or about to be) without its reference to the article. */
type ArticleTextValues = Pick<ArticleTextRow, 'lang' | 'title' | 'summary' | 'bodyHtml'>;

const textFields = (t: ArticleTextValues): ArticleText => ({
  title: t.title,
  summary: t.summary,
  body_html: t.bodyHtml,
});

/** The fields of an article's list row but its title, which the editor's answer has as well. */
function listed(
  kind: ArticleKind,
  row: ArticleRow,
  texts: readonly { lang: string }[],
  image: (mediaId: string) => ContentImage,
  now: Date,
) {
  return {
    id: row.id,
    kind,
    slug: row.slug,
    category: row.category,
    game_base_id: row.gameBaseId,
    cover: image(row.coverMediaId),
    publish_at: iso(row.publishAt),
    unpublish_at: isoOrNull(row.unpublishAt),
    pinned: asFlag(row.pinned),
    status: articleStatus(row, now),
    languages: languagesOf(texts),
    updated_at: iso(row.updatedAt),
  };
}

export class ArticleAdminService {
  constructor(private readonly d: ArticleAdminDeps) {}

  private repo(kind: ArticleKind, db: Db = this.d.db) {
    return new ArticleAdminRepository(db, kind);
  }

  private refs(db: Db = this.d.db) {
    return new ContentRefsRepository(db);
  }

  private async find(kind: ArticleKind, id: number): Promise<ArticleRow> {
    const row = await this.repo(kind).find(id);
    if (!row) throw new AppError(codes.notFound);
    return row;
  }

  async page(
    kind: ArticleKind,
    input: {
      status?: ContentStatus | undefined;
      has_lang?: string | undefined;
      missing_lang?: string | undefined;
      keyword?: string | undefined;
      category?: ArticleRow['category'] | undefined;
      game_base_id?: number | undefined;
      page_num: number;
      page_size: number;
    },
    lang: string,
  ): Promise<{ list: ArticleAdminSummary[]; total: number; page_num: number; page_size: number }> {
    const now = this.d.now();
    const { rows, total } = await this.repo(kind).page({
      status: input.status,
      hasLang: input.has_lang,
      missingLang: input.missing_lang,
      keyword: input.keyword,
      category: input.category,
      gameBaseId: input.game_base_id,
      now,
      offset: (input.page_num - 1) * input.page_size,
      limit: input.page_size,
    });
    const titles = byOwner(await this.repo(kind).titles(rows.map((r) => r.id)), (t) => t.articleId);
    const image = await imageLookup(
      this.refs(),
      this.d.mediaUrl,
      rows.map((r) => r.coverMediaId),
    );
    const list = rows.map((row) => {
      const own = titles.get(row.id) ?? [];
      return { ...listed(kind, row, own, image, now), title: textIn(own, lang)?.title ?? '' };
    });
    return { list, total, page_num: input.page_num, page_size: input.page_size };
  }

  private async data(kind: ArticleKind, row: ArticleRow, texts: ArticleTextRow[]): Promise<ArticleAdminData> {
    const image = await imageLookup(this.refs(), this.d.mediaUrl, [row.coverMediaId, row.coverH5MediaId]);
    return {
      ...listed(kind, row, texts, image, this.d.now()),
      cover_h5: image(row.coverH5MediaId),
      start_time: isoOrNull(row.startsAt),
      end_time: isoOrNull(row.endsAt),
      texts: textsOf(texts, textFields),
      created_at: iso(row.createdAt),
    };
  }

  async detail(kind: ArticleKind, id: number): Promise<ArticleAdminData> {
    const row = await this.find(kind, id);
    return this.data(kind, row, await this.repo(kind).texts.of([row.id]));
  }

  /** The fields an audit row compares: the row's editable fields and the texts. */
  private snapshot(row: ArticleRow, texts: readonly ArticleTextValues[]) {
    return {
      slug: row.slug,
      category: row.category,
      game_base_id: row.gameBaseId,
      cover_media_id: row.coverMediaId,
      cover_h5_media_id: row.coverH5MediaId,
      status: row.status,
      publish_at: iso(row.publishAt),
      unpublish_at: isoOrNull(row.unpublishAt),
      pinned: row.pinned,
      start_time: isoOrNull(row.startsAt),
      end_time: isoOrNull(row.endsAt),
      texts: textsOf(texts, textFields),
    };
  }

  /** When the article goes up, by its status (see `articleSave` in the contracts). */
  private publishTimes(input: ArticleSaveInput, existing: ArticleRow | undefined, now: Date) {
    const given = input.publish_at ? new Date(input.publish_at) : undefined;
    let publishAt: Date;
    if (input.status === 'scheduled') {
      publishAt = given ?? existing?.publishAt ?? now;
      if (publishAt <= now) fieldError('publish_at', 'not_in_future');
    } else if (input.status === 'published') {
      if (given && given > now) fieldError('publish_at', 'in_future');
      // Saving a live article again keeps its publish time; publishing one that was not up yet is "now".
      const wasUp = existing && existing.status !== 'draft' && existing.publishAt <= now;
      publishAt = given ?? (wasUp ? existing.publishAt : now);
    } else {
      publishAt = given ?? existing?.publishAt ?? now;
    }
    const unpublishAt = input.unpublish_at ? new Date(input.unpublish_at) : null;
    if (unpublishAt && unpublishAt <= publishAt) fieldError('unpublish_at', 'before_publish_at');
    return { publishAt, unpublishAt };
  }

  /** The period an activity runs: both ends or none (activities: both), the end after the start. */
  private period(kind: ArticleKind, input: ArticleSaveInput) {
    const startsAt = input.start_time ? new Date(input.start_time) : null;
    const endsAt = input.end_time ? new Date(input.end_time) : null;
    if ((kind === 'activity' || endsAt) && !startsAt) fieldError('start_time', 'required');
    if ((kind === 'activity' || startsAt) && !endsAt) fieldError('end_time', 'required');
    if (startsAt && endsAt && endsAt <= startsAt) fieldError('end_time', 'before_start');
    return { startsAt, endsAt };
  }

  private cleanTexts(input: ArticleSaveInput) {
    return textEntries<ArticleText>(input.texts).map(([lang, text]) => {
      const bodyHtml = sanitizeRichText(text.body_html);
      if (!hasText(bodyHtml)) fieldError(`texts.${lang}.body_html`, 'empty');
      return { lang, title: text.title, summary: text.summary, bodyHtml };
    });
  }

  /** Creates (no id) or replaces (id) an article with its texts; audited with the fields that changed. */
  async save(
    staff: AuthenticatedStaff,
    kind: ArticleKind,
    input: ArticleSaveInput,
  ): Promise<ArticleAdminData> {
    const now = this.d.now();
    const existing = input.id ? await this.find(kind, input.id) : undefined;
    if (input.game_base_id !== null && !(await this.refs().gameExists(input.game_base_id))) {
      fieldError('game_base_id', 'not_found');
    }
    await requireImages(this.refs(), {
      cover_media_id: input.cover_media_id,
      cover_h5_media_id: input.cover_h5_media_id,
    });
    const { publishAt, unpublishAt } = this.publishTimes(input, existing, now);
    const { startsAt, endsAt } = this.period(kind, input);
    const texts = this.cleanTexts(input);
    const slug = input.slug ?? existing?.slug ?? `${kind}-${randomBytes(4).toString('hex')}`;
    if (await this.repo(kind).slugTaken(slug, existing?.id)) fieldError('slug', 'taken');
    const values: ArticleValues = {
      slug,
      category: input.category,
      gameBaseId: input.game_base_id,
      coverMediaId: input.cover_media_id,
      coverH5MediaId: input.cover_h5_media_id,
      status: input.status,
      publishAt,
      unpublishAt,
      pinned: input.pinned === 1,
      startsAt,
      endsAt,
      updatedAt: now,
    };
    const id = await saveItem(this.audited(kind), staff, existing, values, texts);
    return this.detail(kind, id);
  }

  /** Deletes the article for good; the audit row keeps all of it. */
  async remove(staff: AuthenticatedStaff, kind: ArticleKind, id: number): Promise<null> {
    return removeItem(this.audited(kind), staff, id);
  }

  /** The kind's storage and audit rows as the audited writes see them. */
  private audited(kind: ArticleKind) {
    return {
      db: this.d.db,
      store: (db: Db) => this.repo(kind, db),
      snapshot: (row: ArticleRow, texts: readonly ArticleTextValues[]) => this.snapshot(row, texts),
      audit: { save: 'content.article.save', delete: 'content.article.delete', target: kind } as const,
      keyField: 'slug',
    };
  }

  /**
   * A signed link to the portal's pre-detail route, valid for `ttlMinutes`, whatever the article's status. The
   * token is the one the public detail call checks (preview-token.ts), bound to the kind and the id.
   */
  async preview(
    staff: AuthenticatedStaff,
    kind: ArticleKind,
    id: number,
    ttlMinutes: number,
  ): Promise<ArticlePreviewData> {
    const row = await this.find(kind, id);
    const now = this.d.now();
    const ttlSeconds = ttlMinutes * 60;
    const token = createPreviewToken(this.d.previewSecret, kind, row.id, ttlSeconds, now);
    const expiresAt = new Date((Math.floor(now.getTime() / 1000) + ttlSeconds) * 1000);
    const link = (routeId: string) => {
      const url = new URL(buildPath(routeById(routeId).path, { id: String(row.id) }), this.d.portalOrigin);
      url.searchParams.set('token', token);
      return url.toString();
    };
    await inTransaction(this.d.db, (tx) =>
      audit.record(tx, {
        actor: staff,
        action: 'content.article.preview',
        target: { type: kind, id: row.id },
        after: { expires_at: iso(expiresAt) },
      }),
    );
    return {
      url: link(previewRoutes[kind].desktop),
      url_h5: link(previewRoutes[kind].h5),
      token,
      expires_at: iso(expiresAt),
    };
  }
}
