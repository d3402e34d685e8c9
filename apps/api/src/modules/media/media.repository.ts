import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { media } from '../../db/schema/media.schema.ts';

export function mediaId(bytes: Uint8Array, extension: string): string {
  return `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${extension}`;
}

export class MediaRepository {
  constructor(private readonly db: Db) {}

  async find(id: string) {
    const [row] = await this.db.select().from(media).where(eq(media.id, id));
    return row;
  }

  /** Stores content under its hash; storing the same bytes again is a no-op. */
  async put(
    bytes: Uint8Array,
    contentType: string,
    extension: string,
    size?: { width: number; height: number },
  ): Promise<string> {
    const id = mediaId(bytes, extension);
    await this.db
      .insert(media)
      .values({ id, contentType, byteSize: bytes.byteLength, bytes, ...size })
      .onConflictDoNothing({ target: media.id });
    return id;
  }
}
