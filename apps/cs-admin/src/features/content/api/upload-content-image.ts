import { contentImageUpload, type ContentImageData } from '@gp/contracts/content-admin';
import { api } from '../../../lib/api-client.ts';

export const uploadContentImage = (file: File): Promise<ContentImageData> =>
  api.call(contentImageUpload, { file });
