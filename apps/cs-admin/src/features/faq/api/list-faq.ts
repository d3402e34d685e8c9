import { faqAdminPage, type FaqAdminPageData } from '@gp/contracts/catalog-admin';
import { api } from '../../../lib/api-client.ts';
import { type FaqFilters, faqPageSize } from '../model/faq-filters.ts';

export function listFaq(filters: FaqFilters): Promise<FaqAdminPageData> {
  return api.call(faqAdminPage, {
    ...(filters.game !== undefined ? { game_base_id: filters.game } : {}),
    ...(filters.type !== undefined ? { question_type: filters.type } : {}),
    ...(filters.state ? { online_state: filters.state } : {}),
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    ...(filters.language ? { language: filters.language } : {}),
    page_num: filters.page,
    page_size: faqPageSize,
  });
}
