/**
 * Pictures for content (covers, banners): checked by their bytes (PNG, JPEG or WebP with a readable size,
 * media/image-check.ts), stored as public media under their content hash (media.repository.ts) and served by
 * modules/media at the URL answered here. A refused file is never stored.
 */
import {
  contentImagePolicy,
  type ContentImageBlob,
  type ContentImageData,
} from '@gp/contracts/content-admin';
import { inTransaction, type Db } from '../../db/database.ts';
import { imageInfo } from '../media/image-check.ts';
import { MediaRepository } from '../media/media.repository.ts';
import { audit } from '../staff/audit.ts';
import type { AuthenticatedStaff } from '../staff/staff-auth.ts';
import { fieldError } from './content-admin-data.ts';

export class ContentImageService {
  constructor(private readonly d: { db: Db; mediaUrl: (id: string) => string }) {}

  async upload(staff: AuthenticatedStaff, file: ContentImageBlob): Promise<ContentImageData> {
    if (file.size > contentImagePolicy.maxBytes) fieldError('file', 'too_large');
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes.length > contentImagePolicy.maxBytes) fieldError('file', 'too_large');
    const info = imageInfo(bytes) ?? fieldError('file', 'type_not_allowed');
    if (info.width > contentImagePolicy.maxSide || info.height > contentImagePolicy.maxSide) {
      fieldError('file', 'too_big_dimensions');
    }
    const size = { width: info.width, height: info.height };
    const mediaId = await inTransaction(this.d.db, async (tx) => {
      const id = await new MediaRepository(tx).put(bytes, info.contentType, info.extension, size);
      await audit.record(tx, {
        actor: staff,
        action: 'content.image.upload',
        target: { type: 'media', id },
        after: { content_type: info.contentType, byte_size: bytes.length, ...size },
      });
      return id;
    });
    return {
      media_id: mediaId,
      url: this.d.mediaUrl(mediaId),
      ...size,
      content_type: info.contentType,
      byte_size: bytes.length,
    };
  }
}
