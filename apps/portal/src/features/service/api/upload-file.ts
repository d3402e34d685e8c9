import { fileUpload } from '@gp/contracts/cs';
import { api } from '../../../lib/api-client.ts';

/** Uploads one attachment (multipart); -10003 too large, -10004 type refused, -10006 too many unsent uploads. */
export function uploadFile(file: File) {
  return api.call(fileUpload, { file });
}
