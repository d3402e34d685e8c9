import { newsTop, type ArticleSummary } from '@gp/contracts/web';
import { api } from '../../../lib/api-client.ts';

/** Pinned news first, then the newest (spec 7 /news/top). */
export function getNewsTop(size: number): Promise<ArticleSummary[]> {
  return api.call(newsTop, { size });
}
