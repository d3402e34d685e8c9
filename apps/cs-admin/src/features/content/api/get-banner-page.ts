import { bannerAdminPage } from '@gp/contracts/content-admin';
import { api } from '../../../lib/api-client.ts';
import { type ContentFilters, pageQueryOf } from '../model/content-filters.ts';

export const getBannerPage = (filters: ContentFilters) => api.call(bannerAdminPage, pageQueryOf(filters));
