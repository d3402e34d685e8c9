import { bannerAdminDetail } from '@gp/contracts/content-admin';
import { api } from '../../../lib/api-client.ts';

export const getBanner = (key: { id: number }) => api.call(bannerAdminDetail, key);
