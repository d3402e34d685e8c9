/**
 * Public images uploaded by staff (game icons, content pictures): the checks every such upload makes, with the
 * refusals staff calls answer for them (-400 naming the field `file`):
 * - `too_large`: more bytes than the policy allows (the declared size is checked before the bytes are read);
 * - `type_not_allowed`: the bytes are no PNG, JPEG or WebP with a readable size (image-check.ts), whatever the
 *   file's name or declared type says;
 * - `too_big_dimensions`: a side longer than the policy allows.
 * Storing is the caller's (MediaRepository.put in the transaction that also writes its audit row), so a
 * refused file is never stored.
 */
import type { UploadBlob } from '@gp/contracts/cs';
import { RequestValidationError } from '../../http/app-error.ts';
import { imageInfo, type ImageInfo } from './image-check.ts';

export interface ImagePolicy {
  /** Bytes one image may have. */
  maxBytes: number;
  /** Pixels neither side may exceed. */
  maxSide: number;
}

export interface CheckedImage extends ImageInfo {
  bytes: Uint8Array;
}

const refuse = (code: 'too_large' | 'type_not_allowed' | 'too_big_dimensions'): never => {
  throw new RequestValidationError([{ field: 'file', code }]);
};

/** The upload's bytes and what they are, or the refusal (see the file comment). */
export async function readImageUpload(file: UploadBlob, policy: ImagePolicy): Promise<CheckedImage> {
  if (file.size > policy.maxBytes) refuse('too_large');
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length > policy.maxBytes) refuse('too_large');
  const info = imageInfo(bytes) ?? refuse('type_not_allowed');
  if (info.width > policy.maxSide || info.height > policy.maxSide) refuse('too_big_dimensions');
  return { ...info, bytes };
}
