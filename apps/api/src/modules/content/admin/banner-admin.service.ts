/**
 * Home banners for staff. Players see a banner while it is online between its start and end (modules/content
 * compares the times with the clock), in `sort` order; its link leads to our own sites only.
 */
import type {
  BannerAdminData,
  BannerAdminSummary,
  BannerText,
  ContentStatus,
  bannerSave,
} from '@gp/contracts/content-admin';
import type { z } from 'zod';
import type { Clock } from '../../../config/clock.ts';
import type { Db } from '../../../db/database.ts';
import {
  bannerTables,
  type BannerRow,
  type BannerTextRow,
  type BannerValues,
} from './banner-admin.repository.ts';
import { fieldError, iso, requireImages } from './content-admin-data.ts';
import { OrderedItemAdminService, type OrderedItemKind } from './ordered-item-admin.service.ts';

export type BannerSaveInput = z.output<typeof bannerSave>;

export interface BannerAdminDeps {
  db: Db;
  mediaUrl: (id: string) => string;
  /** Our own sites' origins: where banner links may lead. */
  ownOrigins: readonly string[];
  now: Clock;
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

interface BannerTypes {
  row: BannerRow;
  values: BannerValues;
  textRow: BannerTextRow;
  ownerKey: 'bannerId';
  text: BannerText;
  save: BannerSaveInput;
  keyField: 'slug';
  summary: BannerAdminSummary;
  data: BannerAdminData;
}

const bannerKind = (ownOrigins: readonly string[]): OrderedItemKind<BannerTypes> => ({
  tables: bannerTables,
  keyField: 'slug',
  keyPrefix: () => 'banner',
  audit: { save: 'content.banner.save', delete: 'content.banner.delete', target: 'banner' },
  text: (t) => ({ title: t.title, subtitle: t.subtitle, cta: t.cta, alt: t.alt }),
  status: bannerStatus,
  pictures: (row) => [row.imageMediaId, row.imageH5MediaId],
  listed: ({ row, image }, text) => ({
    slug: row.slug,
    title: text?.title ?? '',
    link: row.link,
    image: image(row.imageMediaId),
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
  }),
  shown: ({ row, image }) => ({
    slug: row.slug,
    link: row.link,
    image: image(row.imageMediaId),
    image_h5: image(row.imageH5MediaId),
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
    created_at: iso(row.createdAt),
  }),
  audited: (row) => ({
    link: row.link,
    image_media_id: row.imageMediaId,
    image_h5_media_id: row.imageH5MediaId,
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
  }),
  async check(input, refs) {
    if (!isOwnLink(input.link, ownOrigins)) fieldError('link', 'not_our_site');
    if (new Date(input.ends_at) <= new Date(input.starts_at)) fieldError('ends_at', 'before_start');
    await requireImages(refs, {
      image_media_id: input.image_media_id,
      image_h5_media_id: input.image_h5_media_id,
    });
  },
  values: (input) => ({
    link: input.link,
    imageMediaId: input.image_media_id,
    imageH5MediaId: input.image_h5_media_id,
    startsAt: new Date(input.starts_at),
    endsAt: new Date(input.ends_at),
  }),
});

export class BannerAdminService extends OrderedItemAdminService<BannerTypes> {
  constructor(d: BannerAdminDeps) {
    super(d, bannerKind(d.ownOrigins));
  }
}
