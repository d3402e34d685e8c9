import { gameIconUpload } from '@gp/contracts/catalog-admin';
import { api } from '../../../lib/api-client.ts';

export const uploadGameIcon = (file: Blob) => api.call(gameIconUpload, { file });
