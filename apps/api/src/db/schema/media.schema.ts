import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.ts';

/**
 * Public images (game icons, banners, covers). The id is the content hash, so a URL never changes meaning and
 * can be cached forever. Private files (ticket attachments) do not live here.
 */
export const media = pgTable('media', {
  id: text('id').primaryKey(),
  contentType: text('content_type').notNull(),
  byteSize: integer('byte_size').notNull(),
  /** Intrinsic size of images, so pages reserve their space before they load. */
  width: integer('width'),
  height: integer('height'),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});
