import { recommendAdminPage } from '@gp/contracts/content-admin';
import { api } from '../../../lib/api-client.ts';
import { type ContentFilters, pageQueryOf } from '../model/content-filters.ts';

export const getRecommendPage = (filters: ContentFilters) =>
  api.call(recommendAdminPage, pageQueryOf(filters));
