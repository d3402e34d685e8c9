import { moduleAdminPage } from '@gp/contracts/content-admin';
import { api } from '../../../lib/api-client.ts';
import { type ContentFilters, pageQueryOf } from '../model/content-filters.ts';

export const getModulePage = (filters: ContentFilters) => api.call(moduleAdminPage, pageQueryOf(filters));
