import { activityPage, type ArticleCategory, type ArticlePage } from '@gp/contracts/web';
import { api } from '../../../lib/api-client.ts';

/** One page of published activities, optionally of one category (spec 7 /activity/page). */
export function getActivityPage(
  page: number,
  pageSize: number,
  category?: ArticleCategory,
): Promise<ArticlePage> {
  return api.call(activityPage, { page_num: page, page_size: pageSize, ...(category ? { category } : {}) });
}
