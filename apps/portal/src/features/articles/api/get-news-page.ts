import { newsPage, type ArticleCategory, type ArticlePage } from '@gp/contracts/web';
import { api } from '../../../lib/api-client.ts';

/** One page of published news, optionally of one category (spec 7 /news/page). */
export function getNewsPage(
  page: number,
  pageSize: number,
  category?: ArticleCategory,
): Promise<ArticlePage> {
  return api.call(newsPage, { page_num: page, page_size: pageSize, ...(category ? { category } : {}) });
}
