/**
 * Home banners for staff. Players see a banner while it is online between its start and end (modules/content
 * compares the times with the clock), in `sort` order; its link leads to our own sites only.
 */
import { randomBytes } from 'node:crypto';
import type {
  BannerAdminData,
  BannerAdminSummary,
  BannerText,
  ContentStatus,
  bannerSave,
} from '@gp/contracts/content-admin';
import { codes } from '@gp/errors';
import type { z } from 'zod';
import { inTransaction, type Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { audit } from '../staff/audit.ts';
import { isUniqueViolation } from '../staff/staff-account.repository.ts';
import type { AuthenticatedStaff } from '../staff/staff-auth.ts';
import {
  BannerAdminRepository,
  type BannerRow,
  type BannerTextRow,
  type BannerTextValues,
} from './banner-admin.repository.ts';
import {
  asFlag,
  byOwner,
  changes,
  fieldError,
  imageLookup,
  iso,
  languagesOf,
  requireImages,
  textEntries,
  textIn,
  textsOf,
} from './content-admin-data.ts';
import { ContentRefsRepository } from './content-admin.repository.ts';

export type BannerSaveInput = z.output<typeof bannerSave>;

export interface BannerAdminDeps {
  db: Db;
  mediaUrl: (id: string) => string;
  /** Our own sites' origins: where banner links may lead. */
  ownOrigins: readonly string[];
  now: () => Date;
}

export function bannerStatus(
  row: Pick<BannerRow, 'isOnline' | 'startsAt' | 'endsAt'>,
  now: Date,
): ContentStatus {
  if (!row.isOnline) return 'draft';
  if (row.startsAt > now) return 'scheduled';
  if (row.endsAt <= now) return 'ended';
  return 'published';
}

/** A portal path (`/news-detail/3`, not `//host`) or an absolute http(s) URL of one of our sites. */
export function isOwnLink(link: string, ownOrigins: readonly string[]): boolean {
  if (link.startsWith('/')) return !link.startsWith('//') && !link.includes('\\');
  try {
    const url = new URL(link);
    return (url.protocol === 'https:' || url.protocol === 'http:') && ownOrigins.includes(url.origin);
  } catch {
    return false;
  }
}

const textFields = (t: BannerTextRow | BannerTextValues): BannerText => ({
  title: t.title,
  subtitle: t.subtitle,
  cta: t.cta,
  alt: t.alt,
});

export class BannerAdminService {
  constructor(private readonly d: BannerAdminDeps) {}

  private repo(db: Db = this.d.db) {
    return new BannerAdminRepository(db);
  }

  private async find(id: number): Promise<BannerRow> {
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
  ): Promise<{ list: BannerAdminSummary[]; total: number; page_num: number; page_size: number }> {
    const now = this.d.now();
    const { rows, total } = await this.repo().page({
      status: input.status,
      hasLang: input.has_lang,
      missingLang: input.missing_lang,
      keyword: input.keyword,
      now,
      offset: (input.page_num - 1) * input.page_size,
      limit: input.page_size,
    });
    const texts = byOwner(await this.repo().texts(rows.map((r) => r.id)), (t) => t.bannerId);
    const image = await imageLookup(
      new ContentRefsRepository(this.d.db),
      this.d.mediaUrl,
      rows.map((r) => r.imageMediaId),
    );
    const list = rows.map((row) => {
      const own = texts.get(row.id) ?? [];
      return {
        id: row.id,
        slug: row.slug,
        title: textIn(own, lang)?.title ?? '',
        link: row.link,
        image: image(row.imageMediaId),
        starts_at: iso(row.startsAt),
        ends_at: iso(row.endsAt),
        sort: row.sort,
        is_online: asFlag(row.isOnline),
        status: bannerStatus(row, now),
        languages: languagesOf(own),
        updated_at: iso(row.updatedAt),
      };
    });
    return { list, total, page_num: input.page_num, page_size: input.page_size };
  }

  async detail(id: number): Promise<BannerAdminData> {
    const row = await this.find(id);
    const texts = await this.repo().texts([id]);
    const image = await imageLookup(new ContentRefsRepository(this.d.db), this.d.mediaUrl, [
      row.imageMediaId,
      row.imageH5MediaId,
    ]);
    return {
      id: row.id,
      slug: row.slug,
      link: row.link,
      image: image(row.imageMediaId),
      image_h5: image(row.imageH5MediaId),
      starts_at: iso(row.startsAt),
      ends_at: iso(row.endsAt),
      sort: row.sort,
      is_online: asFlag(row.isOnline),
      status: bannerStatus(row, this.d.now()),
      languages: languagesOf(texts),
      texts: textsOf(texts, textFields),
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
    };
  }

  private snapshot(row: BannerRow, texts: readonly (BannerTextRow | BannerTextValues)[]) {
    return {
      slug: row.slug,
      link: row.link,
      image_media_id: row.imageMediaId,
      image_h5_media_id: row.imageH5MediaId,
      starts_at: iso(row.startsAt),
      ends_at: iso(row.endsAt),
      sort: row.sort,
      is_online: row.isOnline,
      texts: textsOf(texts, textFields),
    };
  }

  async save(staff: AuthenticatedStaff, input: BannerSaveInput): Promise<BannerAdminData> {
    const existing = input.id ? await this.find(input.id) : undefined;
    if (!isOwnLink(input.link, this.d.ownOrigins)) fieldError('link', 'not_our_site');
    const startsAt = new Date(input.starts_at);
    const endsAt = new Date(input.ends_at);
    if (endsAt <= startsAt) fieldError('ends_at', 'before_start');
    await requireImages(new ContentRefsRepository(this.d.db), {
      image_media_id: input.image_media_id,
      image_h5_media_id: input.image_h5_media_id,
    });
    const slug = input.slug ?? existing?.slug ?? `banner-${randomBytes(4).toString('hex')}`;
    if (await this.repo().slugTaken(slug, existing?.id)) fieldError('slug', 'taken');
    const texts = textEntries<BannerText>(input.texts).map(([lang, t]) => ({ lang, ...t }));
    const values = {
      slug,
      link: input.link,
      imageMediaId: input.image_media_id,
      imageH5MediaId: input.image_h5_media_id,
      startsAt,
      endsAt,
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
            action: 'content.banner.save',
            target: { type: 'banner', id: row.id },
            ...diff,
          });
        }
        return row.id;
      });
      return await this.detail(id);
    } catch (error) {
      if (isUniqueViolation(error)) fieldError('slug', 'taken');
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
        action: 'content.banner.delete',
        target: { type: 'banner', id },
        before,
      });
    });
    return null;
  }
}
