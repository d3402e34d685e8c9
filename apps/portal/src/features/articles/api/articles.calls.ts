/**
 * The news and activity calls, bound once (spec 7 /news/*, /activity/*). A page is of published items,
 * optionally of one category; a detail lets a draft through with a valid `preview_token`, and answers
 * ApiError -404 for an unknown or hidden one.
 */
import { bindCalls } from '@gp/api-client';
import { activityDetail, activityPage, newsDetail, newsPage, newsTop } from '@gp/contracts/web';
import { api } from '../../../lib/api-client.ts';

export const articlesCalls = /* @__PURE__ */ bindCalls(api, {
  /** Pinned news first, then the newest. */
  newsTop,
  newsPage,
  newsDetail,
  activityPage,
  activityDetail,
});
