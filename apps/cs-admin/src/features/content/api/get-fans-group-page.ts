import { fansGroupAdminPage } from '@gp/contracts/content-admin';
import { api } from '../../../lib/api-client.ts';
import { type ContentFilters, pageQueryOf } from '../model/content-filters.ts';

export const getFansGroupPage = (filters: ContentFilters) =>
  api.call(fansGroupAdminPage, pageQueryOf(filters));
