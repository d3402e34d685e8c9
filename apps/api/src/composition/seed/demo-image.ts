/**
 * Stores a generated demo picture the way a staff upload is stored: what it is and its size are read from its
 * bytes by the uploads' own check (media `imageInfo`), so the demo holds nothing an operator could not upload.
 */
import type { Db } from '../../db/database.ts';
import { imageInfo, storeMedia } from '../../modules/media/index.ts';

export function storeDemoImage(db: Db, bytes: Uint8Array): Promise<string> {
  const info = imageInfo(bytes);
  if (!info) throw new Error('a generated demo picture is no PNG, JPEG or WebP the uploads would take');
  return storeMedia(db, bytes, info.contentType, info.extension, { width: info.width, height: info.height });
}
