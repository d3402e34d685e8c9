import { bannerAdminDelete } from '@gp/contracts/content-admin';
import { api } from '../../../lib/api-client.ts';

export const deleteBanner = (key: { id: number }) => api.call(bannerAdminDelete, key);
