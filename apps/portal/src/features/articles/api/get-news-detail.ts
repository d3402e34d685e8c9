import { newsDetail, type ArticleDetail } from '@gp/contracts/web';
import { api } from '../../../lib/api-client.ts';

/** One news item; a preview token lets a draft through while it is valid. Unknown or hidden: ApiError -404. */
export function getNewsDetail(id: number, previewToken?: string): Promise<ArticleDetail> {
  return api.call(newsDetail, { news_id: id, ...(previewToken ? { preview_token: previewToken } : {}) });
}
