/**
 * When the public answers change by themselves: the earliest publish/unpublish, banner start/end and FAQ online
 * time after `now`. Every time filter of the cached readers (content.repository, faq.repository) must be listed
 * here, or a cached answer could outlive its schedule by up to the TTL.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { article, banner } from '../../db/schema/content.schema.ts';
import { csFaq } from '../../db/schema/cs.schema.ts';

export async function nextScheduledChange(db: Db, now: Date): Promise<Date | null> {
  const at = now.toISOString();
  const result = await db.execute<{ next: string | Date | null }>(sql`
    select least(
      (select min(${article.publishAt}) from ${article} where ${article.publishAt} > ${at}),
      (select min(${article.unpublishAt}) from ${article} where ${article.unpublishAt} > ${at}),
      (select min(${banner.startsAt}) from ${banner} where ${banner.startsAt} > ${at}),
      (select min(${banner.endsAt}) from ${banner} where ${banner.endsAt} > ${at}),
      (select min(${csFaq.onlineTime}) from ${csFaq} where ${csFaq.onlineTime} > ${at})
    ) as next`);
  // node-postgres answers a Date, PGlite a Date or a string: both become one instant.
  const next = (result as unknown as { rows: { next: string | Date | null }[] }).rows[0]?.next;
  return next ? new Date(next) : null;
}
