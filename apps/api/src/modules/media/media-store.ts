/**
 * Public media for other modules and the seed: stored under the content hash of its bytes, served by this
 * module's route at `/upload/media/<id>` (media.routes.ts). Check uploads first (image-upload.ts).
 */
import type { Db } from '../../db/database.ts';
import { MediaRepository } from './media.repository.ts';

/** Stores bytes on `db` (a transaction's too, so the audit row of the upload joins it); the same bytes, the same id. */
export function storeMedia(
  db: Db,
  bytes: Uint8Array,
  contentType: string,
  extension: string,
  size?: { width: number; height: number },
): Promise<string> {
  return new MediaRepository(db).put(bytes, contentType, extension, size);
}
