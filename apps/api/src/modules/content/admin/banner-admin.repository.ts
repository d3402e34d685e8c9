/** Home banners for staff: online or not, before, during and after their time. */
import { and, eq, gt, lte, not, type SQL } from 'drizzle-orm';
import type { ContentStatus } from '@gp/contracts/content-admin';
import { banner, bannerI18n } from '../../../db/schema/content.schema.ts';
import { itemTextsOf, type OrderedItemTables } from './ordered-item-admin.repository.ts';

export type BannerRow = typeof banner.$inferSelect;
export type BannerTextRow = typeof bannerI18n.$inferSelect;
export type BannerValues = Omit<typeof banner.$inferInsert, 'id' | 'createdAt'>;

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

export const bannerTables: OrderedItemTables<'bannerId'> = {
  item: banner,
  id: banner.id,
  key: banner.slug,
  sort: banner.sort,
  texts: itemTextsOf(bannerI18n, 'bannerId', 'title'),
  inStatus,
};
