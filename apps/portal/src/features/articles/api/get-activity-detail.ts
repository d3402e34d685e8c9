import { activityDetail, type ArticleDetail } from '@gp/contracts/web';
import { api } from '../../../lib/api-client.ts';

/** One activity; a preview token lets a draft through while it is valid. Unknown or hidden: ApiError -404. */
export function getActivityDetail(id: number, previewToken?: string): Promise<ArticleDetail> {
  return api.call(activityDetail, {
    activity_id: id,
    ...(previewToken ? { preview_token: previewToken } : {}),
  });
}
