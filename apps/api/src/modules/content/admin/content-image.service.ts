/**
 * Pictures for content (covers, banners): checked by their bytes as every staff picture upload is (PNG, JPEG or
 * WebP with a readable size, within the policy's bytes and sides: media/image-upload.ts), stored as public media
 * under their content hash (media.repository.ts) and served by modules/media at the URL answered here. A refused
 * file is never stored.
 */
import {
  contentImagePolicy,
  type ContentImageBlob,
  type ContentImageData,
} from '@gp/contracts/content-admin';
import { inTransaction, type Db } from '../../../db/database.ts';
import { readImageUpload, storeMedia } from '../../media/index.ts';
import { audit, type AuthenticatedStaff } from '../../staff/index.ts';

export class ContentImageService {
  constructor(private readonly d: { db: Db; mediaUrl: (id: string) => string }) {}

  async upload(staff: AuthenticatedStaff, file: ContentImageBlob): Promise<ContentImageData> {
    const { bytes, ...info } = await readImageUpload(file, contentImagePolicy);
    const size = { width: info.width, height: info.height };
    const mediaId = await inTransaction(this.d.db, async (tx) => {
      const id = await storeMedia(tx, bytes, info.contentType, info.extension, size);
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
